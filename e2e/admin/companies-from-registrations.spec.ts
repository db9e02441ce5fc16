import { ADMIN_TEST_TIMEOUT, expect, test } from '../fixtures/admin.ts';
import { AdminGrid, UsersAdminPage } from '../pages/admin/AdminPages.ts';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT });

/**
 * Issue 22: 'Empresas' was empty and the users' company column blank although the demo permissionário and
 * requerente registered as companies. Their companies now exist and the accounts belong to them.
 */
test('Empresas lists the companies of the registered accounts, and the users show their company', async ({
  page,
  signInAsAdmin,
}) => {
  await signInAsAdmin();
  await page.goto('/administration/companies');
  const companies = new AdminGrid(page, 'companies-table');
  await expect(companies.row('35894127000186').or(companies.row('35.894.127/0001-86'))).toHaveCount(1, {
    timeout: 20_000,
  });
  await expect(companies.row('ENERGIA SUL DISTRIBUIDORA DE ELETRICIDADE S.A.')).toHaveCount(1);

  const users = new UsersAdminPage(page);
  await users.area.open('users');
  await users.grid.filter('Email').fill('energia@demo.der.test');
  await expect(users.grid.row('energia@demo.der.test')).toContainText(
    'ENERGIA SUL DISTRIBUIDORA DE ELETRICIDADE S.A.',
    { timeout: 20_000 },
  );
});
