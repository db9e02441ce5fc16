import { expect, test } from './fixtures/test.ts';
import { LanguageSwitcher } from './pages/LanguageSwitcher.ts';
import { NotFoundPage } from './pages/NotFoundPage.ts';

test.describe('language switch', () => {
  test('remembers English across a reload and on other pages', async ({ page, settings }) => {
    await settings.set({ enableMultiLanguage: true, defaultLanguage: 'pt-BR' });
    const notFound = new NotFoundPage(page);
    const switcher = new LanguageSwitcher(page);
    await notFound.open('/aet');
    await expect(notFound.documentLanguage()).toHaveAttribute('lang', 'pt-BR');

    await switcher.english.click();

    await expect(notFound.documentLanguage()).toHaveAttribute('lang', 'en');
    expect(await notFound.storedLanguage()).toBe('en');

    await page.reload();
    await expect(switcher.english).toBeVisible();
    await expect(notFound.documentLanguage()).toHaveAttribute('lang', 'en');
    expect(await notFound.storedLanguage()).toBe('en');

    await notFound.open('/pagina-que-nao-existe');
    await expect(notFound.messageEn).toBeVisible();
  });

  test('switches back to Portuguese and keeps it after a reload', async ({ page, settings }) => {
    await settings.set({ enableMultiLanguage: true });
    const notFound = new NotFoundPage(page);
    const switcher = new LanguageSwitcher(page);
    await notFound.open('/pagina-que-nao-existe');
    await switcher.english.click();
    await expect(notFound.messageEn).toBeVisible();

    await switcher.portuguese.click();
    await expect(notFound.messagePt).toBeVisible();
    await page.reload();

    await expect(notFound.messagePt).toBeVisible();
    await expect(notFound.documentLanguage()).toHaveAttribute('lang', 'pt-BR');
    expect(await notFound.storedLanguage()).toBe('pt-BR');
  });

  test('offers no switch when multiple languages are disabled', async ({ page, settings }) => {
    await settings.set({ enableMultiLanguage: false });
    const notFound = new NotFoundPage(page);
    const switcher = new LanguageSwitcher(page);

    await notFound.open('/aet');

    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(switcher.english).toHaveCount(0);
    await expect(switcher.portuguese).toHaveCount(0);
  });

  test("follows the settings' default language until the person chooses one", async ({ page, settings }) => {
    await settings.set({ enableMultiLanguage: true, defaultLanguage: 'en' });
    const notFound = new NotFoundPage(page);

    await notFound.open('/pagina-que-nao-existe');
    await expect(notFound.messageEn).toBeVisible();
    expect(await notFound.storedLanguage()).toBeNull();

    await new LanguageSwitcher(page).portuguese.click();
    await page.reload();
    await expect(notFound.messagePt).toBeVisible();
  });
});
