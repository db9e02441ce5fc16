import { CacheProvider, type EmotionCache } from '@emotion/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, MemoryRouter } from 'react-router';
import { SkipLink } from '../shared/ui/SkipLink.tsx';
import { UiStateProvider } from '../shared/ui-state/UiStateProvider.tsx';
import type { UiStateStore } from '../shared/ui-state/uiStateStore.ts';
import { SNACKBAR_COMPONENTS } from './AccessibleSnackbarContent.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { AppThemeProvider } from './AppThemeProvider.tsx';
import { createQueryClient } from './createQueryClient.ts';
import { type LoadSettings, SettingsGate } from './SettingsGate.tsx';

/** Spec §8 / §9: notifications top right, hidden after 6000 ms. */
export const NOTIFICATION_AUTO_HIDE_MS = 6000;

export interface AppProvidersProps {
  emotionCache: EmotionCache;
  i18n: I18n;
  queryClient?: QueryClient;
  uiStateStore?: UiStateStore;
  loadSettings?: LoadSettings;
  /** Tests: an in-memory router starting at these entries instead of the browser's history. */
  initialEntries?: string[];
  /** Tests: replaces the route table. */
  children?: ReactNode;
}

export function AppProviders(props: AppProvidersProps) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const content = props.children ?? <AppRoutes />;
  return (
    <CacheProvider value={props.emotionCache}>
      <I18nextProvider i18n={props.i18n}>
        <QueryClientProvider client={queryClient}>
          <UiStateProvider store={props.uiStateStore}>
            <SettingsGate loadSettings={props.loadSettings}>
              <AppThemeProvider>
                {/* First in the Tab order of every page, public and signed-in. */}
                <SkipLink />
                <SnackbarProvider
                  anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
                  autoHideDuration={NOTIFICATION_AUTO_HIDE_MS}
                  maxSnack={4}
                  Components={SNACKBAR_COMPONENTS}
                >
                  {props.initialEntries ? (
                    <MemoryRouter initialEntries={props.initialEntries}>{content}</MemoryRouter>
                  ) : (
                    <BrowserRouter>{content}</BrowserRouter>
                  )}
                </SnackbarProvider>
              </AppThemeProvider>
            </SettingsGate>
          </UiStateProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </CacheProvider>
  );
}
