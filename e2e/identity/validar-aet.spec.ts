import { expect, test } from '../fixtures/identity.ts';
import { ValidarAetPage } from '../pages/identity/OtherIdentityPages.ts';

test.describe('public AET validation (spec §2.5)', () => {
  test('shows the demo AET in the PDF viewer', async ({ page, peer }) => {
    const { url, uid } = await peer.demoAet();
    const validar = new ValidarAetPage(page);
    const target = new URL(url);
    expect(target.pathname).toBe('/validarAET');

    await validar.open(uid);
    await expect(validar.valid).toBeVisible();
    await expect(validar.notFound).toHaveCount(0);
    await expect(validar.document.locator('canvas').first()).toBeVisible({ timeout: 15_000 });
    await expect(validar.zoomIn).toBeEnabled();
    await expect(validar.zoomOut).toBeEnabled();
    const href = await validar.download.getAttribute('href');
    expect(href).toBeTruthy();

    // The download is the authentic PDF.
    const pdf = await page.request.get(new URL(href ?? '', page.url()).toString());
    expect(pdf.ok()).toBe(true);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Zoom changes the scale shown in the toolbar.
    const zoomText = page.getByText(/^Zoom: \d+%$/);
    const before = await zoomText.textContent();
    await validar.zoomIn.click();
    await expect(zoomText).not.toHaveText(before ?? '');
  });

  test('says so when the AET does not exist', async ({ page }) => {
    const validar = new ValidarAetPage(page);
    await validar.open('nao-existe-0000000000');
    await expect(validar.notFound).toBeVisible();
    await expect(validar.valid).toHaveCount(0);
  });

  test('says so when the uid is missing', async ({ page }) => {
    const validar = new ValidarAetPage(page);
    await page.goto('/validarAET');
    await expect(validar.notFound).toBeVisible();
  });
});
