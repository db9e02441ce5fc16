import { signatureRoutes } from '@der/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import type { AttachmentActionContext } from '../../../shared/ui/FormRenderer/attachments/attachmentTypes.ts';
import { FilePickButton } from './FilePickButton.tsx';
import { currentPosition, readFileBase64 } from './readFileBase64.ts';
import { useAttachmentCall, useMyCertificate } from './signatureQueries.ts';

/** 'Assinar': signs the attachment's PDF with the user's A1 (kept, or chosen here) and its password. */
export function SignAttachmentDialog({
  attachment,
  refresh,
  close,
}: AttachmentActionContext & { close: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [password, setPassword] = useState('');
  const [certificate, setCertificate] = useState<File | null>(null);
  const [keep, setKeep] = useState(true);
  const [useLocation, setUseLocation] = useState(false);
  const [missingPassword, setMissingPassword] = useState(false);
  const kept = useMyCertificate().data?.certificate ?? null;
  const call = useAttachmentCall(
    async () => {
      try {
        const position = useLocation ? await currentPosition() : null;
        return await apiCall(signatureRoutes.signFileAttachment, {
          body: {
            attachment: attachment.attachmentId,
            password,
            latitude: position?.latitude ?? null,
            longitude: position?.longitude ?? null,
            ...(certificate ? { certificate: await readFileBase64(certificate), keepCertificate: keep } : {}),
          },
        });
      } finally {
        // Typed again for every attempt: the password never outlives the call.
        setPassword('');
      }
    },
    (result) => {
      enqueueSnackbar(t('signatures.signed'), { variant: 'success' });
      if (result.protocolError) enqueueSnackbar(result.protocolError, { variant: 'warning', persist: true });
      refresh();
      close();
    },
  );
  const busy = call.busy;
  const error = missingPassword ? t('signatures.passwordRequired') : call.error;

  function submit(event: FormEvent) {
    event.preventDefault();
    setMissingPassword(!password);
    if (password) call.submit();
  }

  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('signatures.signTitle', { name: attachment.name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">
              {kept
                ? t('signatures.keptCertificate', {
                    subject: kept.subject,
                    notAfter: kept.notAfter.slice(0, 10),
                  })
                : t('signatures.noKeptCertificate')}
            </Typography>
            <FilePickButton
              label={t('signatures.chooseCertificate')}
              text={certificate ? certificate.name : t('signatures.chooseCertificate')}
              accept=".pfx,.p12,application/x-pkcs12"
              onPick={setCertificate}
            />
            {certificate && (
              <FormControlLabel
                control={<Checkbox checked={keep} onChange={(event) => setKeep(event.target.checked)} />}
                label={t('signatures.keepCertificate')}
              />
            )}
            <TextField
              label={t('signatures.password')}
              type="password"
              autoComplete="off"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(error)}
              helperText={error ?? t('signatures.passwordHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'signature-password' } }}
            />
            <FormControlLabel
              control={
                <Checkbox checked={useLocation} onChange={(event) => setUseLocation(event.target.checked)} />
              }
              label={t('signatures.useLocation')}
            />
            {attachment.stamped === false && <Alert severity="info">{t('signatures.stampFirstHint')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('signatures.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('signatures.sign')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
