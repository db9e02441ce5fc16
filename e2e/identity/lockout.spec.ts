import { expect, test } from '../fixtures/identity.ts';
import { IdentityLoginPage } from '../pages/identity/IdentityLoginPage.ts';

/**
 * Per-account brute-force protection (apps/server/src/modules/identity/core/login-throttle.ts): three free
 * failures, then a doubling wait (1 s, 2 s, 4 s … 30 s) during which attempts are refused with failure
 * reason 4 and the wait, and after ten failures a 15-minute lock that even the right password cannot pass.
 */
const WRONG = 'senha-errada-e2e';
const WAIT_MESSAGE = /^Muitas tentativas sem sucesso\. Aguarde (\d+) segundo\(s\) e tente novamente\.$/;
/** The wait after `failures` failures, as the server computes it (login-throttle.ts delayAfterFailures). */
function delayAfterFailures(failures: number): number {
  return failures <= 3 ? 0 : Math.min(1000 * 2 ** (failures - 4), 30_000);
}

const LOCKED_MESSAGE =
  'Muitas tentativas sem sucesso. O acesso foi bloqueado; tente novamente em 15 minuto(s).';

test.describe('login throttle and lockout', () => {
  test('shows the failure message, then the wait with a disabled LOGIN, then locks the account', async ({
    page,
    newAccount,
  }) => {
    // Ten failures need about a minute and a half of waits (1 + 2 + 4 + 8 + 16 + 30 s, and the refused attempt).
    test.setTimeout(180_000);
    const account = await newAccount({ kind: 'requerente', prefix: 'lockout' });
    const login = new IdentityLoginPage(page);
    await login.open('/aet');

    // Three ordinary typos, then failures 4 to 6, each after the wait the policy imposes: each says only that
    // the credentials are wrong.
    for (let failures = 1; failures <= 6; failures += 1) {
      await page.waitForTimeout(delayAfterFailures(failures - 1) + 300);
      await login.signIn(account.login, WRONG);
      await expect(login.errorNotice).toHaveText('Login ou senha inválidos.');
      await expect(login.lockedWait).toHaveCount(0);
    }

    // An attempt right away comes too soon (the wait after six failures is 4 s, ample for one click): refused
    // with the wait, and LOGIN stays disabled while it counts down.
    await login.submitAndWait();
    await expect(login.errorNotice).toHaveText(WAIT_MESSAGE);
    await expect(login.lockedWait).toBeVisible();
    await expect(login.submit).toBeDisabled();
    await expect(login.submit).toBeEnabled({ timeout: 10_000 });

    // Keep failing, each time after the wait the policy imposes (a refused attempt would not count), until the
    // tenth failure locks the account.
    for (let failures = 7; failures <= 10; failures += 1) {
      await expect(login.submit).toBeEnabled({ timeout: 35_000 });
      await page.waitForTimeout(delayAfterFailures(failures - 1) + 300);
      await login.submitAndWait();
      await expect(login.errorNotice).toHaveText('Login ou senha inválidos.');
    }

    // Locked: the right password is refused too, with the lock's wait.
    await expect(login.submit).toBeEnabled({ timeout: 35_000 });
    await login.password.fill(account.password);
    await login.submitAndWait();
    await expect(login.errorNotice).toHaveText(LOCKED_MESSAGE);
    await expect(login.lockedWait).toHaveText(/Aguarde (8\d\d|900) segundos para tentar novamente\./);
    await expect(login.submit).toBeDisabled();
  });
});
