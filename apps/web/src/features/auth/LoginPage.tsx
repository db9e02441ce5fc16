import { type LoginPage as LoginPagePath, PUBLIC_WEB_ROUTES } from '@der/contracts';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { Box, Divider, Grid, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { useSettings } from '../../app/SettingsContext.ts';
import { decideSessionGuard } from '../session/decideSessionGuard.ts';
import { clearStoredSession, readStoredSession } from '../session/sessionStorage.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { LoginForm } from './LoginForm.tsx';
import { DEFAULT_NEXT } from './loginFlow.ts';

export type Portal = 'general' | 'faixa' | 'aet';

interface PortalConfig {
  path: LoginPagePath;
  titleKey: 'screens.login' | 'screens.loginFaixaDeDominio' | 'screens.loginAet';
  registerPath?: string;
  accountGuide?: string;
  manual?: string;
}

/** Spec §1 / §2.2: each portal's welcome, manual, account creation and its PDF guide. */
export const PORTALS: Record<Portal, PortalConfig> = {
  general: { path: PUBLIC_WEB_ROUTES.login, titleKey: 'screens.login' },
  faixa: {
    path: PUBLIC_WEB_ROUTES.loginFaixaDeDominio,
    titleKey: 'screens.loginFaixaDeDominio',
    registerPath: PUBLIC_WEB_ROUTES.registerPermissionario,
    accountGuide: '/docs/guia-criacao-conta-faixa-de-dominio.pdf',
    manual: '/docs/manual-usuario-faixa-de-dominio.pdf',
  },
  aet: {
    path: PUBLIC_WEB_ROUTES.loginAet,
    titleKey: 'screens.loginAet',
    registerPath: PUBLIC_WEB_ROUTES.registerRequerente,
    accountGuide: '/docs/guia-criacao-conta-aet.pdf',
    manual: '/docs/manual-requerente-aet.pdf',
  },
};

/**
 * On load (spec §2.2): a stored, unexpired and complete session goes to /app; any other stored login that has
 * a token (expired, or stopped halfway through terms or two-step authentication) is removed.
 */
function useInitialSessionCheck(): 'redirect' | 'stay' {
  const [decision] = useState(() => {
    const session = readStoredSession();
    if (!session?.token) return 'stay';
    const guard = decideSessionGuard({ session, nowSeconds: Date.now() / 1000, pathname: DEFAULT_NEXT });
    return guard.kind === 'allow' ? 'redirect' : 'clear';
  });
  useEffect(() => {
    if (decision === 'clear') clearStoredSession();
  }, [decision]);
  return decision === 'redirect' ? 'redirect' : 'stay';
}

function Welcome({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const config = PORTALS[portal];
  return (
    <Stack spacing={2}>
      {settings.loginLogo && (
        <Box
          component="img"
          src={settings.loginLogo}
          alt={t('auth.login.logoAlt', { brand: settings.brand })}
          sx={{ maxHeight: 96, maxWidth: '100%', alignSelf: 'flex-start' }}
        />
      )}
      {portal === 'general' && (
        <>
          <Typography component="h1" variant="h5">
            {t('auth.welcome.general.title', { brand: settings.brand })}
          </Typography>
          <Typography>{t('auth.welcome.general.text')}</Typography>
        </>
      )}
      {portal === 'aet' && (
        <>
          <Typography component="h1" variant="h5">
            {t('auth.welcome.aet.title')}
          </Typography>
          <Typography>{t('auth.welcome.aet.text')}</Typography>
          <Typography>{t('auth.welcome.aet.createAccount')}</Typography>
          <Link href={config.manual} target="_blank" rel="noopener">
            {t('auth.welcome.aet.manual')}
          </Link>
          <Typography>{t('auth.welcome.aet.help')}</Typography>
        </>
      )}
      {portal === 'faixa' && (
        <>
          <Typography component="h1" variant="h5">
            {t('auth.welcome.faixa.title')}
          </Typography>
          <Typography>{t('auth.welcome.faixa.text')}</Typography>
          <Link href={config.manual} target="_blank" rel="noopener">
            {t('auth.welcome.faixa.manual')}
          </Link>
          <Typography>{t('auth.welcome.faixa.help')}</Typography>
        </>
      )}
    </Stack>
  );
}

/** The three login pages of spec §2.2: /, /faixaDeDominio and /aet. */
export function LoginPage({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const config = PORTALS[portal];
  const initial = useInitialSessionCheck();
  if (initial === 'redirect') return <Navigate to={DEFAULT_NEXT} replace />;

  return (
    <AuthLayout title={t(config.titleKey)} maxWidth="md" homePath={config.path} hideHeading>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Welcome portal={portal} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <Typography id="login-heading" component="h2" variant="h6">
              {t('auth.login.heading')}
            </Typography>
            <LoginForm loginPage={config.path} />
            {config.registerPath && (
              <>
                <Divider />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
                  <Link component={RouterLink} to={config.registerPath} variant="button">
                    {t('auth.login.createAccount')}
                  </Link>
                  <Tooltip title={t('auth.login.accountGuide')}>
                    <IconButton
                      component="a"
                      href={config.accountGuide}
                      target="_blank"
                      rel="noopener"
                      aria-label={t('auth.login.accountGuide')}
                      size="small"
                    >
                      <HelpOutlineIcon />
                    </IconButton>
                  </Tooltip>
                </Stack>
              </>
            )}
          </Stack>
        </Grid>
      </Grid>
    </AuthLayout>
  );
}
