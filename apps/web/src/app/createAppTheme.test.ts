import { PALETTE_NAMES, PALETTES } from '@der/contracts';
import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { buildSettings } from '../test/buildSettings.ts';
import { BASE_FONT_SIZE, createAppTheme, ensureReadable } from './createAppTheme.ts';

const settings = buildSettings({ font: 'Open Sans' });

describe('createAppTheme', () => {
  it("applies the 'red' palette's primary colour", () => {
    const theme = createAppTheme({ palette: 'red', mode: 'light', settings });
    expect(theme.palette.primary.main).toBe(PALETTES.red.light.primary.main);
    expect(theme.palette.secondary.main).toBe(PALETTES.red.light.secondary.main);
    expect(theme.palette.mode).toBe('light');
  });

  it('uses the dark shades in dark mode', () => {
    const theme = createAppTheme({ palette: 'red', mode: 'dark', settings });
    expect(theme.palette.mode).toBe('dark');
    expect(theme.palette.primary.main).toBe(PALETTES.red.dark.primary.main);
  });

  it("takes the settings' colours for the 'brand' palette", () => {
    const theme = createAppTheme({ palette: 'brand', mode: 'light', settings });
    expect(theme.palette.primary.main).toBe(settings.primaryColor.main);
    expect(theme.palette.primary.dark).toBe(settings.primaryColor.dark);
    expect(theme.palette.secondary.light).toBe(settings.secondaryColor.light);
  });

  it('uses the settings font with base font size 12', () => {
    const theme = createAppTheme({ palette: 'blue', mode: 'light', settings });
    expect(theme.typography.fontFamily).toMatch(/^"Open Sans",Roboto/);
    expect(theme.typography.fontSize).toBe(BASE_FONT_SIZE);
  });

  it('keeps every palette readable as text in both modes', () => {
    for (const palette of PALETTE_NAMES) {
      for (const mode of ['light', 'dark'] as const) {
        const theme = createAppTheme({ palette, mode, settings });
        const ratio = getContrastRatio(theme.palette.primary.main, theme.palette.background.paper);
        expect(ratio, `${palette} ${mode}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('ensureReadable', () => {
  it('darkens a pale colour in light mode and lightens a deep one in dark mode', () => {
    expect(getContrastRatio(ensureReadable('#FFEE58', 'light'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(ensureReadable('#002F6C', 'dark'), '#121212')).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves an already readable colour unchanged', () => {
    expect(ensureReadable('#01579B', 'light')).toBe('#01579B');
  });
});

describe('PALETTES', () => {
  it('defines distinct light and dark colours for every palette name', () => {
    const mains = new Set(
      PALETTE_NAMES.map((name) => PALETTES[name].light.primary.main + PALETTES[name].light.secondary.main),
    );
    expect(mains.size).toBe(PALETTE_NAMES.length);
    for (const name of PALETTE_NAMES) expect(PALETTES[name].dark.primary.main).toMatch(/^#[0-9A-F]{6}$/i);
  });
});
