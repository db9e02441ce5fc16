import { signatureRoutes } from '@der/contracts';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { FilePickButton } from '../../runtime/signatures/FilePickButton.tsx';
import { readFileBase64 } from '../../runtime/signatures/readFileBase64.ts';

const KEY = ['admin', 'departmentCertificate'];

/**
 * The department's A1 (ICP-Brasil), which signs the documents the workflow issues (the AET PDF, …): its
 * subject and validity, replaced by uploading another with its password, or removed.
 */
export function DepartmentCertificateSection() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = useQuery({
    queryKey: KEY,
    queryFn: () => apiCall(signatureRoutes.loadDepartmentCertificate, {}),
  });
  const save = useMutation({
    mutationFn: async () =>
      apiCall(signatureRoutes.saveDepartmentCertificate, {
        body: { certificate: await readFileBase64(file as File), password },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(KEY, data);
      setFile(null);
      setError(null);
      enqueueSnackbar(t('signatures.departmentSaved'), { variant: 'success' });
    },
    onError: (failure) => setError(getErrorMessage(failure)),
    onSettled: () => setPassword(''),
  });
  const remove = useMutation({
    mutationFn: () => apiCall(signatureRoutes.removeDepartmentCertificate, { body: {} }),
    onSuccess: (data) => queryClient.setQueryData(KEY, data),
  });
  const certificate = current.data?.certificate ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || !password) {
      setError(t('signatures.departmentMissingFields'));
      return;
    }
    save.mutate();
  }

  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate>
      {certificate ? (
        <Typography variant="body2">
          {t('signatures.departmentCurrent', {
            subject: certificate.subject,
            issuer: certificate.issuer,
            notBefore: certificate.notBefore.slice(0, 10),
            notAfter: certificate.notAfter.slice(0, 10),
          })}
        </Typography>
      ) : (
        <Alert severity="info">{t('signatures.departmentNone')}</Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <FilePickButton
          label={t('signatures.chooseCertificate')}
          text={file ? file.name : t('signatures.chooseCertificate')}
          accept=".pfx,.p12,application/x-pkcs12"
          onPick={setFile}
        />
        <TextField
          label={t('signatures.password')}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          size="small"
        />
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {certificate ? t('signatures.departmentReplace') : t('signatures.departmentSet')}
        </Button>
        {certificate && (
          <Button color="error" onClick={() => remove.mutate()} disabled={remove.isPending}>
            {t('signatures.departmentRemove')}
          </Button>
        )}
      </Stack>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
