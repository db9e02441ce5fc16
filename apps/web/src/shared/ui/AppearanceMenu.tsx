import { PALETTE_NAMES, type PaletteName } from '@der/contracts';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { IconButton, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../app/SettingsContext.ts';
import { useUiState } from '../ui-state/UiStateProvider.tsx';
import { resolveAppearance } from '../ui-state/uiStateStore.ts';

/** Palette and light/dark mode; the choice overrides the settings' theme and is remembered (spec §4). */
export function AppearanceMenu() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [uiState, setUiState] = useUiState();
  const { palette, mode } = resolveAppearance(uiState, settings);
  const modeLabel = mode === 'dark' ? t('appearance.switchToLight') : t('appearance.switchToDark');

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('appearance.palette')}
        value={palette}
        onChange={(event) => setUiState({ theme: event.target.value as PaletteName })}
        sx={{ minWidth: 180 }}
      >
        {PALETTE_NAMES.map((name) => (
          <MenuItem key={name} value={name}>
            {t(`palettes.${name}`)}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={modeLabel}>
        <IconButton
          aria-label={modeLabel}
          onClick={() => setUiState({ mode: mode === 'dark' ? 'light' : 'dark' })}
          color="inherit"
        >
          {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
