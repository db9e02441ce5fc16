import { type ColourShades, PALETTES, type PaletteName, type PlatformSettings } from '@der/contracts';
import { createTheme, darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import type { ColourMode } from '../shared/ui-state/uiStateStore.ts';
import { focusRingComponents } from './focusRing.ts';

/** Spec §9: base font size 12. */
export const BASE_FONT_SIZE = 12;
/** WCAG AA for normal text. */
const MIN_TEXT_CONTRAST = 4.5;
const BACKGROUND = { light: '#ffffff', dark: '#121212' } as const;
/** Paper (cards, header) is the lighter surface in dark mode, so readability is checked against it. */
const PAPER = { light: '#ffffff', dark: '#1e1e1e' } as const;
/** The keyboard focus ring: the colour of the page's text. */
const FOCUS_RING = { light: '#1f1f1f', dark: '#ffffff' } as const;

/** The primary and secondary shades of a palette in a mode; 'brand' takes the settings' own colours. */
export function resolvePaletteColours(
  palette: PaletteName,
  mode: ColourMode,
  settings: Pick<PlatformSettings, 'primaryColor' | 'secondaryColor'>,
): { primary: ColourShades; secondary: ColourShades } {
  if (palette === 'brand') return { primary: settings.primaryColor, secondary: settings.secondaryColor };
  return PALETTES[palette][mode];
}

/**
 * Moves a colour towards black (light mode) or white (dark mode) until it reads as text on the page
 * background: a configured brand colour must not make links or outlined buttons unreadable.
 */
export function ensureReadable(colour: string, mode: ColourMode): string {
  let adjusted = colour;
  for (let step = 1; step <= 20 && getContrastRatio(adjusted, PAPER[mode]) < MIN_TEXT_CONTRAST; step++) {
    adjusted = mode === 'light' ? darken(colour, step * 0.05) : lighten(colour, step * 0.05);
  }
  return adjusted;
}

function readableShades(shades: ColourShades, mode: ColourMode): ColourShades {
  return { ...shades, main: ensureReadable(shades.main, mode) };
}

export function createAppTheme(input: {
  palette: PaletteName;
  mode: ColourMode;
  settings: Pick<PlatformSettings, 'primaryColor' | 'secondaryColor' | 'font'>;
}): Theme {
  const { primary, secondary } = resolvePaletteColours(input.palette, input.mode, input.settings);
  return createTheme({
    palette: {
      mode: input.mode,
      primary: readableShades(primary, input.mode),
      secondary: readableShades(secondary, input.mode),
      background: { default: BACKGROUND[input.mode], paper: PAPER[input.mode] },
      // Button labels on palette colours must reach WCAG AA, not MUI's default 3:1.
      contrastThreshold: MIN_TEXT_CONTRAST,
    },
    typography: {
      fontFamily: [`"${input.settings.font}"`, 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(','),
      fontSize: BASE_FONT_SIZE,
    },
    direction: 'ltr',
    components: focusRingComponents({ ring: FOCUS_RING[input.mode], gap: PAPER[input.mode] }),
  });
}
