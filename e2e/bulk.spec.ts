import {
  DEMO_APPS,
  DEMO_USERS,
  expect,
  SHELL_TEST_TIMEOUT,
  TASK_COMPONENT_ID,
  type TaskSeed,
  test,
} from './fixtures/runtime.ts';
import { SessionApi } from './fixtures/shell.ts';
import { RuntimeListPage } from './pages/runtime/RuntimeListPage.ts';
import { RuntimeShellPage } from './pages/shell/ShellPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 3 });

/** Twenty tasks of one test, titled `tag 01` … `tag 20`. */
const twentyTasks = (tag: string): TaskSeed[] =>
  Array.from({ length: 20 }, (_, index) => ({
    title: `${tag} ${String(index + 1).padStart(2, '0')}`,
    prioridade: 'Média',
    prazo: '10/04/2030',
    estimativaHoras: 1,
    tipoTarefa: 'Análise',
  }));

/**
 * A bulk operation (spec §4, issue 16) on 'Minhas tarefas' of the demo 'Gestão de Projetos' (the e2e server runs
 * the bulk worker at BULK_ITEMS_PER_SECOND, slow enough to interrupt): 'Iniciar' over 20 tasks, 5 of them
 * already finished so the workflow refuses them; interrupted; retried; the refused ones fixed and retried.
 */
