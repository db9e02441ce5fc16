import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/identity.ts';
import { ExpiredPasswordDialogs, IdentityLoginPage } from '../pages/identity/IdentityLoginPage.ts';
import { SignedInShell } from '../pages/identity/OtherIdentityPages.ts';
import { authenticate, DEMO_ADMIN, type TestAccount } from '../support/api.ts';
import { strongPassword } from '../support/documents.ts';
import { peer, temporaryPasswordOf } from '../support/peer.ts';

/**
 * An account whose password is expired: the administrator's "force a password reset" (user form, saveUser
 * with forcePasswordReset) e-mails a temporary password that is born expired. (The public 'Esqueci a senha'
 * changes nothing until its link is used, so it no longer expires a password.)
 */
async function expirePassword(request: APIRequestContext, account: TestAccount): Promise<string> {
  const own = await authenticate(request, { UserName: account.login, Password: account.password });
  const userId = own.loggedUser?.id;
  expect(userId).toBeGreaterThan(0);
  const admin = await authenticate(request, { UserName: DEMO_ADMIN.login, Password: DEMO_ADMIN.password });
  expect(admin.success).toBe(true);
  const headers = { authorization: `Bearer ${admin.token}` };
  if (!admin.userAgreedTermsOfUse) {
    const accepted = await request.post('/api/users/acceptTermsOfUse', {
      headers,
      data: { accept: true, userId: admin.loggedUser?.id ?? 0, browserInfo: 'e2e admin' },
    });
    expect(accepted.ok()).toBe(true);
  }
  const edit = await request.get('/api/user/getUsertoEdit', { headers, params: { UserId: String(userId) } });
  expect(edit.ok()).toBe(true);
  const saved = await request.post('/api/user/saveUser', {
    headers,
    data: { ...(await edit.json()), forcePasswordReset: true },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
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
