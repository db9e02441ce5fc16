import { expect, test } from '../../fixtures/identity.ts';
import { IdentityLoginPage } from '../../pages/identity/IdentityLoginPage.ts';
import { MfaPage, SignedInShell } from '../../pages/identity/OtherIdentityPages.ts';
import { freshTotpCode } from '../../support/totp.ts';

test.describe('two-step authentication (spec §2.7, platformMfaEnabled on)', () => {
  test.beforeEach(async ({ serverSettings }) => {
    await serverSettings.security({ platformMfaEnabled: true });
  });

  test('sets up the authenticator on the first login and asks for a code on the next', async ({
    page,
    newAccount,
    makeAxeBuilder,
  }) => {
    // A second code needs the next 30-second TOTP step.
    test.setTimeout(90_000);
    const account = await newAccount({ kind: 'requerente', prefix: 'mfa' });
    const login = new IdentityLoginPage(page);
    const mfa = new MfaPage(page);
    const shell = new SignedInShell(page);
    const usedCodes = new Set<string>();

    await login.open(account.loginPath);
    await login.signIn(account.login, account.password);
    await expect(page).toHaveURL(/\/enableMFA\?next=%2Fapp$/);
    await expect(mfa.enableHeading).toBeVisible();
    await expect(mfa.qrCode).toBeVisible();
    await expect(mfa.qrCode).toHaveAttribute('src', /^data:image\/png;base64,/);
    const secret = (await mfa.textCode.textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);

    const enableScan = await makeAxeBuilder().analyze();
    expect(enableScan.violations, '/enableMFA').toEqual([]);

    // A code of the wrong length is caught on the page; a wrong code by the server.
    await mfa.code.fill('123');
    await mfa.send.click();
    await expect(page.getByText('O código deve ter 6 dígitos', { exact: false })).toBeVisible();
    const wrong = (Number((await freshTotpCode(secret, new Set())).slice(0, 6)) + 1) % 1_000_000;
    await mfa.code.fill(String(wrong).padStart(6, '0'));
    await mfa.send.click();
    await expect(mfa.failure).toBeVisible();
    await expect(page).toHaveURL(/\/enableMFA/);

    await mfa.code.fill(await freshTotpCode(secret, usedCodes));
    await mfa.send.click();
    await shell.expectSignedIn(account.name);

    // Sign out and back in: now a code is asked for, on /validateMFA.
    await shell.signOut(account.name);
    await expect(page).toHaveURL(/\/aet/);
    await login.signIn(account.login, account.password);
    await expect(page).toHaveURL(/\/validateMFA\?next=%2Fapp$/);
    await expect(mfa.validateHeading).toBeVisible();
    await expect(mfa.qrCode).toHaveCount(0);

    const validateScan = await makeAxeBuilder().analyze();
    expect(validateScan.violations, '/validateMFA').toEqual([]);

    await mfa.code.fill(await freshTotpCode(secret, usedCodes));
    await mfa.send.click();
    await shell.expectSignedIn(account.name);
  });

  test('Cancel on the two-step set-up signs out and returns to the login with next', async ({
    page,
    newAccount,
  }) => {
    const account = await newAccount({ kind: 'permissionario', prefix: 'mfa-cancel' });
    const login = new IdentityLoginPage(page);
    const mfa = new MfaPage(page);

    await login.open(account.loginPath, { next: '/app' });
    await login.signIn(account.login, account.password);
    await expect(page).toHaveURL(/\/enableMFA\?next=%2Fapp$/);
    await expect(mfa.textCode).toBeVisible();
    await mfa.cancel.click();
    await expect(page).toHaveURL(/\/\?next=%2Fapp$/);
    expect(await page.evaluate(() => window.localStorage.getItem('stored_data'))).toBeNull();
  });
});
