import { LAYOUTS, type Layout, PALETTE_NAMES, type PaletteName } from '@der/contracts';
import CloseIcon from '@mui/icons-material/Close';
import TuneIcon from '@mui/icons-material/Tune';
import {
  Box,
  Drawer,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../app/SettingsContext.ts';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher.tsx';
import { useUiState } from '../../shared/ui-state/UiStateProvider.tsx';
import { type ColourMode, resolveAppearance } from '../../shared/ui-state/uiStateStore.ts';

/**
 * The look settings of the shell (spec §2.9, §4): layout, palette and light/dark mode. The choices go to the
 * UI state, which persists them under 'root'.
 */
export function SettingsPanel() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [uiState, setUiState] = useUiState();
  const { palette, layout, mode } = resolveAppearance(uiState, settings);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const layoutLabelId = useId();
  const modeLabelId = useId();

  return (
    <>
      <Tooltip title={t('shell.settings')}>
        <IconButton color="inherit" aria-label={t('shell.settings')} onClick={() => setOpen(true)}>
          <TuneIcon />
        </IconButton>
      </Tooltip>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 300, p: 2 } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
            {t('shell.settings')}
          </Typography>
          <IconButton aria-label={t('shell.closeSettings')} onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Stack spacing={3}>
          <FormControl>
            <FormLabel id={layoutLabelId}>{t('shell.layout')}</FormLabel>
            <RadioGroup
              aria-labelledby={layoutLabelId}
              value={layout}
              onChange={(event) => setUiState({ layout: event.target.value as Layout })}
            >
              {LAYOUTS.map((name) => (
                <FormControlLabel
                  key={name}
                  value={name}
                  control={<Radio />}
                  label={t(`shell.layouts.${name}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            select
            size="small"
            label={t('appearance.palette')}
            value={palette}
            onChange={(event) => setUiState({ theme: event.target.value as PaletteName })}
          >
            {PALETTE_NAMES.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`palettes.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControl>
            <FormLabel id={modeLabelId}>{t('shell.mode')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={modeLabelId}
              value={mode}
              onChange={(event) => setUiState({ mode: event.target.value as ColourMode })}
            >
              <FormControlLabel value="light" control={<Radio />} label={t('appearance.lightMode')} />
              <FormControlLabel value="dark" control={<Radio />} label={t('appearance.darkMode')} />
            </RadioGroup>
          </FormControl>
          {settings.enableMultiLanguage && (
            <Box>
              <LanguageSwitcher />
            </Box>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
