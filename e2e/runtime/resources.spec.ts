import { DEMO_APPS, DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { uniqueTitle } from '../fixtures/shell.ts';
import { RuntimeShellPage } from '../pages/shell/ShellPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

/** The first works project of the demo (demo-projects.data.ts): the analyst's tasks are in it. */
const PROJECT = 'Duplicação BR-116 km 10–45';
/** The demo analyst, a person resource of the works projects (seed/demo-resources.seed.ts). */
const ANALYST = 'ANA PAULA RIBEIRO (ANALISTA)';

test('an administrator registers an asset with a cost and a project, and reads a person’s pending tasks', async ({
  page,
  signIn,
  demoAppIds,
  makeAxeBuilder,
}) => {
  const name = uniqueTitle('Veículo medidor');
  const table = page.getByRole('table', { name: 'Recursos' });

  await test.step('Recursos, from the menu of Gestão de Projetos, lists the demo resources', async () => {
    await signIn(DEMO_USERS.admin, { next: `/runtime/${demoAppIds.projetos}` });
    await new RuntimeShellPage(page).menu(DEMO_APPS.projetos).getByRole('link', { name: 'Recursos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Recursos' })).toBeVisible({ timeout: 20_000 });
    await expect(table.getByRole('rowheader', { name: 'Caminhão-guincho 01' })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: ANALYST })).toBeVisible();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  });

  await test.step('a new asset with a cost per hour in R$ and a project', async () => {
    await page.getByRole('button', { name: 'Novo recurso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo recurso' });
    await dialog.getByRole('radio', { name: 'Equipamento' }).check();
    await dialog.getByRole('textbox', { name: 'Nome do equipamento' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Custo por hora' }).fill('1.250,50');
    await dialog.getByRole('combobox', { name: 'Projetos' }).click();
    await page.getByRole('option', { name: new RegExp(PROJECT) }).click();
    await expect(dialog.getByRole('button', { name: new RegExp(PROJECT) })).toBeVisible();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('O recurso foi salvo com sucesso!')).toBeVisible();
  });

  await test.step('it is listed with its cost and its project', async () => {
    await page.getByRole('searchbox', { name: 'Pesquisar por nome' }).fill(name);
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Equipamento');
    await expect(row).toContainText('R$ 1.250,50');
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Ver projetos e pendências de ${name}` }).click();
    const work = page.getByRole('region', { name: `Projetos e pendências de ${name}` });
    await work.getByRole('button', { name: new RegExp(PROJECT) }).click();
    await expect(work).toContainText('Equipamentos não são responsáveis por itens');
  });

  await test.step('a person resource shows their pending tasks, which open the task', async () => {
    await page.getByRole('searchbox', { name: 'Pesquisar por nome' }).fill('ana paula');
    await table.getByRole('button', { name: `Ver projetos e pendências de ${ANALYST}` }).click();
    const work = page.getByRole('region', { name: `Projetos e pendências de ${ANALYST}` });
    await work.getByRole('button', { name: new RegExp(PROJECT) }).click();
    const tasks = work.getByRole('region', { name: /^Tarefas pendentes/ });
    const firstTask = tasks.getByRole('link', { name: /^TAR-/ }).first();
    await expect(firstTask).toBeVisible({ timeout: 20_000 });
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    const label = (await firstTask.textContent()) ?? '';
    await firstTask.click();
    await expect(page).toHaveURL(new RegExp(`/runtime/${demoAppIds.projetos}/editItem/4/\\d+/5$`));
    await expect(page.getByText(label.split(' — ')[0]!).first()).toBeVisible({ timeout: 20_000 });
  });

  await test.step('the new asset is deleted after a confirmation', async () => {
    await page.goBack();
    await page.getByRole('searchbox', { name: 'Pesquisar por nome' }).fill(name);
    await table.getByRole('button', { name: `Excluir ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir recurso' });
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Os recursos foram removidos com sucesso!')).toBeVisible();
    await expect(table.getByRole('rowheader', { name })).toHaveCount(0);
  });
});