test('a bulk action over 20 items: progress, interruption, retry of the failed ones, and the jobs page', async ({
  page,
  request,
  signIn,
  demoAppIds,
  seedTasks,
  makeAxeBuilder,
}) => {
  const { tag } = await seedTasks(twentyTasks);
  const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
  const { items: found } = await analyst.post<{ items: Array<{ id: number; title: string }> }>(
    '/api/genericItem/loadGenericItems',
    { componentID: TASK_COMPONENT_ID, search: tag, limit: 50 },
  );
  expect(found).toHaveLength(20);
  const finished = found.slice(0, 5).map((task) => task.id);
  // Five tasks done already: 'Iniciar' applies to 'A fazer' only, so the workflow refuses them.
  await analyst.post('/api/genericItem/triggerAction', {
    componentId: TASK_COMPONENT_ID,
    itemIds: finished,
    action: 'concluir',
  });

  await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.projetos}` });
  await new RuntimeShellPage(page)
    .menu(DEMO_APPS.projetos)
    .getByRole('link', { name: /Minhas tarefas/ })
    .click();
  const list = new RuntimeListPage(page, 'Minhas tarefas');
  await expect(list.table).toBeVisible();
  await expect(list.rows.first()).toBeVisible();
  const listUrl = page.url();
  await list.searchBox.fill(tag);
  await expect(list.rows).toHaveCount(20);

  const dialog = page.getByRole('dialog', { name: 'Ação em massa' });
  const counts = dialog.getByTestId('bulk-counts');
  await test.step('no selection: the dialog says to select at least one item', async () => {
    await page.getByRole('button', { name: 'Ação em massa' }).click();
    await dialog.getByRole('radio', { name: /Itens selecionados \(0\)/ }).check();
    await dialog.getByRole('combobox', { name: 'Ação' }).click();
    await page.getByRole('option', { name: 'Iniciar' }).click();
    await dialog.getByRole('button', { name: 'Executar' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Selecione pelo menos um item!');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  await test.step("run 'Iniciar' over the 20 selected tasks and interrupt it", async () => {
    await page.getByRole('checkbox', { name: 'Selecionar todas as linhas da página' }).check();
    await page.getByRole('button', { name: 'Ação em massa' }).click();
    await expect(dialog.getByRole('radio', { name: 'Itens selecionados (20)' })).toBeChecked();
    await dialog.getByRole('combobox', { name: 'Ação' }).click();
    await page.getByRole('option', { name: 'Iniciar' }).click();
    await dialog.getByRole('button', { name: 'Executar' }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Progresso de Iniciar' })).toBeVisible();
    await expect(counts).toContainText('de 20');
    await dialog.getByRole('button', { name: 'Interromper' }).click();
    await expect(dialog.getByText('Interrompida')).toBeVisible();
    await expect(counts).not.toContainText(' 0 interrompido(s)');
    const axe = await makeAxeBuilder().analyze();
    expect(axe.violations).toEqual([]);
  });

  await test.step('retry: the interrupted tasks run, the five refused ones fail again with the reason', async () => {
    await dialog.getByRole('button', { name: /Tentar novamente os que falharam/ }).click();
    await expect(dialog.getByText('Concluída')).toBeVisible({ timeout: 30_000 });
    await expect(counts).toHaveText('15 concluído(s), 5 com falha, 0 interrompido(s), de 20');
    const refused = dialog.getByRole('table', { name: 'Itens que não foram alterados' });
    await expect(refused.getByRole('row')).toHaveCount(6);
    await expect(refused.getByRole('row').nth(1)).toContainText(
      'Esta ação não se aplica ao status atual do item',
    );
  });

  await test.step('leave the page, fix the refused tasks, come back and retry the failed ones', async () => {
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    // Back to 'A fazer' (reopened with a reason, then returned to the queue): 'Iniciar' applies again.
    await analyst.post('/api/genericItem/triggerAction', {
      componentId: TASK_COMPONENT_ID,
      itemIds: finished,
      action: 'reabrir',
      reason: 'e2e: reaberta para a operação em massa',
    });
    await analyst.post('/api/genericItem/triggerAction', {
      componentId: TASK_COMPONENT_ID,
      itemIds: finished,
      action: 'devolver',
    });
    await page.goto(`/runtime/${demoAppIds.projetos}/bulkJobs`);
    await expect(page.getByRole('heading', { level: 1, name: 'Operações em massa' })).toBeVisible();
    const jobs = page.getByRole('list', { name: 'Operações em massa' });
    await jobs.getByRole('listitem').first().getByRole('button', { name: 'Ver' }).click();
    const progress = page.getByTestId('bulk-counts');
    await expect(progress).toHaveText('15 concluído(s), 5 com falha, 0 interrompido(s), de 20');
    await page.getByRole('button', { name: 'Tentar novamente os que falharam (5)' }).click();
    await expect(progress).toHaveText('20 concluído(s), 0 com falha, 0 interrompido(s), de 20', {
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: /Tentar novamente/ })).toHaveCount(0);
    await expect(page.getByText('Concluída').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Interromper' })).toHaveCount(0);
    const axe = await makeAxeBuilder().analyze();
    expect(axe.violations).toEqual([]);
  });

  await test.step('update a field over every item of the current filter', async () => {
    await page.goto(listUrl);
    // A full page load on a busy two-core machine: the shell, the menu and the list come in turn.
    await expect(list.rows.first()).toBeVisible({ timeout: 20_000 });
    await list.searchBox.fill(tag);
    await expect(list.rows).toHaveCount(20);
    await page.getByRole('button', { name: 'Ação em massa' }).click();
    await dialog.getByRole('radio', { name: 'Todos os itens do filtro atual (20)' }).check();
    await dialog.getByRole('radio', { name: 'Atualizar um campo' }).check();
    await dialog.getByRole('combobox', { name: 'Campo' }).click();
    await page.getByRole('option', { name: 'Prioridade' }).click();
    await dialog.getByRole('combobox', { name: 'Novo valor' }).click();
    await page.getByRole('option', { name: 'Alta' }).click();
    await dialog.getByRole('button', { name: 'Executar' }).click();
    await expect(counts).toHaveText('20 concluído(s), 0 com falha, 0 interrompido(s), de 20', {
      timeout: 30_000,
    });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await page.reload();
    await list.searchBox.fill(tag);
    await expect(list.rows).toHaveCount(20);
    await expect(list.rows.filter({ hasText: 'Alta' })).toHaveCount(20);
  });
});
