import { MFA_CODE_LENGTH, usersRoutes } from '@der/contracts';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { apiCall } from '../../api/apiClient.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { clearStoredSession, readStoredSession, writeStoredSession } from '../session/sessionStorage.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { decodeLoginResult, resolveNext, sessionFromLoginResult, toLoginPage } from './loginFlow.ts';
import { useMfaData } from './mfaQueries.ts';
import { requestLogout } from './useLogout.ts';

type MfaMode = 'enable' | 'validate';

/** The code form of both two-step pages (spec §2.7): exactly 6 characters; Cancel logs out. */
function MfaCodeForm({ mode }: { mode: MfaMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = resolveNext(searchParams.get('next'));
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const codeError = touched && code.length !== MFA_CODE_LENGTH ? t('validation.mfaCodeLength') : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (code.length !== MFA_CODE_LENGTH) return;
    const stored = readStoredSession();
    setSubmitting(true);
    setFailure(null);
    try {
      const route = mode === 'enable' ? usersRoutes.registerUserMFA : usersRoutes.validateMFA;
      const answer = await apiCall(route, {
        body: { logonresult: stored?.token ?? '', userCode: code },
        redirectOnUnauthorized: false,
      });
      const result = decodeLoginResult(answer);
      if (!result.success) {
        setFailure(result.message || getErrorMessage(undefined));
        setSubmitting(false);
        return;
      }
      const loginPage = toLoginPage(stored?.loginPage ?? '/');
      writeStoredSession({
        ...sessionFromLoginResult(result, loginPage, stored),
        userMFAEnabled: true,
        mfaAuthenticated: true,
      });
      navigate(next, { replace: true });
    } catch (error) {
      setFailure(getErrorMessage(error));
      setSubmitting(false);
    }
  }

  async function cancel() {
    await requestLogout();
    clearStoredSession();
    navigate(`/?next=${encodeURIComponent(next)}`, { replace: true });
  }

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          name="userCode"
          label={t('auth.mfa.code')}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, MFA_CODE_LENGTH))}
          onBlur={() => setTouched(true)}
          required
          autoFocus
          autoComplete="one-time-code"
          disabled={submitting}
          error={Boolean(codeError)}
          helperText={codeError || ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: MFA_CODE_LENGTH, pattern: '[0-9]*' } }}
        />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={cancel} disabled={submitting}>
            {t('auth.mfa.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t('auth.mfa.send')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** /enableMFA (spec §2.7): install an authenticator, scan the QR (or type the code), enter a first code. */
export function EnableMfaPage() {
  const { t } = useTranslation();
  const mfaData = useMfaData();

  return (
    <AuthLayout title={t('auth.mfa.enableTitle')}>
      <Stack spacing={2}>
        <Box component="ol" sx={{ pl: 3, m: 0, '& li': { mb: 1.5 } }}>
          <li>
            <Typography>{t('auth.mfa.step1')}</Typography>
          </li>
          <li>
            <Typography>{t('auth.mfa.step2')}</Typography>
            {mfaData.isPending && <CircularProgress size={24} aria-label={t('app.loading')} />}
            {mfaData.isError && <Alert severity="error">{getErrorMessage(mfaData.error)}</Alert>}
            {mfaData.data && (
              <Stack spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
                <Box
                  component="img"
                  src={mfaData.data.qrcode}
                  alt={t('auth.mfa.qrAlt')}
                  sx={{ width: 200, height: 200, bgcolor: 'common.white', p: 1 }}
                />
                <Typography
                  component="code"
                  data-testid="mfa-text-code"
                  sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: '1.1rem' }}
                >
                  {mfaData.data.code}
                </Typography>
              </Stack>
            )}
          </li>
          <li>
            <Typography>{t('auth.mfa.step3')}</Typography>
          </li>
        </Box>
        <MfaCodeForm mode="enable" />
      </Stack>
    </AuthLayout>
  );
}

/** /validateMFA (spec §2.7): the 6-digit code from the authenticator. */
export function ValidateMfaPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.mfa.validateTitle')}>
      <Stack spacing={2}>
        <Typography>{t('auth.mfa.validateText')}</Typography>
        <MfaCodeForm mode="validate" />
      </Stack>
    </AuthLayout>
  );
}
