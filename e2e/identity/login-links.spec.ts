import { expect, test } from '../fixtures/identity.ts';
import { IdentityLoginPage, type PortalPath } from '../pages/identity/IdentityLoginPage.ts';
import { RegisterPermissionarioPage, RegisterRequerentePage } from '../pages/identity/RegistrationPages.ts';

/**
 * The links of the login portals (spec §2.2), each followed with one click on a freshly loaded page, as a
 * person arriving at the portal would: the Login field has the focus then, and leaving it must not move the
 * link away from under the pointer.
 */
test.describe('login portal links', () => {
  for (const portal of ['/', '/faixaDeDominio', '/aet'] as PortalPath[]) {
    test(`'Esqueci a senha' on ${portal} opens /reset-password with one click`, async ({ page }) => {
      const login = new IdentityLoginPage(page);
      await login.open(portal);
      await expect(login.login).toBeFocused();

      await login.forgotPassword.click();

      await expect(page).toHaveURL(/\/reset-password$/);
    });
  }

  test("'Criar Conta' on /faixaDeDominio opens the permissionário registration, and back", async ({
    page,
  }) => {
    const login = new IdentityLoginPage(page);
    await login.open('/faixaDeDominio');

    await login.createAccount.click();

    await expect(page).toHaveURL(/\/registerPermissionario$/);
    await new RegisterPermissionarioPage(page).haveAccount.click();
    await expect(page).toHaveURL(/\/faixaDeDominio$/);
  });

  test("'Criar Conta' on /aet opens the requerente registration, and back", async ({ page }) => {
    const login = new IdentityLoginPage(page);
    await login.open('/aet');

    await login.createAccount.click();

    await expect(page).toHaveURL(/\/registerRequerente$/);
    const register = new RegisterRequerentePage(page);
    await expect(register.tipoRequerente).toBeVisible();
    await register.haveAccount.click();
    await expect(page).toHaveURL(/\/aet$/);
  });

  test('the general login has no registration link', async ({ page }) => {
    const login = new IdentityLoginPage(page);
    await login.open('/');
    await expect(login.createAccount).toHaveCount(0);
  });
});
