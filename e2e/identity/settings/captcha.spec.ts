import { expect, test } from '../../fixtures/identity.ts';
import { IdentityLoginPage } from '../../pages/identity/IdentityLoginPage.ts';
import { SignedInShell } from '../../pages/identity/OtherIdentityPages.ts';
import { authenticate } from '../../support/api.ts';
import {
  E2E_RECAPTCHA_SECRET,
  E2E_RECAPTCHA_SITE_KEY,
  E2E_RECAPTCHA_VERIFY_URL,
} from '../../support/stack-constants.ts';

const FAIL_REASON = { CAPTCHA_REQUIRED: 5, CAPTCHA_INVALID: 6 } as const;

test.describe('captcha on the login (spec §2.2, enableRecaptcha on)', () => {
  test.beforeEach(async ({ serverSettings }) => {
    // The server verifies tokens with the peer's local stand-in for Google's siteverify.
    await serverSettings.security({
      recaptchaSecret: E2E_RECAPTCHA_SECRET,
      recaptchaVerifyUrl: E2E_RECAPTCHA_VERIFY_URL,
    });
    await serverSettings.platform({ enableRecaptcha: true, recaptchaSiteKey: E2E_RECAPTCHA_SITE_KEY });
  });

  test('LOGIN stays disabled until the captcha is solved; the solved token is verified by the server', async ({
    page,
    fakeRecaptcha,
    newAccount,
    peer,
  }) => {
    void fakeRecaptcha;
    const account = await newAccount({ kind: 'requerente', prefix: 'captcha' });
    const login = new IdentityLoginPage(page);

    await login.open(account.loginPath);
    await expect(login.captchaButton).toBeVisible();
    await expect(login.captchaButton).toHaveAttribute('data-sitekey', E2E_RECAPTCHA_SITE_KEY);
    await login.fill(account.login, account.password);
    await expect(login.submit).toBeDisabled();

    await login.captchaButton.click();
    await expect(login.submit).toBeEnabled();

    // An expired solution disables LOGIN again (the token is cleared).
    await page.evaluate(() =>
      (window as unknown as { __fakeRecaptcha: { expire(): void } }).__fakeRecaptcha.expire(),
    );
    await expect(login.submit).toBeDisabled();
    await login.captchaButton.click();
    await expect(login.submit).toBeEnabled();

    const before = (await peer.recaptchaVerifications()).length;
    await login.submitAndWait();
    await new SignedInShell(page).expectSignedIn(account.name);
    const verifications = await peer.recaptchaVerifications();
    expect(verifications.length).toBe(before + 1);
    expect(verifications.at(-1)).toMatchObject({ secretOk: true, success: true });
    expect(verifications.at(-1)?.token).toMatch(/^ok-/);
  });

  test('a wrong password resets the captcha for the next attempt', async ({
    page,
    fakeRecaptcha,
    newAccount,
  }) => {
    void fakeRecaptcha;
    const account = await newAccount({ kind: 'permissionario', prefix: 'captcha-reset' });
    const login = new IdentityLoginPage(page);

    await login.open(account.loginPath);
    await login.fill(account.login, 'senha-errada-e2e');
    await login.captchaButton.click();
    await login.submitAndWait();
    await expect(login.errorNotice).toHaveText('Login ou senha inválidos.');
    // A token is good for one attempt only.
    await expect(login.submit).toBeDisabled();
    await expect(login.captchaButton).toHaveAttribute('aria-pressed', 'false');
  });

  test('the server refuses a login without a solved captcha or with a rejected one', async ({
    request,
    newAccount,
  }) => {
    const account = await newAccount({ kind: 'requerente', prefix: 'captcha-api' });
    const body = { UserName: account.login, Password: account.password, forceRecaptcha: true };

    const missing = await authenticate(request, body);
    expect(missing).toMatchObject({
      success: false,
      failReason: FAIL_REASON.CAPTCHA_REQUIRED,
      captchaRequired: true,
      token: null,
    });

    const rejected = await authenticate(request, { ...body, recaptchaToken: 'bad-forged-token' });
    expect(rejected).toMatchObject({
      success: false,
      failReason: FAIL_REASON.CAPTCHA_INVALID,
      message: 'A verificação de robô falhou ou expirou. Tente novamente.',
      token: null,
    });

    const token = `ok-api-${Date.now()}`;
    const solved = await authenticate(request, { ...body, recaptchaToken: token });
    expect(solved).toMatchObject({ success: true });
    expect(solved.token).toBeTruthy();

    // The same solution is never good twice.
    const replayed = await authenticate(request, { ...body, recaptchaToken: token });
    expect(replayed).toMatchObject({ success: false, failReason: FAIL_REASON.CAPTCHA_INVALID });
  });
});
