import { expect, type Locator, type Page } from '@playwright/test';

/** /reset-password (spec §2.6). */
export class ResetPasswordPage {
  readonly page: Page;
  readonly login: Locator;
  readonly submit: Locator;
  readonly success: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.page = page;
    this.login = page.getByRole('textbox', { name: 'Login' });
    this.submit = page.getByRole('button', { name: 'Enviar link por e-mail' });
    this.success = page.getByRole('status').filter({ hasText: 'E-mail enviado: ' });
    this.error = page.getByRole('alert');
  }

  async open(): Promise<void> {
    await this.page.goto('/reset-password');
    await expect(this.login).toBeVisible({ timeout: 20_000 });
  }
}

/** /newPassword?token=… : the page of the e-mailed reset link, where the owner chooses the new password. */
export class NewPasswordPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly login: Locator;
  readonly newPassword: Locator;
  readonly passwordConfirm: Locator;
  readonly save: Locator;
  readonly success: Locator;
  readonly error: Locator;
  readonly requestNewLink: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Criar uma nova senha' });
    this.login = page.getByRole('textbox', { name: 'Login' });
    // Password inputs have no textbox role.
    this.newPassword = page.locator('input[name="newPassword"]');
    this.passwordConfirm = page.locator('input[name="passwordConfirm"]');
    this.save = page.getByRole('button', { name: 'Salvar a nova senha' });
    this.success = page.getByRole('status').filter({ hasText: 'Senha alterada com sucesso' });
    this.error = page.getByRole('alert');
    this.requestNewLink = page.getByRole('link', { name: 'Pedir um novo link' });
  }

  /** Opens an e-mailed link on the test server (its path and query: the server's public address may differ). */
  async open(link: string): Promise<void> {
    const url = new URL(link, 'http://placeholder');
    await this.page.goto(`${url.pathname}${url.search}`);
    await expect(this.heading).toBeVisible({ timeout: 20_000 });
  }
}

/** /enableMFA and /validateMFA (spec §2.7). */
export class MfaPage {
  readonly page: Page;
  readonly enableHeading: Locator;
  readonly validateHeading: Locator;
  readonly qrCode: Locator;
  readonly textCode: Locator;
  readonly code: Locator;
  readonly send: Locator;
  readonly cancel: Locator;
  readonly failure: Locator;

  constructor(page: Page) {
    this.page = page;
    this.enableHeading = page.getByRole('heading', { name: 'Configurar a autenticação em duas etapas' });
    this.validateHeading = page.getByRole('heading', { name: 'Autenticação em duas etapas', exact: true });
    this.qrCode = page.getByRole('img', { name: 'QR Code para configurar o aplicativo autenticador' });
    this.textCode = page.getByTestId('mfa-text-code');
    this.code = page.getByRole('textbox', { name: 'Código de 6 dígitos' });
    this.send = page.getByRole('button', { name: 'Enviar' });
    this.cancel = page.getByRole('button', { name: 'Cancelar' });
    this.failure = page.getByRole('alert');
  }
}

/** /validarAET (spec §2.5). */
export class ValidarAetPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly notFound: Locator;
  readonly valid: Locator;
  readonly zoomIn: Locator;
  readonly zoomOut: Locator;
  readonly download: Locator;
  readonly document: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Validar AET' });
    this.notFound = page.getByRole('alert').filter({ hasText: 'A AET nao foi encontrada!' });
    this.valid = page
      .getByRole('status')
      .filter({ hasText: /^AET vigente: válida de \d{2}\/\d{2}\/\d{4} a / });
    this.zoomIn = page.getByRole('button', { name: 'Aumentar o zoom' });
    this.zoomOut = page.getByRole('button', { name: 'Diminuir o zoom' });
    this.download = page.getByRole('link', { name: 'Baixar o PDF' });
    this.document = page.getByRole('region', { name: 'Validar AET' });
  }

  async open(uid: string): Promise<void> {
    await this.page.goto(`/validarAET?uid=${encodeURIComponent(uid)}`);
    await expect(this.heading).toBeVisible({ timeout: 20_000 });
  }
}

/** After a login: the application chooser (/app) or the runtime it forwards to, with the user menu. */
export class SignedInShell {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  userMenu(name: string): Locator {
    return this.page.getByRole('button', { name: `Menu do usuário ${name}` });
  }

  async expectSignedIn(name: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/(app|runtime)(\/|$|\?)/, { timeout: 15_000 });
    await expect(this.userMenu(name)).toBeVisible({ timeout: 15_000 });
  }

  async signOut(name: string): Promise<void> {
    await this.userMenu(name).click();
    await this.page.getByRole('menuitem', { name: 'Sair' }).click();
  }
}
