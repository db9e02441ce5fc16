import type { APIRequestContext } from '@playwright/test';
import { ADMIN_TEST_TIMEOUT, DEMO_USERS, expect, publicSettings, rgb, test } from '../fixtures/admin.ts';
import type { SessionApi } from '../fixtures/shell.ts';
import { PlatformSettingsAdminPage } from '../pages/admin/AdminPages.ts';
import { MAINTENANCE_PATH, MAINTENANCE_TEXT } from '../pages/MaintenancePage.ts';

/**
 * Platform-wide settings: one test at a time, each restoring what it changed through the admin API right after
 * its check (the maintenance flag redirects every page of every test on this server).
 */
test.describe.configure({ mode: 'serial', timeout: ADMIN_TEST_TIMEOUT });
// No other admin test loads a page while these run (fixtures/admin.ts).
test.use({ platformLock: 'exclusive' });

/** The red palette's light-mode primary (packages/contracts/src/platform/palettes.ts). */
const RED_PRIMARY_MAIN = '#C62828';

async function restore(adminSession: SessionApi, patch: Record<string, unknown>): Promise<void> {
  await adminSession.post('/api/admin/savePlatformSettings', patch);
}

async function expectMaintenanceOff(request: APIRequestContext): Promise<void> {
  expect((await publicSettings(request)).maintenance).toBe(false);
}

test.describe('administration: platform settings (spec §1, §2.11)', () => {
  test.afterAll(async ({ adminSession }) => {
    // Belt and braces: whatever happened, never leave the platform in maintenance.
    await restore(adminSession, { maintenance: false });
  });

  test('a new palette applies at once, without a reload', async ({ page, signInAsAdmin, adminSession }) => {
    const before = await publicSettings(page.request);
    const settings = new PlatformSettingsAdminPage(page);
    await signInAsAdmin();
    await settings.area.open('settings');
    await expect(settings.area.heading).toHaveText('Configurações da plataforma');
    await settings.area.waitForSettled();
    const colourBefore = await settings.save.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(colourBefore).not.toBe(rgb(RED_PRIMARY_MAIN));

    // No navigation may happen: a marker on window survives only without a reload.
    await page.evaluate(() => {
      (window as unknown as { e2eNoReload: boolean }).e2eNoReload = true;
    });
    try {
      await settings.choosePalette('Vermelho');
      await settings.save.click();
      await expect(settings.area.notice('Configurações salvas com sucesso.')).toBeVisible();
      // Off the button: hovered, a contained button shows the palette's dark shade.
      await page.mouse.move(0, 0);
      await settings.save.blur();
      await expect(settings.save).toHaveCSS('background-color', rgb(RED_PRIMARY_MAIN));
      expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(
        true,
      );
      expect((await publicSettings(page.request)).theme).toBe('red');
    } finally {
      await restore(adminSession, { theme: before.theme });
    }
    expect((await publicSettings(page.request)).theme).toBe(before.theme);
  });

  test('maintenance mode sends every visitor to /maintenance', async ({
    page,
    browser,
    signInAsAdmin,
    adminSession,
  }) => {
    await expectMaintenanceOff(page.request);
    const settings = new PlatformSettingsAdminPage(page);
    await signInAsAdmin();
    await settings.area.open('settings');
    await settings.area.waitForSettled();
    await expect(settings.maintenance).not.toBeChecked();
    // Everything the check needs is ready before the switch: the window in maintenance stays short.
    const visitor = await browser.newContext();
    try {
      const visitorPage = await visitor.newPage();
      await settings.maintenance.check();
      await settings.save.click();
      try {
        // The admin's own page is the first to go.
        await expect(page).toHaveURL(new RegExp(`${MAINTENANCE_PATH}$`));
        expect((await publicSettings(page.request)).maintenance).toBe(true);
        await visitorPage.goto('/');
        await expect(visitorPage).toHaveURL(new RegExp(`${MAINTENANCE_PATH}$`));
        await expect(visitorPage.getByText(MAINTENANCE_TEXT['pt-BR'], { exact: true })).toBeVisible();
      } finally {
        await restore(adminSession, { maintenance: false });
      }
    } finally {
      await visitor.close();
    }
    await expectMaintenanceOff(page.request);
    // And back: the login is reachable again.
    await page.goto(DEMO_USERS.admin.portal);
    await expect(page).not.toHaveURL(new RegExp(`${MAINTENANCE_PATH}$`));
  });
});
