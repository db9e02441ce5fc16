import type { Application } from '@der/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  Container,
  Grid,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { mainContentProps } from '../../shared/ui/SkipLink.tsx';
import { clearStoredSession, readStoredSession } from '../session/sessionStorage.ts';
import { visuallyHidden } from '../shell/MenuLinkItem.tsx';
import { TopBar } from '../shell/TopBar.tsx';
import { AppIcon } from './AppIcon.tsx';
import { findSingleApplication, runtimePath } from './decideChooserRedirect.ts';
import { openApplication } from './openApplication.ts';
import { useAllowedApplications } from './useAllowedApplications.ts';

function ApplicationCard({ application }: { application: Application }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const external = application.urlBehavior && Boolean(application.urlLink);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        onClick={() => openApplication(application, navigate)}
        sx={{ height: '100%', p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        data-testid={`app-card-${application.id}`}
      >
        <AppIcon
          iconName={application.iconName}
          imageContent={application.imageContent}
          size={56}
          color="primary"
          name={application.name}
        />
        <CardContent sx={{ p: 0, textAlign: 'center' }}>
          <Typography component="h2" variant="subtitle1">
            {application.name}
            {external && (
              <>
                <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }} aria-hidden />
                <Box component="span" sx={visuallyHidden}>
                  {t('shell.opensInNewTab')}
                </Box>
              </>
            )}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * The application chooser of /app (spec §2.8). A user without hasPanelAdminPermission whose only application
 * is not a toolbar shortcut goes straight to it; a failure to list ends the session and returns to the login.
 */
export function AppsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useAllowedApplications();
  usePageTitle(t('screens.apps'));

  const failure = query.isError ? query.error : null;
  const next = location.pathname + location.search;
  useEffect(() => {
    if (!failure) return;
    enqueueSnackbar(getErrorMessage(failure), { variant: 'error' });
    const loginPage = readStoredSession()?.loginPage || '/';
    clearStoredSession();
    navigate(`${loginPage}?next=${encodeURIComponent(next)}`, { replace: true });
  }, [failure, enqueueSnackbar, navigate, next]);

  const applications = query.data ?? [];
  const single = query.data
    ? findSingleApplication(applications, readStoredSession()?.hasPanelAdminPermission ?? false)
    : null;
  if (single && !single.urlBehavior) return <Navigate to={runtimePath(single)} replace />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <TopBar title={t('screens.apps')} alwaysShowTitle />
      <Box component="main" {...mainContentProps} sx={{ flex: 1, py: 4, outline: 'none' }}>
        <Container maxWidth="lg">
          <Typography component="h1" variant="h5" gutterBottom>
            {t('apps.heading')}
          </Typography>
          {query.isPending ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label={t('app.loading')} />
            </Box>
          ) : applications.length === 0 ? (
            <Typography color="text.secondary">{t('apps.empty')}</Typography>
          ) : (
            <Grid
              container
              spacing={2}
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
              aria-label={t('apps.heading')}
            >
              {applications.map((application) => (
                <Grid key={application.id} size={{ xs: 6, sm: 4, md: 3, lg: 2 }} component="li">
                  <ApplicationCard application={application} />
                </Grid>
              ))}
            </Grid>
          )}
        </Container>
      </Box>
    </Box>
  );
}
