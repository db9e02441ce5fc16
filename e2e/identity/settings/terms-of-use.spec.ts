import { expect, test } from '../../fixtures/identity.ts';
import { IdentityLoginPage, TermsOfUseDialog } from '../../pages/identity/IdentityLoginPage.ts';
import { SignedInShell } from '../../pages/identity/OtherIdentityPages.ts';

const MANDATORY = 'Para conseguir acessar é obrigatório aceitar o termo de uso.';

test.describe('terms of use (spec §2.2 step 1, requireTermsOfUse on)', () => {
  // Several pages and Argon2-checked logins per test: three times the default timeout on a 2-core machine.
  test.slow();

  test.beforeEach(async ({ serverSettings }) => {
    await serverSettings.platform({ requireTermsOfUse: true });
  });

  test('must be read to the end and accepted; declining keeps the user out', async ({ page, newAccount }) => {
    const account = await newAccount({ kind: 'permissionario', prefix: 'terms' });
    const login = new IdentityLoginPage(page);
    const terms = new TermsOfUseDialog(page);
    const shell = new SignedInShell(page);

    await login.open(account.loginPath);
    await login.signIn(account.login, account.password);
    await expect(terms.dialog).toBeVisible();
    await expect(terms.download).toBeVisible();
    // Not read yet: the agreement cannot be given.
    await expect(terms.scrollHint).toBeVisible();
    await expect(terms.agree).toBeDisabled();
    await expect(terms.accept).toBeDisabled();

    await terms.decline.click();
    await expect(terms.dialog).toBeHidden();
    await expect(login.errorNotice).toHaveText(MANDATORY);
    await expect(page).toHaveURL(/\/faixaDeDominio$/);
    // Declining ended the session: nothing is stored.
    expect(await page.evaluate(() => window.localStorage.getItem('stored_data'))).toBeNull();

    // Next time: read to the end, agree, continue.
    await login.signIn(account.login, account.password);
    await expect(terms.dialog).toBeVisible();
    await expect(terms.agree).toBeDisabled();
    await terms.scrollToEnd();
    await expect(terms.scrollHint).toBeHidden();
    await expect(terms.accept).toBeDisabled();
    await terms.agree.check();
    await terms.accept.click();
    await expect(terms.dialog).toBeHidden();
    await shell.expectSignedIn(account.name);

    // Accepted once: the next login goes straight in.
    await shell.signOut(account.name);
    await expect(page).toHaveURL(/\/faixaDeDominio/);
    await login.signIn(account.login, account.password);
    await shell.expectSignedIn(account.name);
    await expect(terms.dialog).toHaveCount(0);
  });

  test('the session API refuses a user who has not accepted them', async ({ request, newAccount }) => {
    const account = await newAccount({ kind: 'requerente', prefix: 'terms-api' });
    const answer = await request.post('/api/users/authenticate', {
      data: { UserName: account.login, Password: account.password },
    });
    const result = JSON.parse(Buffer.from(await answer.text(), 'base64').toString('utf8'));
    expect(result).toMatchObject({ success: true, userAgreedTermsOfUse: false });
    const apps = await request.get('/api/application/getAllowedApplications', {
      headers: { authorization: `Bearer ${result.token}` },
    });
    expect(apps.status()).toBe(403);
  });
});
