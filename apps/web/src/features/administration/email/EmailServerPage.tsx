import { EMAIL_SERVER_SECURITY_MODES, type EmailServerSaveBody } from '@der/contracts';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Divider,
  FormControlLabel,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../shared/AdminPage.tsx';
import { useNotify } from '../shared/useNotify.ts';
import { useEmailServer, useSaveEmailServer, useSendTestEmail } from './emailServerQueries.ts';

/** The SMTP server (/administration/emailServer): the password is write-only; a test e-mail shows the reply. */
export function EmailServerPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = useEmailServer();
  const [draft, setDraft] = useState<EmailServerSaveBody>({
    host: '',
    port: 587,
    security: 'starttls',
    user: '',
    password: '',
    clearPassword: false,
    sender: '',
  });
  const [to, setTo] = useState('');
  useEffect(() => {
    if (!query.data) return;
    const { host, port, security, user, sender } = query.data;
    setDraft({ host, port, security, user, sender, password: '', clearPassword: false });
  }, [query.data]);
  const save = useSaveEmailServer({
    onSuccess: () => notify.success(t('admin.email.saved')),
    onError: notify.error,
  });
  const test = useSendTestEmail({ onError: notify.error });
  const set = <K extends keyof EmailServerSaveBody>(key: K, value: EmailServerSaveBody[K]) =>
    setDraft((previous) => ({ ...previous, [key]: value }));
  return (
    <AdminPage
      title={t('admin.email.title')}
      busy={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
    >
      {query.data && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t(`admin.email.source.${query.data.source}`)}
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(draft);
            }}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
          >
            <TextField
              label={t('admin.email.host')}
              required
              value={draft.host}
              onChange={(e) => set('host', e.target.value)}
            />
            <TextField
              label={t('admin.email.port')}
              type="number"
              required
              value={draft.port}
              onChange={(e) => set('port', Number(e.target.value))}
            />
            <TextField
              select
              label={t('admin.email.security')}
              value={draft.security}
              onChange={(e) => set('security', e.target.value as EmailServerSaveBody['security'])}
            >
              {EMAIL_SERVER_SECURITY_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {t(`admin.email.securityModes.${mode}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('admin.email.user')}
              value={draft.user ?? ''}
              onChange={(e) => set('user', e.target.value)}
            />
            <TextField
              label={t('admin.email.password')}
              type="password"
              autoComplete="new-password"
              value={draft.password ?? ''}
              onChange={(e) => set('password', e.target.value)}
              helperText={
                query.data.hasPassword ? t('admin.email.passwordStored') : t('admin.email.passwordNotStored')
              }
            />
            <TextField
              label={t('admin.email.sender')}
              required
              value={draft.sender}
              onChange={(e) => set('sender', e.target.value)}
            />
            {query.data.hasPassword && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(draft.clearPassword)}
                    onChange={(e) => set('clearPassword', e.target.checked)}
                  />
                }
                label={t('admin.email.clearPassword')}
              />
            )}
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {t('admin.save')}
              </Button>
            </Box>
          </Box>
          <Divider sx={{ my: 3 }} />
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              test.mutate(to);
            }}
            sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
          >
            <TextField
              label={t('admin.email.testTo')}
              type="email"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
            <Button type="submit" variant="outlined" disabled={!to || test.isPending}>
              {t('admin.email.sendTest')}
            </Button>
          </Box>
          {test.data && (
            <Alert severity={test.data.ok ? 'success' : 'error'} sx={{ mt: 2 }} data-testid="smtp-answer">
              {test.data.response}
            </Alert>
          )}
        </>
      )}
    </AdminPage>
  );
}
