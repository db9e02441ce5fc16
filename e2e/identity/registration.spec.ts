import { expect, test } from '../fixtures/identity.ts';
import { IdentityLoginPage } from '../pages/identity/IdentityLoginPage.ts';
import { SignedInShell } from '../pages/identity/OtherIdentityPages.ts';
import {
  ActivationPage,
  RegisterPermissionarioPage,
  RegisterRequerentePage,
} from '../pages/identity/RegistrationPages.ts';
import {
  formatCnpj,
  formatCpf,
  randomCnpj,
  randomCpf,
  strongPassword,
  uniqueEmail,
  uniqueSuffix,
} from '../support/documents.ts';
import { activationLinkOf, peer } from '../support/peer.ts';

const ACTIVATION_SUBJECT = /^Ative sua conta/;

/**
 * Spec §2.3 / §2.4: the account is created inactive, the e-mailed link activates it, and the user signs in
 * on the portal of the account type.
 */
async function activateFromEmail(
  page: import('@playwright/test').Page,
  account: {
    email: string;
    nome: string;
    activatePath: '/activate' | '/activateRequerente';
    loginPath: string;
  },
): Promise<void> {
  const mail = await peer.waitForMail(account.email, { subject: ACTIVATION_SUBJECT });
  const link = activationLinkOf(mail);
  const url = new URL(link);
  expect(url.pathname).toBe(account.activatePath);

  await page.goto(`${url.pathname}${url.search}`);
  const activation = new ActivationPage(page);
  await expect(activation.accountName).toHaveText(account.nome, { timeout: 20_000 });
  await expect(activation.accountEmail).toHaveText(account.email);
  await activation.activate.click();
  await expect(activation.successDialog).toBeVisible();
  await activation.successOk.click();
  await expect(page).toHaveURL(new RegExp(`${account.loginPath}$`));

  // The link works once: the account is active now.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(activation.alreadyActive).toBeVisible();
  await expect(activation.activate).toHaveCount(0);
}

async function signInOnPortal(
  page: import('@playwright/test').Page,
  account: { email: string; password: string; nome: string; loginPath: '/faixaDeDominio' | '/aet' },
): Promise<void> {
  const login = new IdentityLoginPage(page);
  await login.open(account.loginPath);
  await login.signIn(account.email, account.password);
  await new SignedInShell(page).expectSignedIn(account.nome);
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('stored_data') ?? 'null'));
  expect(stored?.loginPage).toBe(account.loginPath);
}

test.describe('registration and activation', () => {
  // Several pages and Argon2-checked logins per test: three times the default timeout on a 2-core machine.
  test.slow();

  test('a permissionário pessoa física registers with a masked CPF, activates by e-mail and signs in', async ({
    page,
  }) => {
    const register = new RegisterPermissionarioPage(page);
    const cpf = randomCpf();
    const email = uniqueEmail('pf');
    const password = strongPassword();
    const typedName = `maria e2e ${uniqueSuffix()}`;
    const nome = typedName.toLocaleUpperCase('pt-BR');

    await register.open();
    await register.fillAccount({ nome: typedName, email, password });
    // Spec §5: name fields are upper-cased as typed.
    await expect(register.nome).toHaveValue(nome);
    await register.atualizacao('Não').check();
    await register.personType('Pessoa Física').check();
    await register.typeMasked(register.cpf(), cpf);
    await expect(register.cpf()).toHaveValue(formatCpf(cpf));
    await register.field('Profissão').pressSequentially('engenheira');
    await expect(register.field('Profissão')).toHaveValue('ENGENHEIRA');
    await register.field('RG').pressSequentially('12a34b567');
    // RG keeps digits only.
    await expect(register.field('RG')).toHaveValue('1234567');
    await register.field('Órgão expedidor').pressSequentially('ssp');
    await register.field('Estado civil').pressSequentially('solteira');
    await register.field('Nacionalidade').pressSequentially('brasileira');

    await register.submitAndConfirm();
    await register.successOk.click();
    await expect(page).toHaveURL(/\/faixaDeDominio$/);

    // Not active yet: the login says so.
    const login = new IdentityLoginPage(page);
    await login.signIn(email, password);
    await expect(login.errorNotice).toHaveText(
      'Sua conta ainda não foi ativada. Use o link enviado para o seu e-mail.',
    );

    await activateFromEmail(page, { email, nome, activatePath: '/activate', loginPath: '/faixaDeDominio' });
    await signInOnPortal(page, { email, password, nome, loginPath: '/faixaDeDominio' });
  });

  test('a permissionário pessoa jurídica registers with a masked CNPJ, activates by e-mail and signs in', async ({
    page,
  }) => {
    const register = new RegisterPermissionarioPage(page);
    const cnpj = randomCnpj();
    const email = uniqueEmail('pj');
    const password = strongPassword();
    const nome = `E2E ENGENHARIA ${uniqueSuffix().toUpperCase()} LTDA`;

    await register.open();
    // Pessoa Jurídica is the default.
    await expect(register.personType('Pessoa Jurídica')).toBeChecked();
    await register.fillAccount({ nome: nome.toLowerCase(), email, password });
    await expect(register.nome).toHaveValue(nome);
    await register.atualizacao('Sim').check();
    await register.typeMasked(register.cnpj(), cnpj);
    await expect(register.cnpj()).toHaveValue(formatCnpj(cnpj));
    await register.field('Inscrição estadual (opcional)').pressSequentially('isento');
    await register.field('Nome fantasia').pressSequentially('e2e engenharia');
    await register.field('Atividade').pressSequentially('obras viárias');
    await expect(register.field('Atividade')).toHaveValue('OBRAS VIÁRIAS');

    await register.submitAndConfirm();
    await register.successOk.click();
    await expect(page).toHaveURL(/\/faixaDeDominio$/);

    await activateFromEmail(page, { email, nome, activatePath: '/activate', loginPath: '/faixaDeDominio' });
    await signInOnPortal(page, { email, password, nome, loginPath: '/faixaDeDominio' });
  });

  test('a requerente registers for AET, activates by e-mail and signs in at /aet', async ({ page }) => {
    const register = new RegisterRequerentePage(page);
    const cnpj = randomCnpj();
    const email = uniqueEmail('req');
    const password = strongPassword();
    const nome = `E2E TRANSPORTES ${uniqueSuffix().toUpperCase()}`;

    await register.open();
    await register.fillAccount({ nome, email, password });
    await register.chooseTipoRequerente('Transportador');
    await register.typeMasked(register.cnpj(), cnpj);
    await expect(register.cnpj()).toHaveValue(formatCnpj(cnpj));

    await register.submitAndConfirm();
    await register.successOk.click();
    await expect(page).toHaveURL(/\/aet$/);

    const mail = await peer.waitForMail(email, { subject: ACTIVATION_SUBJECT });
    expect(mail.text).toContain('requerente de AET');
    await activateFromEmail(page, { email, nome, activatePath: '/activateRequerente', loginPath: '/aet' });
    await signInOnPortal(page, { email, password, nome, loginPath: '/aet' });
  });
});
