import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { FilePickButton } from '../../runtime/signatures/FilePickButton.tsx';
import {
  useDepartmentCertificate,
  useRemoveDepartmentCertificate,
  useSaveDepartmentCertificate,
} from './settingsQueries.ts';

/**
 * The department's A1 (ICP-Brasil), which signs the documents the workflow issues (the AET PDF, …): its
 * subject and validity, replaced by uploading another with its password, or removed.
 */
export function DepartmentCertificateSection() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = useDepartmentCertificate();
  const save = useSaveDepartmentCertificate({
    onSuccess: () => {
      setFile(null);
      setError(null);
      enqueueSnackbar(t('signatures.departmentSaved'), { variant: 'success' });
    },
    onError: (failure) => setError(getErrorMessage(failure)),
    onSettled: () => setPassword(''),
  });
  const remove = useRemoveDepartmentCertificate();
  const certificate = current.data?.certificate ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || !password) {
      setError(t('signatures.departmentMissingFields'));
      return;
    }
    save.mutate({ file, password });
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
