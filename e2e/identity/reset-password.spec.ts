import { expect, test } from '../fixtures/identity.ts';
import { ExpiredPasswordDialogs, IdentityLoginPage } from '../pages/identity/IdentityLoginPage.ts';
import { ResetPasswordPage, SignedInShell } from '../pages/identity/OtherIdentityPages.ts';
import { strongPassword } from '../support/documents.ts';
import { temporaryPasswordOf } from '../support/peer.ts';

const NEW_PASSWORD_SUBJECT = /^Sua nova senha/;

test.describe('forgot password (spec §2.6)', () => {
  // Several pages and Argon2-checked logins per test: three times the default timeout on a 2-core machine.
  test.slow();

  test('e-mails a temporary password that must be changed at the first login', async ({
    page,
    newAccount,
    peer,
  }) => {
    const account = await newAccount({ kind: 'permissionario', prefix: 'reset' });

    const login = new IdentityLoginPage(page);
    // The link from the login is covered by login-links.spec.ts.
    const reset = new ResetPasswordPage(page);
    await reset.open();
    await reset.login.fill(account.login);
    await reset.submit.click();
    await expect(reset.success).toHaveText(
      'E-mail enviado: Se o login existir, uma nova senha foi enviada para o e-mail cadastrado.',
    );
    // Spec §2.6: back to the login after 3 seconds.
    await expect(page).toHaveURL(/\/$/, { timeout: 6_000 });

    const mail = await peer.waitForMail(account.email, { subject: NEW_PASSWORD_SUBJECT });
    const temporary = temporaryPasswordOf(mail);
    expect(mail.text).toContain(`login ${account.login}`);

    // The old password no longer works.
    await login.signIn(account.login, account.password);
    await expect(login.errorNotice).toHaveText('Login ou senha inválidos.');

    // The temporary one is already expired: confirm, then choose a new password.
    await login.fill(account.login, temporary);
    await login.submitAndWait();
    const expired = new ExpiredPasswordDialogs(page);
    await expect(expired.confirm).toBeVisible();
    await expired.confirmYes.click();
    await expect(expired.change).toBeVisible();
    await expect(expired.login).toHaveValue(account.login);
    const chosen = strongPassword();
    await expired.oldPassword.fill(temporary);
    await expired.newPassword.fill(chosen);
    await expired.passwordConfirm.fill(chosen);
    await expired.save.click();
    await expect(expired.change).toBeHidden();
    await expect(login.successNotice).toHaveText('Senha alterada com sucesso');

    await login.signIn(account.login, chosen);
    await new SignedInShell(page).expectSignedIn(account.name);
  });

  test('gives the same answer for an unknown login and sends nothing', async ({ page, peer }) => {
    const reset = new ResetPasswordPage(page);
    const unknown = `ninguem.${Date.now()}@e2e.der.test`;
    await reset.open();
    await reset.login.fill(unknown);
    await reset.submit.click();
    await expect(reset.success).toBeVisible();
    // Give the outbox worker (200 ms) time to send anything it would.
    await page.waitForTimeout(1000);
    expect(await peer.mailsTo(unknown)).toEqual([]);
  });

  test('requires the login', async ({ page }) => {
    const reset = new ResetPasswordPage(page);
    await reset.open();
    await reset.submit.click();
    await expect(page.getByText('Obrigatório')).toBeVisible();
    await expect(reset.success).toHaveCount(0);
  });
});
