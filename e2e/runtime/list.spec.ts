import { readFile } from 'node:fs/promises';
import {
  DEMO_APPS,
  DEMO_USERS,
  expect,
  SHELL_TEST_TIMEOUT,
  type TaskSeed,
  test,
} from '../fixtures/runtime.ts';
import { RuntimeListPage } from '../pages/runtime/RuntimeListPage.ts';
import { RuntimeShellPage } from '../pages/shell/ShellPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

/** Three tasks that differ in every column the test filters and sorts on. */
const threeTasks = (tag: string): TaskSeed[] => [
  { title: `${tag} A`, prioridade: 'Baixa', prazo: '10/04/2030', estimativaHoras: 2, tipoTarefa: 'Análise' },
  { title: `${tag} B`, prioridade: 'Média', prazo: '20/04/2030', estimativaHoras: 5, tipoTarefa: 'Vistoria' },
  { title: `${tag} C`, prioridade: 'Alta', prazo: '30/04/2030', estimativaHoras: 8, tipoTarefa: 'Reunião' },
];

/**
 * A runtime list (spec §2.9, issue 6) on the shared data table, with the demo analyst: 'Minhas tarefas' of
 * 'Gestão de Projetos' (component 4, form 5, query 3, view 3).
 */
test.describe('runtime list', () => {
  test('filters, sorts, hides a column, downloads CSV, edits in the grid, bulk-updates, exports and re-imports', async ({
    page,
    signIn,
    demoAppIds,
    seedTasks,
    makeAxeBuilder,
  }) => {
    const { tag } = await seedTasks(threeTasks);
    const titles = (...letters: string[]) => letters.map((letter) => `${tag} ${letter}`);

    await test.step('open "Minhas tarefas" from the menu', async () => {
      await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.projetos}` });
      const shell = new RuntimeShellPage(page);
      await shell
        .menu(DEMO_APPS.projetos)
        .getByRole('link', { name: /Minhas tarefas/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`/runtime/${demoAppIds.projetos}/list/4/5/3/3/`));
    });
    const list = new RuntimeListPage(page, 'Minhas tarefas');
    await expect(list.heading).toBeVisible();
    await expect(list.table).toBeVisible();

    await test.step('search for the tasks of this test', async () => {
      await list.searchBox.fill(tag);
      // The saved query sorts by due date.
      await list.expectTitles(titles('A', 'B', 'C'));
    });

    await test.step('filter by a numeric, a date and a picklist column', async () => {
      const estimateFrom = list.fromFilter('Estimativa (h)');
      // Numeric filters accept only numbers (spec §5): the letters are dropped as they are typed.
      await estimateFrom.pressSequentially('x4y');
      await expect(estimateFrom).toHaveValue('4');
      await list.expectTitles(titles('B', 'C'));

      await list.toFilter('Prazo').fill('2030-04-25');
      await list.expectTitles(titles('B'));

      await estimateFrom.fill('');
      await list.toFilter('Prazo').fill('');
      await list.choiceFilter('Prioridade').selectOption({ label: 'Alta' });
      await list.expectTitles(titles('C'));
      await list.choiceFilter('Prioridade').selectOption({ label: 'Todos' });
      await list.expectTitles(titles('A', 'B', 'C'));
    });

    await test.step('sort by a column, both ways', async () => {
      await list.sortButton('Estimativa (h)').click();
      await expect(list.columnHeader('Estimativa (h)')).toHaveAttribute('aria-sort', 'ascending');
      await list.expectTitles(titles('A', 'B', 'C'));
      await list.sortButton('Estimativa (h)').click();
      await expect(list.columnHeader('Estimativa (h)')).toHaveAttribute('aria-sort', 'descending');
      await list.expectTitles(titles('C', 'B', 'A'));
    });

    await test.step('hide a column', async () => {
      await expect(list.columnHeader('Responsável')).toBeVisible();
      await list.toggleColumn('Responsável');
      await expect(list.columnHeader('Responsável')).toHaveCount(0);
    });

    await test.step('download the list as CSV', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), list.csvButton.click()]);
      expect(download.suggestedFilename()).toBe('Minhas tarefas.csv');
      const bytes = await readFile(await download.path());
      // A UTF-8 byte-order mark, then ';'-separated fields (spec §2.9).
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
      expect(lines[0]).toContain('Código;Título;Status;Prioridade;Prazo');
      expect(lines[0]).not.toContain('Responsável');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain(`${tag} C;`);
      expect(lines[1]).toContain(';Alta;30/04/2030;');
      expect(lines[1]).toContain(';8 hrs');
    });

    const codeA = await list.codeOf(`${tag} A`);
    const codeB = await list.codeOf(`${tag} B`);

    await test.step('edit a cell in the grid', async () => {
      await list.editCellButton('Prioridade', codeA).click();
      await list.cellEditor('Prioridade', codeA).selectOption({ label: 'Alta' });
      await expect(list.notice(`Item ${codeA} atualizado.`)).toBeVisible();
      await expect(list.row(`${tag} A`)).toContainText('Alta');
      // Focus returns to the cell's edit button (keyboard users keep their place).
      await expect(list.editCellButton('Prioridade', codeA)).toBeFocused();
    });

    await test.step('bulk-update two rows', async () => {
      await list.bulkUpdateButton.click();
      await expect(list.notice('Selecione pelo menos um item!')).toBeVisible();

      await list.selectRow(codeA).check();
      await list.selectRow(codeB).check();
      await expect(page.getByTestId('selection-count')).toHaveText('2 item(ns) selecionado(s)');
      await list.bulkUpdateButton.click();
      await expect(list.bulkDialog).toHaveAccessibleName('Atualizar 2 item(ns)');
      await list.bulkDialog.getByRole('combobox', { name: 'Campo' }).selectOption({ label: 'Prioridade' });
      await list.bulkDialog.getByRole('combobox', { name: 'Novo valor' }).selectOption({ label: 'Baixa' });
      await list.bulkDialog.getByRole('button', { name: 'Atualizar' }).click();
      await expect(list.notice('2 item(ns) atualizado(s).')).toBeVisible();
      await expect(list.bulkDialog).toHaveCount(0);
      await expect(list.row(`${tag} A`)).toContainText('Baixa');
      await expect(list.row(`${tag} B`)).toContainText('Baixa');
      await expect(list.row(`${tag} C`)).toContainText('Alta');
    });

    await test.step('export the list and import the file again (all or nothing)', async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), list.exportButton.click()]);
      expect(download.suggestedFilename()).toBe('Minhas tarefas.xlsx');
      const exported = test.info().outputPath('Minhas tarefas.xlsx');
      await download.saveAs(exported);

      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), list.importButton.click()]);
      await chooser.setFiles(exported);
      await expect(list.importDialog).toBeVisible({ timeout: 20_000 });
      await expect(list.importDialog).toContainText('Todos os 3 item(ns) da planilha foram importados.');
      await list.importDialog.getByRole('button', { name: 'Fechar' }).click();
      // The imported copies carry the same titles: every title now appears twice.
      await expect(list.rows).toHaveCount(6);
      await expect(list.row(`${tag} A`)).toHaveCount(2);
    });

    await test.step('the list has no axe violations', async () => {
      await expect(list.loading).toHaveCount(0);
      const results = await makeAxeBuilder().analyze();
      expect(results.violations).toEqual([]);
    });
  });
});
