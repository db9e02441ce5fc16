import { DEMO_APPS, DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/shell.ts';
import { ChooserPage } from '../pages/shell/ShellPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT });

/** Issue 22: the apps button and an application shortcut without an icon of its own looked the same. */
test('the apps button and the Faixa de Domínio shortcut look different and are named differently', async ({
  page,
  signIn,
}) => {
  await signIn(DEMO_USERS.analyst, { next: '/app' });
  const chooser = new ChooserPage(page);
  const faixa = chooser.topBar.toolbarApp(DEMO_APPS.faixa);
  await expect(faixa).toBeVisible({ timeout: 20_000 });
  const apps = page.getByRole('banner').getByRole('link', { name: 'Aplicações', exact: true });
  await expect(apps).toBeVisible();
  // The apps button draws the grid icon; the shortcut draws no icon at all, only its initials.
  await expect(apps.locator('svg')).toHaveCount(1);
  await expect(faixa.locator('svg')).toHaveCount(0);
  await expect(faixa.getByTestId('app-initials')).toHaveAttribute('data-initials', 'FD');
  await expect(faixa).toHaveText('');
});
