import { ADMIN_TEST_TIMEOUT, expect, test } from '../fixtures/admin.ts';
import { requestInAnalysis } from '../support/aet-requests.ts';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT * 2 });

/**
 * Issue 18: an administrator edits the AET's print layout in the product — selects a field on the drawn page,
 * moves it by keyboard, changes where a value comes from, adds a field, previews the layout over a real AET and
 * saves it as a new version of the definition.
 */
test('an administrator designs the AET layout: move, rebind, add a field, preview over an AET, save', async ({
  page,
  request,
  signInAsAdmin,
  makeAxeBuilder,
}) => {
  const aet = await requestInAnalysis(request);
  await signInAsAdmin();
  await page.goto('/administration/definitions');
  await page
    .getByRole('button', { name: 'Editar os layouts de impressão de AET' })
    .click({ timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name: 'Layouts de impressão' });

  await test.step('a field is selected on the page and moved by the arrow keys', async () => {
    const title = dialog.getByRole('button', { name: /^titulo, x / });
    await expect(title).toBeVisible({ timeout: 20_000 });
    await title.click();
    await expect(title).toHaveAttribute('aria-pressed', 'true');
    const x = dialog.getByRole('spinbutton', { name: 'X (mm)' });
    const before = Number(await x.inputValue());
    await title.press('ArrowRight');
    await expect(x).toHaveValue(String(before + 1));
    await title.press('ArrowLeft');
    await expect(x).toHaveValue(String(before));
    await title.press('ArrowRight');
    await expect(x).toHaveValue(String(before + 1));
    expect((await makeAxeBuilder().include('[role="dialog"]').analyze()).violations).toEqual([]);
  });

  await test.step('a new QR code field prints the document’s public address', async () => {
    await dialog.getByRole('combobox', { name: 'Tipo do novo campo' }).selectOption({ label: 'QR code' });
    await dialog.getByRole('button', { name: 'Adicionar campo' }).click();
    await expect(dialog.getByRole('button', { name: /^qrcode1, x / })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await dialog
      .getByRole('combobox', { name: 'Origem do valor' })
      .selectOption({ label: 'Dado da impressão' });
    const key = dialog.getByRole('combobox', { name: 'Dado', exact: true });
    await key.selectOption({ label: 'Endereço público do documento' });
    await expect(key).toHaveValue('publicUrl');
    await dialog.getByRole('button', { name: 'Remover o campo qrcode1' }).click();
    await expect(dialog.getByRole('button', { name: /^qrcode1, x / })).toHaveCount(0);
  });

  await test.step('the edited layout is previewed over a real AET', async () => {
    await dialog.getByRole('textbox', { name: 'ID do item para a pré-visualização' }).fill(String(aet.id));
    await dialog.getByRole('button', { name: 'Pré-visualizar' }).click();
    const preview = dialog.getByRole('region', { name: 'Pré-visualizar' });
    await expect(preview.getByText(aet.formattedId).first()).toBeVisible({ timeout: 30_000 });
  });

  await test.step('saving makes a new version of the definition', async () => {
    await dialog.getByRole('button', { name: 'Salvar nova versão' }).click();
    await expect(dialog.getByText(/^Definição salva na versão \d+\.$/)).toBeVisible({ timeout: 30_000 });
  });
});
