import { z } from 'zod';

/** The 23 named colour palettes of spec §9; each one works in light and dark mode. */
export const PALETTE_NAMES = [
  'purple-red',
  'green-orange',
  'magenta',
  'blue',
  'orange',
  'cyan',
  'red',
  'sky-blue',
  'grey',
  'gold',
  'green',
  'purple',
  'green-nature',
  'blue-cyan',
  'yellow-cyan',
  'pink-green',
  'pink-blue',
  'green-purple',
  'brown',
  'light-blue',
  'orange-green',
  /** The department's brand: its colours are the settings' own primary and secondary colours. */
  'brand',
  /** The plugflex brand theme that goes with the plugflex layout. */
  'plugflex',
] as const;
export const PaletteNameSchema = z.enum(PALETTE_NAMES);
export type PaletteName = z.infer<typeof PaletteNameSchema>;

/** The layouts of spec §2.9; left-sidebar is the default. */
export const LAYOUTS = [
  'left-sidebar',
  'big-sidebar',
  'right-sidebar',
  'top-navigation',
  'mega-menu',
  'plugflex',
] as const;
export const LayoutSchema = z.enum(LAYOUTS);
export type Layout = z.infer<typeof LayoutSchema>;

export const LANGUAGES = ['pt-BR', 'en'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const ColourSchema = z.string().regex(HEX_COLOUR, 'expected a colour like #1A2B3C');

export const ColourShadesSchema = z.object({
  light: ColourSchema,
  main: ColourSchema,
  dark: ColourSchema,
});
export type ColourShades = z.infer<typeof ColourShadesSchema>;

/**
 * An image shown by the product: a path served by this server (`/assets/...`, `/api/files/...`) or a data URL.
 * Never an outside address: the CSP allows images from this origin only.
 */
export const ImageRefSchema = z
  .string()
  .max(2_000_000)
  .refine((value) => value === '' || value.startsWith('/') || value.startsWith('data:image/'), {
    message: 'expected a path on this server or a data:image URL',
  });

/** Platform settings of spec §1: public, fetched at start-up, and they drive the look. */
export const PlatformSettingsSchema = z.object({
  theme: PaletteNameSchema,
  font: z.string().min(1).max(100),
  defaultLanguage: LanguageSchema,
  brand: z.string().min(1).max(120),
  bgLogin: ImageRefSchema,
  logo: ImageRefSchema,
  loginLogo: ImageRefSchema,
  logoWhite: ImageRefSchema,
  bg: ImageRefSchema,
  layout: LayoutSchema,
  showFooter: z.boolean(),
  footerLogoRight: ImageRefSchema,
  footerLogoLeft: ImageRefSchema,
  enableRecaptcha: z.boolean(),
  recaptchaSiteKey: z.string().max(200),
  requireTermsOfUse: z.boolean(),
  enableMultiLanguage: z.boolean(),
  enableBPMComponent: z.boolean(),
  maintenance: z.boolean(),
  primaryColor: ColourShadesSchema,
  secondaryColor: ColourShadesSchema,
});
export type PlatformSettings = z.infer<typeof PlatformSettingsSchema>;
