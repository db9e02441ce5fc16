import { DEMO_APPS, DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/shell.ts';
import { ChooserPage, RuntimeShellPage } from '../pages/shell/ShellPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT });
/** axe-core (WCAG 2.1 A/AA and best practices, the foundation's makeAxeBuilder) on the signed-in pages. */
for (const mode of ['light', 'dark'] as const) {
  test.describe(`accessibility of the signed-in pages (${mode} mode)`, () => {
    test.beforeEach(async ({ page }) => {
      // The UI state (spec §4) is kept under 'root'; only the colour mode is set, the rest stays default.
      await page.addInitScript((value) => {
        window.localStorage.setItem('root', JSON.stringify({ mode: value }));
      }, mode);
    });

    test('/app has no axe violations', async ({ page, signIn, makeAxeBuilder }) => {
      await signIn(DEMO_USERS.analyst);
      const chooser = new ChooserPage(page);
      await expect(chooser.cards).toHaveCount(3);
      await expect(page.locator('body')).toHaveCSS(
        'background-color',
        mode === 'dark' ? 'rgb(18, 18, 18)' : 'rgb(255, 255, 255)',
      );

      const results = await makeAxeBuilder().analyze();

      expect(results.violations).toEqual([]);
    });

    test('the runtime shell has no axe violations', async ({ page, signIn, demoAppIds, makeAxeBuilder }) => {
      await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.projetos}` });
      const shell = new RuntimeShellPage(page);
      await expect(shell.menu(DEMO_APPS.projetos)).toBeVisible();
      await expect(shell.menuBadge('minhas-tarefas')).toBeVisible();
      await expect(page.getByTestId('page-progress')).toHaveCount(0);
      await shell.waitForSettledContent();

      const results = await makeAxeBuilder().analyze();

      expect(results.violations).toEqual([]);
    });

    test('the open messages popup has no axe violations', async ({
      page,
      signIn,
      demoAppIds,
      makeAxeBuilder,
    }) => {
      await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.aet}` });
      const shell = new RuntimeShellPage(page);
      await expect(shell.menu(DEMO_APPS.aet)).toBeVisible();
      await shell.topBar.bell.click();
      const popup = page.getByRole('dialog', { name: 'Mensagens' });
      await expect(popup).toBeVisible();
      await expect(popup).toHaveCSS('opacity', '1');

      const results = await makeAxeBuilder().include('[role="dialog"][aria-label="Mensagens"]').analyze();

      expect(results.violations).toEqual([]);
    });
  });
}
