import { PUBLIC_WEB_ROUTES, usersRoutes } from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../api/ApiError.ts';
import { apiCall } from '../../api/apiClient.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { applyServerFieldErrors } from '../accounts/applyServerFieldErrors.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { PasswordFields } from './PasswordFields.tsx';
import { RESET_REDIRECT_MS } from './ResetPasswordPage.tsx';

const required = z.string().min(1, { error: 'required' });
/** The messages are validation keys; the server checks the same and the configured password policy. */
const NewPasswordFormSchema = z
  .object({ newPassword: required, passwordConfirm: required })
  .refine((form) => form.newPassword === form.passwordConfirm, {
    error: 'passwordsDontMatch',
    path: ['passwordConfirm'],
  });
type NewPasswordForm = z.infer<typeof NewPasswordFormSchema>;
const FIELDS = ['newPassword', 'passwordConfirm'] as const;

/**
 * /newPassword?token=… (the e-mailed link of 'Esqueci a senha', spec §2.6): the link is checked before the
 * user types; the new password ends every session, signs nobody in, and the page returns to the login.
 */
export function NewPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  return (
    <AuthLayout title={t('auth.newPassword.title')}>
      <Stack spacing={2}>
        {token ? (
          <CheckedLink token={token} />
        ) : (
          <>
            <Alert severity="error" role="alert">
              {t('auth.newPassword.incomplete')}
            </Alert>
            <RequestNewLink />
          </>
        )}
        <Link component={RouterLink} to="/">
          {t('auth.newPassword.back')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}

function RequestNewLink() {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to={PUBLIC_WEB_ROUTES.resetPassword}>
      {t('auth.newPassword.requestNew')}
    </Link>
  );
}

/** The form once the server said the link still works; its message when it does not. */
function CheckedLink({ token }: { token: string }) {
  const { t } = useTranslation();
  const lookup = useQuery({
    queryKey: ['users', 'passwordResetToken', token],
    queryFn: () =>
      apiCall(usersRoutes.checkPasswordResetToken, { body: { token }, redirectOnUnauthorized: false }),
    retry: false,
    gcTime: 0,
  });

  if (lookup.isPending)
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('auth.newPassword.loading')}</Typography>
      </Stack>
    );
  if (lookup.isError)
    return (
      <>
        <Alert severity="error" role="alert">
          {getErrorMessage(lookup.error)}
        </Alert>
        <RequestNewLink />
      </>
    );
  return <NewPasswordFormFields token={token} login={lookup.data.login} />;
}

function NewPasswordFormFields({ token, login }: { token: string; login: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<{ text: string; linkInvalid: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', passwordConfirm: '' },
  });
  const submitting = form.formState.isSubmitting;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await apiCall(usersRoutes.setPasswordWithToken, {
        body: { token, newPassword: values.newPassword, passwordConfirm: values.passwordConfirm },
        redirectOnUnauthorized: false,
      });
      setDone(true);
    } catch (caught) {
      applyServerFieldErrors(caught, form.setError, FIELDS);
      // The link may have expired, or been replaced by a newer one, while the page was open.
      const linkInvalid = caught instanceof ApiError && caught.code === 'AUTH_RESET_LINK_INVALID';
      setError({ text: getErrorMessage(caught), linkInvalid });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Typography>{t('auth.newPassword.intro')}</Typography>
        {done && (
          <Alert severity="success" role="status">
            {t('auth.newPassword.success')}
          </Alert>
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error.text}
          </Alert>
        )}
        {error?.linkInvalid && <RequestNewLink />}
        {/* Read-only, for the person to see which account this is and for password managers to save it. */}
        <TextField
          name="login"
          label={t('auth.newPassword.login')}
          value={login}
          autoComplete="username"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <PasswordFields
          control={form.control}
          names={FIELDS}
          labelPrefix="auth.newPassword"
          disabled={submitting || done}
          autoFocusFirst
        />
        <Button
          type="submit"
          variant="contained"
          disabled={submitting || done}
          startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('auth.newPassword.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
