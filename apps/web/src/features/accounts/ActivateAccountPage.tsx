import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { type AccountKind, useAccountByToken, useActivateAccount } from './activationQueries.ts';

const ACCOUNT_KINDS = {
  permissionario: {
    loginPath: '/faixaDeDominio',
    titleKey: 'accounts.activate.titlePermissionario',
  },
  requerente: { loginPath: '/aet', titleKey: 'accounts.activate.titleRequerente' },
} as const;

/** /activate and /activateRequerente (spec §2.4): the account found by the e-mailed token, then activation. */
export function ActivateAccountPage({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const config = ACCOUNT_KINDS[kind];
  const [activationError, setActivationError] = useState<string | null>(null);
  const lookup = useAccountByToken(kind, token);
  const activation = useActivateAccount(kind, token);
  const submitting = activation.isPending;
  const activated = activation.isSuccess;

  function activate() {
    setActivationError(null);
    activation.mutate(undefined, { onError: (error) => setActivationError(getErrorMessage(error)) });
  }

  const account = lookup.data !== undefined && lookup.data !== 1 ? lookup.data : null;

  return (
    <AuthLayout title={t(config.titleKey)} homePath={config.loginPath}>
      <Stack spacing={2}>
        {token === '' && (
          <Alert severity="error" role="alert">
            {t('accounts.activate.incompleteLink')}
          </Alert>
        )}
        {token !== '' && lookup.isPending && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('accounts.activate.loading')}</Typography>
          </Stack>
        )}
        {lookup.isError && (
          <Alert severity="error" role="alert">
            {getErrorMessage(lookup.error)}
          </Alert>
        )}
        {lookup.data === 1 && (
          <Alert severity="warning" role="alert">
            {t('accounts.activate.alreadyActive')}
          </Alert>
        )}
        {account && (
          <>
            <Typography>{t('accounts.activate.intro')}</Typography>
            <Stack component="dl" spacing={1} sx={{ m: 0, '& dt': { fontWeight: 500 }, '& dd': { m: 0 } }}>
              <dt>{t('accounts.activate.name')}</dt>
              <dd data-testid="account-name">{account.name}</dd>
              <dt>{t('accounts.activate.email')}</dt>
              <dd data-testid="account-email">{account.email}</dd>
            </Stack>
            {activationError && (
              <Alert severity="error" role="alert">
                {activationError}
              </Alert>
            )}
            <Button
              variant="contained"
              size="large"
              onClick={activate}
              disabled={submitting || activated}
              startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {t('accounts.activate.submit')}
            </Button>
          </>
        )}
        <Link component={RouterLink} to="/">
          {t('accounts.activate.haveAccount')}
        </Link>
      </Stack>
      <Dialog open={activated} aria-labelledby="activation-success-title">
        <DialogTitle id="activation-success-title">{t('accounts.activate.success')}</DialogTitle>
        <DialogActions>
          <Button variant="contained" onClick={() => navigate(config.loginPath)} autoFocus>
            {t('accounts.activate.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </AuthLayout>
  );
}
