import { ADMIN_TEST_TIMEOUT, DEMO_USERS, expect, test } from '../fixtures/admin.ts';
import { AdminArea, AdminGrid } from '../pages/admin/AdminPages.ts';
import { ItemFormPage } from '../pages/runtime/ItemFormPage.ts';
import { uniqueSuffix } from '../support/documents.ts';

test.describe.configure({ timeout: Math.max(ADMIN_TEST_TIMEOUT, 150_000) });

/** Gestão de Projetos: component 3 (Projeto) and its form 6, whose "Calendário de trabalho" is a CALENDAR field. */
const PROJECT_COMPONENT = 3;
const PROJECT_FORM = 6;

test.describe('administration: working calendars', () => {
  test('a calendar created with a state holiday is listed, and the page and its editor have no axe violations', async ({
    page,
    signIn,
    demoAppIds,
    makeAxeBuilder,
  }) => {
    const name = `Expediente E2E ${uniqueSuffix().toUpperCase()}`;
    const area = new AdminArea(page);
    const grid = new AdminGrid(page, 'work-calendars-table');

    await test.step('the page lists the seeded calendar and has no axe violations', async () => {
      await signIn(DEMO_USERS.admin, { next: '/administration/calendars' });
      await expect(area.heading).toHaveText('Calendários de trabalho', { timeout: 20_000 });
      await expect(
        area.menu.getByRole('link', { name: 'Calendários de trabalho', exact: true }),
      ).toBeVisible();
      await expect(grid.table.getByRole('row', { name: /Expediente DER-SP/ })).toBeVisible();
      await area.waitForSettled();
      const results = await makeAxeBuilder().analyze();
      expect(results.violations).toEqual([]);
    });

    const dialog = page.getByRole('dialog', { name: 'Novo calendário de trabalho' });
    await test.step('the editor starts with office hours and shows the national holidays of the year', async () => {
      await page.getByRole('button', { name: 'Novo calendário' }).click();
      await expect(dialog.getByRole('combobox', { name: /Fuso horário/ })).toHaveValue('America/Sao_Paulo');
      await expect(dialog.getByLabel('Feriados nacionais', { exact: true })).toBeChecked();
      const monday = dialog.getByRole('group', { name: 'Segunda-feira' });
      await expect(monday.getByLabel('Início')).toHaveCount(2);
      await expect(dialog.getByRole('group', { name: 'Sábado' }).getByText('Sem expediente')).toBeVisible();
      await dialog.getByRole('spinbutton', { name: 'Ano' }).fill('2026');
      const national = dialog.getByRole('list', { name: 'Feriados nacionais de 2026' });
      await expect(national.getByText('Sexta-feira Santa')).toBeVisible();
      await expect(national.getByText('Tiradentes')).toBeVisible();
    });

    await test.step('fill it in with a Saturday period and a state holiday; the editor has no axe violations', async () => {
      await dialog.getByRole('textbox', { name: /Nome/ }).first().fill(name);
      await dialog.getByRole('button', { name: 'Adicionar período em Sábado' }).click();
      await expect(dialog.getByRole('group', { name: 'Sábado' }).getByLabel('Início')).toHaveValue('08:00');
      await dialog.getByRole('button', { name: 'Adicionar feriado' }).click();
      const holiday = dialog.getByRole('group', { name: 'Feriado 1' });
      await holiday.getByLabel(/Data/).fill('2026-07-09');
      await holiday.getByRole('textbox', { name: /Nome do feriado/ }).fill('Revolução Constitucionalista');
      await holiday.getByRole('combobox', { name: 'Abrangência' }).click();
      await page.getByRole('option', { name: 'Estadual' }).click();
      await expect(holiday.getByRole('checkbox', { name: 'Repete todo ano' })).toBeChecked();
      const results = await makeAxeBuilder().include('[role="dialog"]').analyze();
      expect(results.violations).toEqual([]);
    });

    await test.step('save it: it is listed with its weekly hours and its holiday', async () => {
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await expect(area.notice('O calendário foi salvo com sucesso!')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const row = grid.table.getByRole('row', { name: new RegExp(name) });
      await expect(row).toBeVisible();
      // Monday to Friday 08–12 and 13–18 (45 h) and Saturday 08–12 (4 h); one holiday of its own.
      await expect(row.getByRole('cell')).toContainText(['49', 'Sim', '1']);
    });

    await test.step('reopened, it shows the holiday as saved', async () => {
      await grid.table.getByRole('row', { name: new RegExp(name) }).click();
      const editor = page.getByRole('dialog', { name: 'Editar calendário de trabalho' });
      const holiday = editor.getByRole('group', { name: 'Feriado 1' });
      await expect(holiday.getByLabel(/Data/)).toHaveValue('2026-07-09');
      await expect(holiday.getByRole('textbox', { name: /Nome do feriado/ })).toHaveValue(
        'Revolução Constitucionalista',
      );
      await editor.getByRole('button', { name: 'Cancelar' }).click();
    });

    await test.step('the project form offers it in "Calendário de trabalho"', async () => {
      await page.goto(`/runtime/${demoAppIds.projetos}/insertItem/${PROJECT_COMPONENT}/0/${PROJECT_FORM}`);
      const form = new ItemFormPage(page);
      await expect(form.heading).toHaveText('Novo item — Projeto', { timeout: 20_000 });
      const chooser = page.getByRole('combobox', { name: 'Calendário de trabalho' });
      await chooser.click();
      await chooser.fill(name.slice(0, 16));
      await page.getByRole('option', { name }).click();
      await expect(chooser).toHaveValue(name);
    });
  });
});
