import { localize } from '@der/contracts';
import {
  Alert,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { FilePickButton } from '../runtime/signatures/FilePickButton.tsx';
import { useValidarDocumento } from './useValidarDocumento.ts';

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * /validarDocumento?uid= (beside /validarAET): public check of a stamped or signed document by the uid of its
 * QR code — its current SHA-256, the signatures with personal data masked, and whether a file the visitor
 * holds is this document (its SHA-256 is computed here; the file is not sent).
 */
export function ValidarDocumentoPage() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid') ?? '';
  const [sha256, setSha256] = useState<string | null>(null);
  const check = useValidarDocumento(uid, sha256);
  const result = check.data;
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

  return (
    <AuthLayout title={t('signatures.validationTitle')} maxWidth="md">
      <Stack spacing={2}>
        {check.isLoading && <CircularProgress size={24} aria-label={t('signatures.loading')} />}
        {check.isError && (
          <Alert severity="error" role="alert">
            {getErrorMessage(check.error)}
          </Alert>
        )}
        {(uid.length < 8 || (result && !result.valid)) && (
          <Alert severity="error" role="alert">
            {t('signatures.notAuthentic')}
          </Alert>
        )}
        {result?.valid && (
          <>
            <Alert severity="success">{t('signatures.authentic', { name: result.fileName })}</Alert>
            {result.process && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body1">
                  {t('signatures.processOf', {
                    label: localize(result.process.label, i18n.language),
                    number: result.process.formattedId,
                  })}
                </Typography>
                {result.process.statusName && (
                  <Chip
                    size="small"
                    label={t('signatures.processStatus', {
                      status: localize(result.process.statusName, i18n.language),
                    })}
                    sx={{ borderLeft: `4px solid ${result.process.statusColor ?? 'transparent'}` }}
                  />
                )}
              </Stack>
            )}
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {t('signatures.sha256')}: {result.sha256}
            </Typography>
            {result.stampedAt && (
              <Typography variant="body2">
                {t('signatures.stampedAt', { at: dateTime(result.stampedAt) })}
              </Typography>
            )}
            <Typography component="h2" variant="h6">
              {t('signatures.signaturesHeading', { count: result.signatures.length })}
            </Typography>
            <List dense>
              {result.signatures.map((signature) => (
                <ListItem key={`${signature.certificateSerial}-${signature.signedAt}`}>
                  <ListItemText
                    primary={`${signature.signerName}${signature.cpfMasked ? ` — CPF ${signature.cpfMasked}` : ''}`}
                    secondary={`${dateTime(signature.signedAt)} — ${t('signatures.serial')} ${signature.certificateSerial}`}
                  />
                </ListItem>
              ))}
            </List>
            <FilePickButton
              label={t('signatures.compareFile')}
              text={t('signatures.compareFile')}
              accept="application/pdf"
              onPick={async (file) => {
                if (file) setSha256(await sha256Hex(file));
              }}
            />
            {result.matches === true && <Alert severity="success">{t('signatures.fileMatches')}</Alert>}
            {result.matches === false && (
              <Alert severity="error" role="alert">
                {t('signatures.fileDiffers')}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
