import { expect, test } from './fixtures/test.ts';
import { NotFoundPage } from './pages/NotFoundPage.ts';

test.describe('not-found page', () => {
  test('answers an unknown path with HTTP 404 and the Portuguese message', async ({ page }) => {
    const notFound = new NotFoundPage(page);

    const response = await notFound.open('/esta-pagina-nao-existe');

    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('text/html');
    await expect(notFound.messagePt).toBeVisible();
  });

  test('answers 404 for unknown paths at any depth, also below a known prefix', async ({ request }) => {
    for (const path of ['/nao/existe/mesmo', '/runtime/1/rota-desconhecida/a/b', '/aet/extra']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type'], path).toContain('text/html');
    }
  });

  test('shows the not-found page for a nested unknown path', async ({ page }) => {
    const notFound = new NotFoundPage(page);

    const response = await notFound.open('/nao/existe/mesmo');

    expect(response.status()).toBe(404);
    await expect(notFound.messagePt).toBeVisible();
  });

  test('answers a known public path with 200 and no not-found message', async ({ page }) => {
    const notFound = new NotFoundPage(page);

    const response = await notFound.open('/aet');

    expect(response.status()).toBe(200);
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(notFound.messagePt).toHaveCount(0);
  });

  test('shows Page Not Found on the English UI', async ({ page }) => {
    const notFound = new NotFoundPage(page);
    await notFound.useStoredLanguage('en');

    const response = await notFound.open('/does-not-exist');

    expect(response.status()).toBe(404);
    await expect(notFound.messageEn).toBeVisible();
    await expect(notFound.messagePt).toHaveCount(0);
  });

  test('has no accessibility violations', async ({ page, makeAxeBuilder }) => {
    const notFound = new NotFoundPage(page);
    await notFound.open('/esta-pagina-nao-existe');
    await expect(notFound.messagePt).toBeVisible();

    const results = await makeAxeBuilder().analyze();

    expect(results.violations).toEqual([]);
  });
});
