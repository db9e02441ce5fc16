import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { useUiState } from '../shared/ui-state/UiStateProvider.tsx';
import { resolveAppearance } from '../shared/ui-state/uiStateStore.ts';
import { createAppTheme } from './createAppTheme.ts';
import { useSettings } from './SettingsContext.ts';

/** The look of spec §9: the person's palette and mode, else the settings' theme; font from the settings. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const [uiState] = useUiState();
  const { palette, mode } = resolveAppearance(uiState, settings);
  const theme = useMemo(() => createAppTheme({ palette, mode, settings }), [palette, mode, settings]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
