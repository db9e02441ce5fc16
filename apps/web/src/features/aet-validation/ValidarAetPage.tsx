import type { AetSituation, ValidarAetResult } from '@der/contracts';
import { Alert, type AlertColor, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { PdfViewer } from '../../shared/ui/PdfViewer.tsx';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { useValidarAet } from './useValidarAet.ts';

/** Answers that mean "no such AET" rather than a failure to ask. */
const NOT_FOUND_STATUSES = [400, 404];

function fileNameOf(url: string): string {
  const last = url.split('?')[0]?.split('/').pop() ?? '';
  return last.toLowerCase().endsWith('.pdf') ? last : 'aet.pdf';
}

/** How each situation reads: an AET that does not authorise travel is never shown in green. */
const SEVERITY: Record<AetSituation, AlertColor> = {
  vigente: 'success',
  aguardandoInicio: 'info',
  expirada: 'warning',
  suspensa: 'error',
  cancelada: 'error',
};

/** 'YYYY-MM-DD' as the platform writes dates in both languages (DD/MM/YYYY). */
function day(value: string | null | undefined): string {
  const [year, month, date] = (value ?? '').split('-');
  return year && month && date ? `${date}/${month}/${year}` : '';
}

/** The situation of a found AET: an answer without one (an older server) that says valid is vigente. */
function situationOf(result: Partial<ValidarAetResult> | undefined): AetSituation | null {
  if (!result) return null;
  return result.situation ?? (result.valid ? 'vigente' : null);
}

/** /validarAET?uid= (spec §2.5): public check of an issued AET by the uid of its QR code. */
export function ValidarAetPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid') ?? '';
  const validation = useValidarAet(uid);

  const situation = situationOf(validation.data);
  const notFound =
    uid === '' ||
    (validation.data && situation === null) ||
    (validation.error instanceof ApiError && NOT_FOUND_STATUSES.includes(validation.error.status));
  // Every issued AET shows its authentic document, valid or not: whoever checks it sees what was issued.
  const found = situation !== null && validation.data?.fileName ? validation.data : null;

  return (
    <AuthLayout title={t('aetValidation.title')} maxWidth="lg">
      <Stack spacing={2}>
        {validation.isLoading && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('aetValidation.loading')}</Typography>
          </Stack>
        )}
        {notFound ? (
          <Alert severity="error" role="alert">
            {t('aetValidation.notFound')}
          </Alert>
        ) : (
          validation.isError && (
            <Alert severity="error" role="alert">
              {getErrorMessage(validation.error)}
            </Alert>
          )
        )}
        {found && situation && (
          <>
            <Alert severity={SEVERITY[situation]} role="status">
              {t(`aetValidation.situation.${situation}`, {
                from: day(found.validFrom),
                until: day(found.validUntil),
                reason: found.reason ?? '',
              })}
            </Alert>
            {found.number && (
              <Typography>
                {t('aetValidation.details', {
                  number: found.number,
                  name: found.requerente?.name ?? '',
                  document: found.requerente?.document ?? '',
                })}
              </Typography>
            )}
            <PdfViewer
              file={found.fileName}
              label={t('aetValidation.title')}
              downloadUrl={found.fileName}
              downloadName={fileNameOf(found.fileName)}
            />
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
