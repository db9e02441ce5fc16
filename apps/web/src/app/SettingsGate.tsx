import { type PlatformSettings, platformRoutes } from '@der/contracts';
import { Box, Button, CircularProgress, CssBaseline, Typography } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../api/apiClient.ts';
import { createAppTheme } from './createAppTheme.ts';
import { SettingsContext } from './SettingsContext.ts';
import { usePlatformSettings } from './usePlatformSettings.ts';

export type LoadSettings = () => Promise<PlatformSettings>;

const loadSettingsFromApi: LoadSettings = () => apiCall(platformRoutes.getPlatformSettings);

/** Used only until the settings arrive (spinner, error screen). */
const FALLBACK_THEME_INPUT = {
  palette: 'blue',
  mode: 'light',
  settings: {
    font: 'Roboto',
    primaryColor: { light: '#5E92F3', main: '#1565C0', dark: '#003C8F' },
    secondaryColor: { light: '#FF7961', main: '#D32F2F', dark: '#9A0007' },
  },
} as const;

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}

/** Fetches the platform settings at start-up: a spinner until they arrive, an error screen with retry if not. */
export function SettingsGate({
  children,
  loadSettings = loadSettingsFromApi,
}: {
  children: ReactNode;
  loadSettings?: LoadSettings;
}) {
  const { t } = useTranslation();
  const query = usePlatformSettings(loadSettings);
  // The whole app renders once the settings arrive. Deferred, React renders it in slices it can interrupt
  // (the spinner stays until it is done) instead of one long task that holds a phone's main thread.
  const settings = useDeferredValue(query.data);
  const fallbackTheme = useMemo(() => createAppTheme(FALLBACK_THEME_INPUT), []);

  if (settings) return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>;

  return (
    <ThemeProvider theme={fallbackTheme}>
      <CssBaseline />
      {query.isError ? (
        <Box
          component="main"
          sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', textAlign: 'center', p: 3 }}
        >
          <Box>
            <Typography component="h1" variant="h5" gutterBottom>
              {t('settings.loadErrorTitle')}
            </Typography>
            <Typography sx={{ mb: 3 }}>{t('settings.loadErrorMessage')}</Typography>
            <Button variant="contained" onClick={() => query.refetch()} disabled={query.isFetching}>
              {t('settings.retry')}
            </Button>
          </Box>
        </Box>
      ) : (
        <LoadingScreen />
      )}
    </ThemeProvider>
  );
}
