import { PUBLIC_WEB_ROUTES } from '@der/contracts';
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { type NewPasswordForm, NewPasswordFormSchema } from '../../shared/forms/passwordChangeForms.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { usePasswordResetToken, useSetPasswordWithToken } from './newPasswordQueries.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { RESET_REDIRECT_MS } from './ResetPasswordPage.tsx';
import { usePasswordForm } from './usePasswordForm.ts';

/** The link expired, or was replaced by a newer one, while the page was open. */
const LINK_INVALID = 'AUTH_RESET_LINK_INVALID';
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
  const lookup = usePasswordResetToken(token);

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
  const [done, setDone] = useState(false);
  const change = useSetPasswordWithToken(token);
  const { form, failure, submit } = usePasswordForm<NewPasswordForm>({
    schema: NewPasswordFormSchema,
    defaults: { newPassword: '', passwordConfirm: '' },
    send: change.mutateAsync,
    onDone: () => setDone(true),
    fields: FIELDS,
  });
  const submitting = form.formState.isSubmitting;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Typography>{t('auth.newPassword.intro')}</Typography>
        {done && (
          <Alert severity="success" role="status">
            {t('auth.newPassword.success')}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure.message}
          </Alert>
        )}
        {failure?.code === LINK_INVALID && <RequestNewLink />}
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
