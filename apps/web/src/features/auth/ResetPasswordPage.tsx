import { usersRoutes } from '@der/contracts';
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { apiCall } from '../../api/apiClient.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** Spec §9: back to the login 3000 ms after the reset link was sent (and after a new password was saved). */
export const RESET_REDIRECT_MS = 3000;

/** /reset-password (spec §2.6): asks for an e-mailed link to /newPassword; nothing changes until it is used. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [login, setLogin] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sent = result?.ok === true;

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  const loginError = touched && !login.trim() ? t('validation.required') : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!login.trim()) return;
    setSubmitting(true);
    setResult(null);
    try {
      const text = await apiCall(usersRoutes.resetPassword, {
        body: { UserName: login.trim() },
        redirectOnUnauthorized: false,
      });
      setResult({ ok: true, text: `${t('auth.reset.mailSent')}: ${text}` });
    } catch (error) {
      setResult({ ok: false, text: getErrorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title={t('auth.reset.title')}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <Typography>{t('auth.reset.intro')}</Typography>
          {result && (
            <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
              {result.text}
            </Alert>
          )}
          <TextField
            name="login"
            label={t('auth.reset.login')}
            value={login}
            onChange={(event) => setLogin(event.target.value)}
            onBlur={() => setTouched(true)}
            autoComplete="username"
            required
            fullWidth
            autoFocus
            disabled={submitting || sent}
            error={Boolean(loginError)}
            helperText={loginError}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={submitting || sent}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t('auth.reset.submit')}
          </Button>
          <Link component={RouterLink} to="/">
            {t('auth.reset.back')}
          </Link>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
