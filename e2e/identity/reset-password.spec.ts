import { expect, test } from '../fixtures/identity.ts';
import { IdentityLoginPage } from '../pages/identity/IdentityLoginPage.ts';
import { NewPasswordPage, ResetPasswordPage, SignedInShell } from '../pages/identity/OtherIdentityPages.ts';
import { authenticate } from '../support/api.ts';
import { strongPassword } from '../support/documents.ts';
import type { CapturedMail } from '../support/stack-constants.ts';

const RESET_SUBJECT = /^Crie uma nova senha/;
const LINK_INVALID =
  'Este link para criar uma nova senha é inválido ou expirou. Peça um novo em "Esqueci a senha".';

/** The link of a password-reset e-mail (text part). */
function resetLinkOf(mail: CapturedMail): string {
  const match = /(https?:\/\/\S+\/newPassword\?token=[^\s"<>]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link in the e-mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}

test.describe('forgot password (spec §2.6)', () => {
  // Several pages and Argon2-checked logins per test: three times the default timeout on a 2-core machine.
  test.slow();

  test('e-mails a link; the old password works until the owner chooses a new one on its page', async ({
    page,
    request,
    newAccount,
    peer,
    makeAxeBuilder,
  }) => {
    const account = await newAccount({ kind: 'permissionario', prefix: 'reset' });

    // The link from the login is covered by login-links.spec.ts.
    const reset = new ResetPasswordPage(page);
    await reset.open();
    await reset.login.fill(account.login);
    await reset.submit.click();
    await expect(reset.success).toHaveText(
      'E-mail enviado: Se o login existir, um link para criar uma nova senha foi enviado para o e-mail cadastrado. Ele vale por 30 minutos.',
    );
    // Spec §2.6: back to the login after 3 seconds.
    await expect(page).toHaveURL(/\/$/, { timeout: 6_000 });

    const mail = await peer.waitForMail(account.email, { subject: RESET_SUBJECT });
    expect(mail.text).toContain(`login ${account.login}`);
    expect(mail.text).toContain('30 minutos');
    const link = resetLinkOf(mail);

    // Asking changed nothing: the old password still signs in.
    const before = await authenticate(request, { UserName: account.login, Password: account.password });
    expect(before.success).toBe(true);

    const choose = new NewPasswordPage(page);
    await choose.open(link);
    await expect(choose.login).toHaveValue(account.login);
    await expect(choose.newPassword).toBeVisible();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    // The confirmation must match.
    const chosen = strongPassword();
    await choose.newPassword.fill(chosen);
    await choose.passwordConfirm.fill(`${chosen}x`);
    await choose.save.click();
    await expect(page.getByText('As senhas não são iguais')).toBeVisible();

    await choose.passwordConfirm.fill(chosen);
    await choose.save.click();
    await expect(choose.success).toHaveText('Senha alterada com sucesso. Entre com a nova senha.');
    // Not signed in by the link: back to the login.
    await expect(page).toHaveURL(/\/$/, { timeout: 6_000 });

    const login = new IdentityLoginPage(page);
    await expect(login.login).toBeVisible({ timeout: 20_000 });
    await login.signIn(account.login, account.password);
    await expect(login.errorNotice).toHaveText('Login ou senha inválidos.');
    await login.signIn(account.login, chosen);
    await new SignedInShell(page).expectSignedIn(account.name);

    // The link worked once.
    const again = new NewPasswordPage(page);
    await again.open(link);
    await expect(again.error).toHaveText(LINK_INVALID);
    await expect(again.newPassword).toHaveCount(0);
    await expect(again.requestNewLink).toBeVisible();
  });

  test('says an unknown or incomplete link does not work, before anything is typed', async ({
    page,
    makeAxeBuilder,
  }) => {
    const choose = new NewPasswordPage(page);
    await choose.open('/newPassword?token=nao-existe-este-token');
    await expect(choose.error).toHaveText(LINK_INVALID);
    await expect(choose.newPassword).toHaveCount(0);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    await choose.open('/newPassword');
    await expect(choose.error).toHaveText(
      'Este link está incompleto. Abra o link exatamente como veio no e-mail ou peça um novo em "Esqueci a senha".',
    );
    await choose.requestNewLink.click();
    await expect(page).toHaveURL(/\/reset-password$/);
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
