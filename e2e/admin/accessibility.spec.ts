import { ADMIN_TEST_TIMEOUT, expect, test } from '../fixtures/admin.ts';
import { ADMIN_PATHS, AdminArea } from '../pages/admin/AdminPages.ts';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT });

/** axe-core (WCAG 2.1 A/AA and best practices, the foundation's makeAxeBuilder) on the administration pages. */
test.describe('accessibility of the administration area', () => {
  const pages = [
    { section: 'users', heading: /Usuários$/, ready: 'users-table' },
    { section: 'groups', heading: /^Grupos$/, ready: 'groups-table' },
    { section: 'settings', heading: /^Configurações da plataforma$/, ready: null },
    { section: 'plan', heading: /^Plano Contratado$/, ready: null },
  ] as const;

  for (const { section, heading, ready } of pages) {
    test(`${ADMIN_PATHS[section]} has no axe violations`, async ({ page, signInAsAdmin, makeAxeBuilder }) => {
      const area = new AdminArea(page);
      await signInAsAdmin();
      await area.open(section);
      await expect(area.heading).toHaveText(heading, { timeout: 15_000 });
      if (ready) await expect(page.getByTestId(ready).locator('tbody tr').first()).toBeVisible();
      await area.waitForSettled();

      const results = await makeAxeBuilder().analyze();

      expect(results.violations).toEqual([]);
    });
  }
});
