import { expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/shell.ts';
import { IdentityLoginPage } from '../pages/identity/IdentityLoginPage.ts';
import { ChangePasswordDialog, EditProfileDialog, UserMenu } from '../pages/shell/UserMenu.ts';
import { strongPassword } from '../support/documents.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT });
/**
 * The user menu's profile and password dialogs (spec §2.10, features/profile), each on a requerente
 * registered for the test: the demo accounts are shared by the whole run.
 */
test.describe('user menu', () => {
  test('shows the signed-in user and edits the name, kept after a reload and the next login', async ({
    page,
    signIn,
    freshUser,
  }) => {
    const user = await freshUser();
    await signIn(user);
    const menu = new UserMenu(page);
    await expect(menu.topBar.userMenuButton).toHaveAccessibleName(`Menu do usuário ${user.name}`);
    await menu.open();
    await expect(menu.userName).toHaveText(user.name);
    await expect(menu.userEmail).toHaveText(user.email);

    await menu.editProfile.click();
    const dialog = new EditProfileDialog(page);
    await expect(dialog.name).toHaveValue(user.name);
    await expect(dialog.email).toHaveValue(user.email);
    const newName = `${user.name} EDITADO`;
    await dialog.name.fill(newName);
    await dialog.save.click();
    await expect(page.getByText('Perfil atualizado com sucesso')).toBeVisible();
    await expect(dialog.dialog).toBeHidden();
    await expect(menu.topBar.userMenuButton).toHaveAccessibleName(`Menu do usuário ${newName}`);

    await page.reload();
    await expect(menu.topBar.userMenuButton).toHaveAccessibleName(`Menu do usuário ${newName}`);
    await menu.open();
    await expect(menu.userName).toHaveText(newName);

    // The server has it too: a new login brings the new name.
    await menu.exit.click();
    await expect(new IdentityLoginPage(page).login).toBeVisible();
    await signIn(user);
    await expect(menu.topBar.userMenuButton).toHaveAccessibleName(`Menu do usuário ${newName}`);
  });

  test('an empty name is refused in the dialog', async ({ page, signIn, freshUser }) => {
    const user = await freshUser();
    await signIn(user);
    const menu = new UserMenu(page);
    await menu.open();
    await menu.editProfile.click();
    const dialog = new EditProfileDialog(page);
    await dialog.name.fill('');
    await dialog.save.click();

    await expect(dialog.dialog).toBeVisible();
    await expect(dialog.name).toHaveAttribute('aria-invalid', 'true');
    // The helper text is a sentence, never a raw translation key.
    await expect(dialog.dialog.getByText(/validation\./)).toHaveCount(0);
  });

  test('changes the password; the next login needs the new one', async ({ page, signIn, freshUser }) => {
    const user = await freshUser();
    await signIn(user);
    const menu = new UserMenu(page);
    await menu.open();
    await menu.changePassword.click();

    const dialog = new ChangePasswordDialog(page);
    const newPassword = strongPassword();
    await dialog.oldPassword.fill(user.password);
    await dialog.newPassword.fill(newPassword);
    await dialog.passwordConfirm.fill(newPassword);
    await dialog.save.click();
    await expect(page.getByText('Senha alterada com sucesso')).toBeVisible();
    await expect(dialog.dialog).toBeHidden();

    await menu.open();
    await menu.exit.click();
    const login = new IdentityLoginPage(page);
    await expect(login.login).toBeVisible();

    await login.signIn(user.login, user.password);
    await expect(login.errorNotice).toBeVisible();

    await signIn({ ...user, password: newPassword });
    await expect(page).toHaveURL(/\/app$/);
    await expect(menu.topBar.userMenuButton).toHaveAccessibleName(`Menu do usuário ${user.name}`);
  });

  test('a wrong current password keeps the dialog open with an error notice', async ({
    page,
    signIn,
    freshUser,
  }) => {
    const user = await freshUser();
    await signIn(user);
    const menu = new UserMenu(page);
    await menu.open();
    await menu.changePassword.click();

    const dialog = new ChangePasswordDialog(page);
    const newPassword = strongPassword();
    await dialog.oldPassword.fill(`${user.password}x`);
    await dialog.newPassword.fill(newPassword);
    await dialog.passwordConfirm.fill(newPassword);
    await dialog.save.click();

    const notice = page.getByText('A senha atual não confere.');
    await expect(notice).toBeVisible();
    await expect(dialog.dialog).toBeVisible();
    await expect(page.getByText('Senha alterada com sucesso')).toHaveCount(0);
    // The notice stays until dismissed, so its text and its Fechar action must reach assistive technology
    // although the dialog is modal (not aria-hidden with the rest of the page).
    expect
      .soft(
        await notice.evaluate(
          (element) => element.closest('[aria-hidden="true"]')?.outerHTML.slice(0, 60) ?? null,
        ),
        'the persistent error notice sits inside an aria-hidden container while the dialog is open',
      )
      .toBeNull();
    await expect.soft(page.getByRole('button', { name: 'Fechar' })).toBeVisible({ timeout: 2_000 });
    await dialog.dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(notice).toBeHidden();
    // The session was not ended by the refusal.
    await page.reload();
    await expect(menu.topBar.userMenuButton).toHaveAccessibleName(`Menu do usuário ${user.name}`);
  });
});
