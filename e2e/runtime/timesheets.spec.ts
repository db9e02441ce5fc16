import { expect as baseExpect, type Page } from '@playwright/test';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { signInThroughForm } from '../fixtures/shell.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 3 });

const MY = 'Meus apontamentos';
const CLOSE = 'Fechamento de mês';
const TEAM = 'Apontamentos da equipe';

/** The month before the current one, as 'YYYY-MM' and as the pages print it ('MM/YYYY'). */
function lastMonth() {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return { value: `${date.getFullYear()}-${month}`, label: `${month}/${date.getFullYear()}` };
}

/** The timesheet's month grid on last month. */
async function openLastMonth(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: MY })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Mês' }).click();
  await page.getByRole('button', { name: 'Período anterior' }).click();
  await expect(page.getByRole('table', { name: 'Horas por tarefa e atividade em cada dia' })).toBeVisible({
    timeout: 20_000,
  });
}

/** The closing row of a project on the month-closing page. */
const closingRow = (page: Page, project: string) =>
  page.getByRole('region', { name: 'Projetos' }).getByRole('row').filter({ hasText: project });

test('an analyst enters hours, the month is closed and refuses them, an administrator reopens it', async ({
  page,
  browser,
  signIn,
  demoAppIds,
  makeAxeBuilder,
}) => {
  const month = lastMonth();
  const app = demoAppIds.projetos;
  await signIn(DEMO_USERS.analyst, { next: `/runtime/${app}/myTimesheet/${encodeURIComponent(MY)}` });
  await openLastMonth(page);
  const firstRow = page
    .getByRole('table', { name: 'Horas por tarefa e atividade em cada dia' })
    .locator('tbody tr')
    .first();
  const caption = (await firstRow.locator('th .MuiTypography-caption').textContent()) ?? '';
  const project = caption.split(' · ')[1] ?? '';
  expect(project).not.toBe('');
  const cell = firstRow.getByRole('textbox').nth(2);
  const axe = await makeAxeBuilder().include('main').analyze();
  expect(axe.violations).toEqual([]);

  await test.step('hours typed in the grid are saved and totalled', async () => {
    await cell.fill('2:30');
    await page.getByRole('button', { name: 'Salvar apontamentos' }).click();
    await expect(page.getByText('Apontamentos salvos.')).toBeVisible();
    await expect(cell).toHaveValue('2:30');
  });

  await test.step("a note ending before it starts is refused by the server with the field's message", async () => {
    await page.getByRole('button', { name: 'Nova nota com horário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova nota com horário' });
    await dialog.getByRole('combobox', { name: 'Tarefa ou atividade' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByLabel('Início').fill('15:00');
    await dialog.getByLabel('Fim').fill('14:00');
    await dialog.getByRole('button', { name: 'Salvar nota' }).click();
    await expect(dialog.getByText('Um apontamento deve começar antes de terminar.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  await test.step("the project's manager closes last month", async () => {
    await page.goto(`/runtime/${app}/closeMonthList/${encodeURIComponent(CLOSE)}`);
    await expect(page.getByRole('heading', { level: 1, name: CLOSE })).toBeVisible({ timeout: 20_000 });
    const row = closingRow(page, project);
    await row.getByLabel('Fechar até').fill(month.value);
    await row.getByRole('button', { name: 'Fechar mês' }).click();
    await expect(row.getByRole('cell').nth(0)).toHaveText(month.label);
    await expect(row.getByRole('button', { name: 'Reabrir' })).toHaveCount(0);
    const closingAxe = await makeAxeBuilder().include('main').analyze();
    expect(closingAxe.violations).toEqual([]);
  });

  await test.step('the closed month refuses a change on the server', async () => {
    await page.goto(`/runtime/${app}/myTimesheet/${encodeURIComponent(MY)}`);
    await openLastMonth(page);
    await cell.fill('3');
    await page.getByRole('button', { name: 'Salvar apontamentos' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: `O mês ${month.label} está fechado para apontamentos.` }),
    ).toBeVisible();
  });

  await test.step('an administrator reopens it with a reason; the change then saves', async () => {
    const context = await browser.newContext({ locale: 'pt-BR' });
    const admin = await context.newPage();
    await signInThroughForm(
      admin,
      DEMO_USERS.admin,
      `/runtime/${app}/closeMonthList/${encodeURIComponent(CLOSE)}`,
    );
    await baseExpect(admin.getByRole('heading', { level: 1, name: CLOSE })).toBeVisible({ timeout: 20_000 });
    const row = closingRow(admin, project);
    await row.getByRole('button', { name: 'Reabrir' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Reabrir a partir de').fill(month.value);
    await dialog.getByLabel('Motivo').fill('Horas do mês passado lançadas depois do fechamento');
    await dialog.getByRole('button', { name: 'Reabrir' }).click();
    await baseExpect(admin.getByText(`${project}: reaberto a partir de ${month.label}.`)).toBeVisible();
    await admin.goto(`/runtime/${app}/timesheetList/${encodeURIComponent(TEAM)}`);
    await baseExpect(admin.getByRole('heading', { level: 1, name: TEAM })).toBeVisible({ timeout: 20_000 });
    await context.close();

    await page.getByRole('button', { name: 'Salvar apontamentos' }).click();
    await expect(page.getByText('Apontamentos salvos.')).toBeVisible();
    await expect(cell).toHaveValue('3:00');
  });
});
