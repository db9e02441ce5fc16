import { requerenteRoutes } from '@der/contracts';
import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { apiCall } from '../../api/apiClient.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { PdfViewer } from '../../shared/ui/PdfViewer.tsx';
import { AuthLayout } from '../auth/AuthLayout.tsx';

/** Answers that mean "no such AET" rather than a failure to ask. */
const NOT_FOUND_STATUSES = [400, 404];

function fileNameOf(url: string): string {
  const last = url.split('?')[0]?.split('/').pop() ?? '';
  return last.toLowerCase().endsWith('.pdf') ? last : 'aet.pdf';
}

/** /validarAET?uid= (spec §2.5): public check of an issued AET by the uid of its QR code. */
export function ValidarAetPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid') ?? '';
  const validation = useQuery({
    queryKey: ['aet', 'validar', uid],
    queryFn: () => apiCall(requerenteRoutes.validarAET, { query: { uid } }),
    enabled: uid !== '',
    retry: false,
  });

  const notFound =
    uid === '' ||
    (validation.data && !validation.data.valid) ||
    (validation.error instanceof ApiError && NOT_FOUND_STATUSES.includes(validation.error.status));
  const valid = validation.data?.valid === true ? validation.data : null;

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
        {valid && (
          <>
            <Alert severity="success">{t('aetValidation.valid')}</Alert>
            <PdfViewer
              file={valid.fileName}
              label={t('aetValidation.title')}
              downloadUrl={valid.fileName}
              downloadName={fileNameOf(valid.fileName)}
            />
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
