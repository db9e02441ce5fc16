import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/identity.ts';
import { ExpiredPasswordDialogs, IdentityLoginPage } from '../pages/identity/IdentityLoginPage.ts';
import { SignedInShell } from '../pages/identity/OtherIdentityPages.ts';
import type { TestAccount } from '../support/api.ts';
import { strongPassword } from '../support/documents.ts';
import { peer, temporaryPasswordOf } from '../support/peer.ts';

/** An account whose password is expired: a reset e-mails a temporary password that is born expired. */
async function expirePassword(request: APIRequestContext, account: TestAccount): Promise<string> {
  const response = await request.post('/api/users/resetPassword', { data: { UserName: account.login } });
  expect(response.ok()).toBe(true);
  return temporaryPasswordOf(await peer.waitForMail(account.email, { subject: /^Sua nova senha/ }));
}

test.describe('expired password (spec §2.2, failure reason 2)', () => {
  // Several pages and Argon2-checked logins per test: three times the default timeout on a 2-core machine.
  test.slow();

  test('asks to change it, changes it in "Alterar a Senha" and signs in with the new one', async ({
    page,
    request,
    newAccount,
  }) => {
    const account = await newAccount({ kind: 'requerente', prefix: 'expired' });
    const expiredPassword = await expirePassword(request, account);
    const login = new IdentityLoginPage(page);
    const dialogs = new ExpiredPasswordDialogs(page);

    await login.open('/aet');
    await login.signIn(account.login, expiredPassword);
    await expect(dialogs.confirm).toBeVisible();
    await expect(dialogs.confirm).toContainText('A sua senha expirou. Deseja alterar a senha agora?');

    // "Não" leaves the user on the login, not signed in.
    await dialogs.confirmNo.click();
    await expect(dialogs.confirm).toBeHidden();
    await expect(page).toHaveURL(/\/aet$/);

    await login.submitAndWait();
    await dialogs.confirmYes.click();
    await expect(dialogs.change).toBeVisible();
    await expect(dialogs.login).toHaveValue(account.login);

    // The confirmation must match.
    const chosen = strongPassword();
    await dialogs.oldPassword.fill(expiredPassword);
    await dialogs.newPassword.fill(chosen);
    await dialogs.passwordConfirm.fill(`${chosen}x`);
    await dialogs.save.click();
    await expect(dialogs.change.getByText('As senhas não são iguais')).toBeVisible();

    // A wrong current password is refused and the dialog stays open.
    await dialogs.oldPassword.fill('nao-e-a-senha-atual');
    await dialogs.passwordConfirm.fill(chosen);
    await dialogs.save.click();
    await expect(dialogs.error).toBeVisible();
    await expect(dialogs.change).toBeVisible();

    await dialogs.oldPassword.fill(expiredPassword);
    await dialogs.save.click();
    await expect(dialogs.change).toBeHidden();
    await expect(login.successNotice).toHaveText('Senha alterada com sucesso');

    // The expired password is gone; the new one signs in.
    await login.signIn(account.login, expiredPassword);
    await expect(login.errorNotice).toHaveText('Login ou senha inválidos.');
    await login.signIn(account.login, chosen);
    await new SignedInShell(page).expectSignedIn(account.name);
  });
});
