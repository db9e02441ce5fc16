import { readFile } from 'node:fs/promises';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { ItemFormPage } from '../pages/runtime/ItemFormPage.ts';
import { DOCUMENT_PDF } from '../support/aet-requests.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

/** Component 6 (Veículo) of the AET application, form 8: its CRLV is a file chooser (a BINARY field). */
const VEHICLE_COMPONENT = 6;
const VEHICLE_FORM = 8;
/** A RENAVAM with valid check digits (the server checks them). */
const RENAVAM = '12345678900';

/**
 * Issue 7: a file chooser stores a PDF (uploadFiles), the item saves its id, and after a reload the form lists
 * the file by name (getImageName) and downloads the same bytes (downloadFile).
 */
test.describe('runtime files', () => {
  test('attaches a PDF to a vehicle, saves, reloads, shows its name and downloads it', async ({
    page,
    signIn,
    demoAppIds,
  }) => {
    const form = new ItemFormPage(page);

    await test.step('open the insert form of a vehicle and fill the required fields', async () => {
      await signIn(DEMO_USERS.analyst, {
        next: `/runtime/${demoAppIds.aet}/insertItem/${VEHICLE_COMPONENT}/0/${VEHICLE_FORM}`,
      });
      await expect(form.heading).toHaveText('Novo item — Veículo', { timeout: 20_000 });
      await form.textbox(/^Placa/).fill('ABC1D23');
      await form.textbox(/^RENAVAM/).pressSequentially(RENAVAM);
      await form.choose(/^Tipo de veículo/, /^Caminhão$/);
      await form.textbox(/^Eixos/).fill('3');
    });

    await test.step('choose a PDF: it is stored and listed by name', async () => {
      await page.getByTestId('files-input-crlv').setInputFiles({
        name: 'crlv 2026.pdf',
        mimeType: 'application/pdf',
        buffer: DOCUMENT_PDF,
      });
      await expect(page.getByRole('button', { name: 'Baixar crlv 2026.pdf' })).toBeVisible();
      await expect(page.getByText('Arquivos: 1')).toBeVisible();
    });

    await test.step('save, reload: the saved item still names its file', async () => {
      await form.saveAndExpectSaved();
      await expect(form.heading).not.toHaveText('Novo item — Veículo');
      await page.reload();
      await expect(page.getByRole('button', { name: 'Baixar crlv 2026.pdf' })).toBeVisible({
        timeout: 20_000,
      });
    });

    await test.step('download it: the same bytes, under its name', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar crlv 2026.pdf' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('crlv 2026.pdf');
      expect((await readFile(await download.path())).equals(DOCUMENT_PDF)).toBe(true);
    });
  });
});
