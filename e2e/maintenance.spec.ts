import { expect, test } from './fixtures/test.ts';
import { MAINTENANCE_PATH, MaintenancePage } from './pages/MaintenancePage.ts';

const onMaintenancePath = new RegExp(`${MAINTENANCE_PATH}$`);

test.describe('maintenance mode', () => {
  test.beforeEach(async ({ settings }) => {
    await settings.set({ maintenance: true });
  });

  test('redirects the general login to /maintenance and shows the Portuguese notice', async ({ page }) => {
    const maintenance = new MaintenancePage(page);

    await maintenance.open('/');

    await expect(page).toHaveURL(onMaintenancePath);
    await expect(maintenance.messagePt).toBeVisible();
    await expect(maintenance.messageEn).toHaveCount(0);
  });

  for (const path of ['/aet', '/faixaDeDominio', '/app', '/runtime/1', '/caminho-desconhecido']) {
    test(`redirects ${path} to /maintenance`, async ({ page }) => {
      const maintenance = new MaintenancePage(page);

      await maintenance.open(path);

      await expect(page).toHaveURL(onMaintenancePath);
      await expect(maintenance.messagePt).toBeVisible();
    });
  }

  test('shows the English notice on the English UI', async ({ page }) => {
    const maintenance = new MaintenancePage(page);
    await maintenance.useStoredLanguage('en');

    await maintenance.open('/aet');

    await expect(page).toHaveURL(onMaintenancePath);
    await expect(maintenance.messageEn).toBeVisible();
    await expect(maintenance.messagePt).toHaveCount(0);
  });

  test('has no accessibility violations', async ({ page, makeAxeBuilder }) => {
    const maintenance = new MaintenancePage(page);
    await maintenance.open(MAINTENANCE_PATH);
    await expect(maintenance.messagePt).toBeVisible();

    const results = await makeAxeBuilder().analyze();

    expect(results.violations).toEqual([]);
  });
});

test.describe('maintenance mode off', () => {
  test('leaves the public pages where they are', async ({ page, settings }) => {
    await settings.set({ maintenance: false });
    const maintenance = new MaintenancePage(page);

    await maintenance.open('/aet');

    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page).toHaveURL(/\/aet$/);
    await expect(maintenance.messagePt).toHaveCount(0);
  });
});
