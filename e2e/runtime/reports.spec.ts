import { readFile } from 'node:fs/promises';
import { DEMO_APPS, DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { RuntimeShellPage } from '../pages/shell/ShellPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 3 });

const REPORT = 'Solicitações por situação e mês';

/**
 * Reports (issue 18): from the AET application's 'Relatórios' menu, an analyst opens 'Solicitações por situação
 * e mês' (the report viewer in the shell's frame), sets the period, sees the chart and the summary, and exports
 * it to XLSX and PDF (background jobs whose files download when finished); axe on the viewer.
 */
test('open Relatórios, set a parameter, see the chart, export XLSX and PDF', async ({
  page,
  signIn,
  demoAppIds,
  makeAxeBuilder,
}) => {
  await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.aet}` });
  await new RuntimeShellPage(page).menu(DEMO_APPS.aet).getByRole('link', { name: REPORT }).click();
  const viewer = page.frameLocator(`iframe[title="${REPORT}"]`);
  await expect(
    viewer.getByRole('heading', { level: 1, name: 'Solicitações de AET por situação e mês' }),
  ).toBeVisible({
    timeout: 20_000,
  });

  await test.step('a parameter, then the chart and the summary', async () => {
    await viewer.getByLabel('Criadas no período — de').fill('2020-01-01');
    await viewer.getByRole('button', { name: 'Gerar relatório' }).click();
    const summary = viewer.getByRole('table', { name: 'Resumo do relatório' });
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect(summary.getByRole('row', { name: /^Total/ })).toBeVisible();
    await expect(
      viewer.getByRole('figure', { name: `Gráfico: Solicitações de AET por situação e mês` }),
    ).toBeVisible();
    await expect(viewer.getByTestId('report-chart').locator('svg').first()).toBeVisible();
    const axe = await makeAxeBuilder().include(`iframe[title="${REPORT}"]`).analyze();
    expect(axe.violations).toEqual([]);
  });

  for (const [format, signature] of [
    ['XLSX', 'PK'],
    ['PDF', '%PDF'],
  ] as const) {
    await test.step(`export ${format}`, async () => {
      const downloading = page.waitForEvent('download', { timeout: 30_000 });
      await viewer.getByRole('button', { name: `Exportar ${format}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format.toLowerCase()}$`));
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, signature.length).toString('latin1')).toBe(signature);
      await expect(viewer.getByText(/^Exportação concluída:/)).toBeVisible();
    });
  }
});
