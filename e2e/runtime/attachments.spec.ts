import { readFile } from 'node:fs/promises';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { ItemFormPage } from '../pages/runtime/ItemFormPage.ts';
import { onePagePdf, seededTask, TASK_COMPONENT, TASK_FORM } from '../support/task-attachments.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 3 });

const PLANTA = onePagePdf('Planta baixa');
const PLANTA_V2 = onePagePdf('Planta baixa revisao B');
const MEMORIAL = Buffer.concat([onePagePdf('Memorial'), Buffer.alloc(2048, 0x20)]);

const kb = (bytes: number) => `${(Math.round((bytes / 1024) * 10) / 10).toFixed(1).replace('.', ',')} KB`;

/**
 * Issue 17 attachments: two files uploaded at once to a task, listed with their sizes; a PDF previewed in the
 * product's viewer; replaced (the earlier version kept in 'Versões'); a file index set; one deleted.
 */
test.describe('attachments', () => {
  test('uploads, lists, previews, replaces, indexes and deletes attachments of a task', async ({
    page,
    request,
    signIn,
    seedTasks,
    demoAppIds,
    makeAxeBuilder,
  }) => {
    const { task } = await seededTask(request, seedTasks, 'anexos', 3);
    const form = new ItemFormPage(page);
    const region = page.getByRole('region', { name: 'Anexos' });

    await test.step('open the task on its Anexos tab', async () => {
      await signIn(DEMO_USERS.analyst, {
        next: `/runtime/${demoAppIds.projetos}/editItem/${TASK_COMPONENT}/${task.id}/${TASK_FORM}`,
      });
      await expect(form.heading).toContainText(task.formattedId, { timeout: 20_000 });
      await form.openTab('Anexos');
      await expect(region.getByText('Nenhum arquivo anexado.')).toBeVisible();
    });

    await test.step('upload two files at once: both listed with their sizes', async () => {
      await region.getByTestId('attachments-input').setInputFiles([
        { name: 'planta.pdf', mimeType: 'application/pdf', buffer: PLANTA },
        { name: 'memorial.pdf', mimeType: 'application/pdf', buffer: MEMORIAL },
      ]);
      await expect(region.getByText('2 de 20 arquivos')).toBeVisible({ timeout: 15_000 });
      await expect(region.getByText('planta.pdf')).toBeVisible();
      await expect(region.getByText(new RegExp(`^${PLANTA.length} B`))).toBeVisible();
      await expect(region.getByText(new RegExp(`^${kb(MEMORIAL.length)}`))).toBeVisible();
    });

    await test.step('the form with attachments has no axe violations', async () => {
      const results = await makeAxeBuilder().analyze();
      expect(results.violations).toEqual([]);
    });

    await test.step('preview the PDF in the viewer', async () => {
      await region.getByRole('button', { name: 'Visualizar planta.pdf' }).click();
      const viewer = page.getByRole('dialog', { name: 'planta.pdf' });
      await expect(viewer.locator('.react-pdf__Page').first()).toBeVisible({ timeout: 20_000 });
      await viewer.getByRole('button', { name: 'Fechar' }).click();
    });

    await test.step('replace it: version 2, the first kept in Versões and downloadable', async () => {
      await region.getByRole('button', { name: 'Mais ações para planta.pdf' }).click();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('menuitem', { name: 'Substituir' }).click();
      await (await chooser).setFiles({
        name: 'planta-rev-b.pdf',
        mimeType: 'application/pdf',
        buffer: PLANTA_V2,
      });
      await expect(region.getByText('planta-rev-b.pdf')).toBeVisible({ timeout: 15_000 });
      await expect(region.getByText('v2')).toBeVisible();
      await region.getByRole('button', { name: 'Mais ações para planta-rev-b.pdf' }).click();
      await page.getByRole('menuitem', { name: 'Versões' }).click();
      const versions = page.getByRole('dialog', { name: 'Versões de planta-rev-b.pdf' });
      await expect(versions.getByText('Versão 1 — planta.pdf')).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        versions.getByRole('button', { name: 'Baixar planta.pdf (Versão 1)' }).click(),
      ]);
      expect((await readFile(await download.path())).equals(PLANTA)).toBe(true);
      await versions.getByRole('button', { name: 'Fechar' }).click();
    });

    await test.step('set its document type (a file index)', async () => {
      await region.getByRole('button', { name: 'Mais ações para planta-rev-b.pdf' }).click();
      await page.getByRole('menuitem', { name: 'Índices do arquivo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Índices de planta-rev-b.pdf' });
      await dialog.getByRole('combobox', { name: /Tipo de documento/ }).click();
      await page.getByRole('option', { name: 'Projeto' }).click();
      await dialog.getByRole('textbox', { name: 'Folha' }).fill('3');
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await expect(region.getByText(/Tipo de documento: Projeto · Folha: 3/)).toBeVisible();
    });

    await test.step('delete the memorial after confirming', async () => {
      await region.getByRole('button', { name: 'Mais ações para memorial.pdf' }).click();
      await page.getByRole('menuitem', { name: 'Excluir' }).click();
      const confirm = page.getByRole('dialog', { name: 'Excluir anexo' });
      await confirm.getByRole('button', { name: 'Excluir' }).click();
      await expect(region.getByText('memorial.pdf')).toHaveCount(0);
      await expect(region.getByText('1 de 20 arquivos')).toBeVisible();
    });
  });
});
