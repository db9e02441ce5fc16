import {
  ADMIN_TEST_TIMEOUT,
  createUserThroughApi,
  DEMO_APPS,
  expect,
  test,
  uniqueName,
} from '../fixtures/admin.ts';
import { GroupsAdminPage } from '../pages/admin/AdminPages.ts';
import { IdentityLoginPage } from '../pages/identity/IdentityLoginPage.ts';
import { NewPasswordPage } from '../pages/identity/OtherIdentityPages.ts';
import { strongPassword } from '../support/documents.ts';

test.describe.configure({ timeout: 120_000 });

test.describe('administration: groups (spec §2.11)', () => {
  test('a new group grants an application to a new member', async ({
    page,
    browser,
    signInAsAdmin,
    adminSession,
  }) => {
    test.setTimeout(Math.max(ADMIN_TEST_TIMEOUT, 120_000));
    // A fresh user created by the admin: the invitation's link lets them choose the first password.
    const member = await createUserThroughApi(adminSession, uniqueName('E2E Membro'));
    const groupName = `E2E Grupo ${uniqueName('g').login}`;
    const groups = new GroupsAdminPage(page);

    await signInAsAdmin();
    await groups.area.openFromUserMenu();
    await groups.area.goToSection('groups');
    await expect(groups.area.heading).toHaveText('Grupos');

    await groups.newGroup.click();
    await expect(groups.name).toBeVisible({ timeout: 15_000 });
    await groups.name.fill(groupName);
    await groups.choose(groups.members, member.login, `${member.name} (${member.login})`);
    await groups.choose(groups.applications, DEMO_APPS.projetos, DEMO_APPS.projetos);
    await expect(groups.dialog.getByRole('button', { name: member.name })).toBeVisible();
    await expect(groups.dialog.getByRole('button', { name: DEMO_APPS.projetos })).toBeVisible();
    await groups.save.click();
    await expect(groups.area.notice('O grupo foi salvo com sucesso!')).toBeVisible();
    await expect(groups.dialog).toBeHidden();
    await expect(groups.grid.row(groupName)).toHaveCount(1);

    // The member opens the invitation, chooses the first password and signs in with it.
    const memberContext = await browser.newContext();
    try {
      const memberPage = await memberContext.newPage();
      const choose = new NewPasswordPage(memberPage);
      await choose.open(member.invitationLink);
      await expect(choose.login).toHaveValue(member.login);
      const chosen = strongPassword();
      await choose.newPassword.fill(chosen);
      await choose.passwordConfirm.fill(chosen);
      await choose.save.click();
      await expect(choose.success).toHaveText('Senha alterada com sucesso. Entre com a nova senha.');

      const login = new IdentityLoginPage(memberPage);
      await expect(login.login).toBeVisible({ timeout: 20_000 });
      await login.signIn(member.login, chosen);
      await expect(memberPage).toHaveURL(/\/(app|runtime)(\/|$|\?)/, { timeout: 20_000 });
      // One application: the chooser shows it, or forwards straight into it.
      await expect(
        memberPage
          .getByRole('list', { name: 'Escolha uma aplicação' })
          .getByRole('button', { name: DEMO_APPS.projetos, exact: true })
          .or(memberPage.getByRole('navigation', { name: `Menu de ${DEMO_APPS.projetos}` })),
      ).toBeVisible({ timeout: 15_000 });
      await expect(memberPage.getByRole('button', { name: DEMO_APPS.aet, exact: true })).toHaveCount(0);
    } finally {
      await memberContext.close();
    }
  });
});
