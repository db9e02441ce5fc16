import { ADMIN_TEST_TIMEOUT, DEMO_USERS, expect, test } from '../fixtures/admin.ts';
import { AdminArea } from '../pages/admin/AdminPages.ts';
import { ItemFormPage } from '../pages/runtime/ItemFormPage.ts';
import { uniqueSuffix } from '../support/documents.ts';

test.describe.configure({ timeout: Math.max(ADMIN_TEST_TIMEOUT, 120_000) });

/** Gestão de Projetos: component 3 (Projeto) and its form 6, whose "Unidade responsável" is a tree dropdown. */
const PROJECT_COMPONENT = 3;
const PROJECT_FORM = 6;

test.describe('administration: organisational structure', () => {
  test('a unit created under another is offered, indented below it, in the project form', async ({
    page,
    signIn,
    demoAppIds,
    makeAxeBuilder,
  }) => {
    const suffix = uniqueSuffix().toUpperCase();
    const name = `Divisão E2E ${suffix}`;
    const acronym = `E2E${suffix.slice(0, 6)}`.replace(/[^A-Z0-9]/g, '');
    const area = new AdminArea(page);

    await test.step('the page shows the seeded DER tree and has no axe violations', async () => {
      await signIn(DEMO_USERS.admin, { next: '/administration/organization' });
      await expect(area.heading).toHaveText('Estrutura organizacional', { timeout: 20_000 });
      const table = page.getByTestId('organization-table');
      await expect(table.getByRole('row', { name: /Diretoria de Operações/ })).toBeVisible();
      await area.waitForSettled();
      const results = await makeAxeBuilder().analyze();
      expect(results.violations).toEqual([]);
    });

    await test.step('create a unit under Diretoria de Operações', async () => {
      await page.getByRole('button', { name: 'Nova unidade subordinada a Diretoria de Operações' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova unidade' });
      await dialog.getByRole('textbox', { name: /Nome/ }).fill(name);
      await dialog.getByRole('textbox', { name: 'Sigla' }).fill(acronym.toLowerCase());
      await expect(dialog.getByRole('combobox', { name: 'Unidade superior' })).toHaveText(
        'DO — Diretoria de Operações',
      );
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await expect(area.notice('A unidade foi salva com sucesso!')).toBeVisible();
      await expect(
        page.getByTestId('organization-table').getByRole('row', { name: new RegExp(name) }),
      ).toHaveAttribute('data-depth', '2');
    });

    await test.step('the project form offers it in "Unidade responsável", below its parent', async () => {
      await page.goto(`/runtime/${demoAppIds.projetos}/insertItem/${PROJECT_COMPONENT}/0/${PROJECT_FORM}`);
      const form = new ItemFormPage(page);
      await expect(form.heading).toHaveText('Novo item — Projeto', { timeout: 20_000 });
      await page.getByRole('combobox', { name: 'Unidade responsável' }).click();
      const listbox = page.getByRole('listbox');
      const created = listbox.getByRole('option', { name: `${acronym} — ${name}` });
      await expect(created).toHaveAttribute('data-depth', '2');
      await expect(listbox.getByRole('option', { name: 'DO — Diretoria de Operações' })).toHaveAttribute(
        'data-depth',
        '1',
      );
      await created.click();
      await expect(page.getByRole('combobox', { name: 'Unidade responsável' })).toHaveText(
        `${acronym} — ${name}`,
      );
    });
  });
});
