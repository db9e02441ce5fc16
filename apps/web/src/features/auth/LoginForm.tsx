import { FAIL_REASON, type LoginPage, type LoginResult, usersRoutes } from '@der/contracts';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  Link,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type ReCAPTCHA from 'react-google-recaptcha';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { apiCall } from '../../api/apiClient.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { useSettings } from '../../app/SettingsContext.ts';
import { clearStoredSession, writeStoredSession } from '../session/sessionStorage.ts';
import { ChangeExpiredPasswordDialog } from './ChangeExpiredPasswordDialog.tsx';
import { LoginCaptcha } from './LoginCaptcha.tsx';
import {
  decodeLoginResult,
  needsTermsOfUse,
  resolveNext,
  routeAfterLogin,
  sessionFromLoginResult,
} from './loginFlow.ts';
import { TermsOfUseDialog } from './TermsOfUseDialog.tsx';
import { requestLogout } from './useLogout.ts';

type Notice = { severity: 'success' | 'error' | 'info'; text: string };
type ExpiredStep = 'confirm' | 'change' | null;

/** The login form shared by the three portals (spec §2.2). */
export function LoginForm({ loginPage }: { loginPage: LoginPage }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = resolveNext(searchParams.get('next'));
  const initialMessage = searchParams.get('message');

  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ login: false, password: false });
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(
    initialMessage ? { severity: 'success', text: initialMessage } : null,
  );
  const [recaptchaToken, setRecaptchaToken] = useState<string | null>(null);
  const [captchaRequiredByServer, setCaptchaRequiredByServer] = useState(false);
  const [lockedSeconds, setLockedSeconds] = useState(0);
  const [termsFor, setTermsFor] = useState<LoginResult | null>(null);
  const [expiredStep, setExpiredStep] = useState<ExpiredStep>(null);
  const captchaRef = useRef<ReCAPTCHA>(null);

  const showCaptcha =
    Boolean(settings.recaptchaSiteKey) && (settings.enableRecaptcha || captchaRequiredByServer);
  const locked = lockedSeconds > 0;
  const submitDisabled = submitting || locked || (showCaptcha && !recaptchaToken);

  // Lockout (failure reason 4): the wait counts down and the button stays disabled meanwhile.
  // One tick per second: the effect runs again for every new value, until zero.
  useEffect(() => {
    if (lockedSeconds <= 0) return;
    const timer = setTimeout(() => setLockedSeconds((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => clearTimeout(timer);
  }, [lockedSeconds]);

  const loginError = touched.login && !login.trim() ? t('validation.required') : undefined;
  const passwordError = touched.password && !password ? t('validation.required') : undefined;

  function goOn(result: Pick<LoginResult, 'platformMFAEnabled' | 'userMFAEnabled' | 'mfaAuthenticated'>) {
    navigate(routeAfterLogin(result, next), { replace: true });
  }

  function resetCaptcha() {
    captchaRef.current?.reset();
    setRecaptchaToken(null);
  }

  function handleFailure(result: LoginResult) {
    if (result.captchaRequired) setCaptchaRequiredByServer(true);
    if (result.failReason === FAIL_REASON.PASSWORD_EXPIRED) {
      setNotice(null);
      setExpiredStep('confirm');
      return;
    }
    setNotice({ severity: 'error', text: result.message || getErrorMessage(undefined) });
    if (result.failReason === FAIL_REASON.ACCOUNT_LOCKED && result.retryAfterSeconds) {
      setLockedSeconds(result.retryAfterSeconds);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ login: true, password: true });
    if (!login.trim() || !password || submitDisabled) return;
    setSubmitting(true);
    setNotice(null);
    // A new attempt starts from no session (spec §4: "previous login cleared").
    clearStoredSession();
    try {
      const answer = await apiCall(usersRoutes.authenticate, {
        body: { UserName: login.trim(), Password: password, recaptchaToken, forceRecaptcha: true },
        redirectOnUnauthorized: false,
      });
      const result = decodeLoginResult(answer);
      if (result.success && result.token) {
        writeStoredSession(sessionFromLoginResult(result, loginPage));
        if (needsTermsOfUse(settings.requireTermsOfUse, result)) {
          setTermsFor(result);
          setSubmitting(false);
          return;
        }
        goOn(result);
        return;
      }
      handleFailure(result);
    } catch (error) {
      setNotice({ severity: 'error', text: getErrorMessage(error) });
    }
    // A captcha token is good for one attempt only.
    if (showCaptcha) resetCaptcha();
    setSubmitting(false);
  }

  async function declineTerms() {
    setTermsFor(null);
    await requestLogout();
    clearStoredSession();
    setPassword('');
    setNotice({ severity: 'error', text: t('auth.terms.mandatory') });
  }

  function acceptedTerms() {
    const result = termsFor;
    setTermsFor(null);
    if (result) goOn(result);
  }

  function passwordChanged() {
    setExpiredStep(null);
    setPassword('');
    setTouched({ login: false, password: false });
    setNotice({ severity: 'success', text: t('auth.expired.success') });
  }

  const passwordToggleLabel = showPassword ? t('auth.login.hidePassword') : t('auth.login.showPassword');

  // The dialogs stay outside the form: React events bubble through portals, and the change-password dialog
  // has a form of its own.
  return (
    <>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="login-heading">
        <Stack spacing={2}>
          {notice && (
            <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
              {notice.text}
            </Alert>
          )}
          {locked && (
            <Alert severity="warning" role="status">
              {t('auth.login.lockedWait', { seconds: lockedSeconds })}
            </Alert>
          )}
          {/* Helper texts always hold a line: an error appearing on blur must not move the links below, or the
              click that caused the blur would land on nothing. */}
          <TextField
            name="login"
            label={t('auth.login.login')}
            value={login}
            onChange={(event) => setLogin(event.target.value)}
            onBlur={() => setTouched((value) => ({ ...value, login: true }))}
            autoComplete="username"
            required
            fullWidth
            autoFocus
            disabled={submitting}
            error={Boolean(loginError)}
            helperText={loginError || ' '}
          />
          <TextField
            name="password"
            label={t('auth.login.password')}
            type={showPassword ? 'text' : 'password'}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onBlur={() => setTouched((value) => ({ ...value, password: true }))}
            autoComplete="current-password"
            required
            fullWidth
            disabled={submitting}
            error={Boolean(passwordError)}
            helperText={passwordError || ' '}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={passwordToggleLabel}
                      aria-pressed={showPassword}
                      onClick={() => setShowPassword((value) => !value)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          {showCaptcha && (
            <LoginCaptcha
              siteKey={settings.recaptchaSiteKey}
              language={i18n.language}
              label={t('auth.login.captcha')}
              captchaRef={captchaRef}
              onToken={setRecaptchaToken}
            />
          )}
          <Box sx={{ textAlign: 'right' }}>
            <Link component={RouterLink} to="/reset-password">
              {t('auth.login.forgotPassword')}
            </Link>
          </Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={submitDisabled}
            startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </Box>

      {termsFor && (
        <TermsOfUseDialog
          open
          userId={termsFor.loggedUser?.id ?? 0}
          onAccepted={acceptedTerms}
          onDeclined={declineTerms}
        />
      )}

      <Dialog
        open={expiredStep === 'confirm'}
        aria-labelledby="password-expired-title"
        onClose={() => setExpiredStep(null)}
      >
        <DialogTitle id="password-expired-title">{t('auth.expired.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('auth.expired.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setExpiredStep(null)}>{t('auth.expired.no')}</Button>
          <Button variant="contained" onClick={() => setExpiredStep('change')} autoFocus>
            {t('auth.expired.yes')}
          </Button>
        </DialogActions>
      </Dialog>
      {expiredStep === 'change' && (
        <ChangeExpiredPasswordDialog
          open
          initialLogin={login.trim()}
          onClose={() => setExpiredStep(null)}
          onChanged={passwordChanged}
        />
      )}
    </>
  );
}
