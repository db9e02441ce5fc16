import { ADMIN_TEST_TIMEOUT, expect, test, uniqueName } from '../fixtures/admin.ts';
import { EmailServerAdminPage } from '../pages/admin/AdminPages.ts';
import { peer } from '../support/peer.ts';
import { SMTP_PORT } from '../support/stack-constants.ts';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT });

test.describe('administration: e-mail server', () => {
  test('saves the SMTP server and sends a test e-mail through it', async ({ page, signInAsAdmin }) => {
    // The saved server replaces the stack's SMTP_* environment for every e-mail of the platform, so it is
    // pointed at the very same capture server: the other specs keep receiving their e-mails.
    const mailbox = uniqueName('E2E Teste SMTP').email;
    const email = new EmailServerAdminPage(page);
    await signInAsAdmin();
    await email.area.open('emailServer');
    await expect(email.area.heading).toHaveText('Servidor de e-mail');
    await expect(email.host).toBeVisible({ timeout: 15_000 });

    await email.host.fill('127.0.0.1');
    await email.port.fill(String(SMTP_PORT));
    await email.chooseSecurity('Nenhuma');
    await email.user.fill('');
    if ((await email.sender.inputValue()) === '') await email.sender.fill('DER <nao-responda@e2e.der.test>');
    await email.save.click();
    await expect(email.area.notice('Servidor de e-mail salvo com sucesso.')).toBeVisible();
    await expect(page.getByText('Configuração salva na administração.')).toBeVisible();

    await email.testTo.fill(mailbox);
    await email.sendTest.click();
    await expect(email.answer).toBeVisible({ timeout: 20_000 });
    await expect(email.answer).toContainText(/^250\b/);
    await expect(email.answer).toHaveClass(/Success/);

    const mail = await peer.waitForMail(mailbox);
    expect(mail.to).toContain(mailbox.toLowerCase());
  });
});
