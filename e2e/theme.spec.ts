import { PALETTES } from '@der/contracts';
import { expect, test } from './fixtures/test.ts';
import { AppearancePage } from './pages/AppearancePage.ts';
import { LanguageSwitcher } from './pages/LanguageSwitcher.ts';

/** '#1A237E' → 'rgb(26, 35, 126)', the form getComputedStyle answers in. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

const UNKNOWN_PATH = '/pagina-que-nao-existe';
const purpleRed = PALETTES['purple-red'];

test.describe('theme from the platform settings', () => {
  test("paints primary elements in the brand palette's primary colour", async ({ page, settings }) => {
    // Dark enough to be readable on white as it is (the theme darkens brand colours that are not).
    await settings.set({
      theme: 'brand',
      enableMultiLanguage: true,
      primaryColor: { light: '#534BAE', main: '#1A237E', dark: '#000051' },
    });
    const appearance = new AppearancePage(page);

    await appearance.open(UNKNOWN_PATH);

    await expect(appearance.primaryHeading).toHaveCSS('color', rgb('#1A237E'));
    // The chosen language is a contained button: its background is the primary colour.
    await expect(new LanguageSwitcher(page).portuguese).toHaveCSS('background-color', rgb('#1A237E'));
  });

  test('paints primary elements in a named palette', async ({ page, settings }) => {
    await settings.set({ theme: 'purple-red' });
    const appearance = new AppearancePage(page);

    await appearance.open(UNKNOWN_PATH);

    await expect(appearance.primaryHeading).toHaveCSS('color', rgb(purpleRed.light.primary.main));
    await expect(page.locator('body')).toHaveCSS('background-color', rgb('#FFFFFF'));
  });

  test('applies a stored dark mode: dark page background and the palette’s dark shades', async ({
    page,
    settings,
  }) => {
    await settings.set({ theme: 'purple-red' });
    const appearance = new AppearancePage(page);
    await appearance.useStoredColourMode('dark');

    await appearance.open(UNKNOWN_PATH);

    await expect(page.locator('body')).toHaveCSS('background-color', rgb('#121212'));
    await expect(appearance.primaryHeading).toHaveCSS('color', rgb(purpleRed.dark.primary.main));
  });

  test('switches to dark mode from the header and keeps it after a reload', async ({ page, settings }) => {
    await settings.set({ theme: 'purple-red' });
    const appearance = new AppearancePage(page);
    await appearance.open(UNKNOWN_PATH);
    await expect(page.locator('body')).toHaveCSS('background-color', rgb('#FFFFFF'));

    await appearance.switchToDark.click();

    await expect(page.locator('body')).toHaveCSS('background-color', rgb('#121212'));
    await page.reload();
    await expect(appearance.switchToLight).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('background-color', rgb('#121212'));
    await expect(appearance.primaryHeading).toHaveCSS('color', rgb(purpleRed.dark.primary.main));
  });
});
