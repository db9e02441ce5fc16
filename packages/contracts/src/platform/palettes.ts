import type { ColourShades, PaletteName } from './platform.schemas.ts';

export interface PaletteColours {
  primary: ColourShades;
  secondary: ColourShades;
}

/**
 * The colours of each named palette, for light and dark mode. The `brand` palette is a placeholder here:
 * its colours come from the platform settings (primaryColor, secondaryColor).
 */
export const PALETTES: Record<PaletteName, { light: PaletteColours; dark: PaletteColours }> = {} as never;
