import { expect, type Locator, type Page } from '@playwright/test';

export type PortalPath = '/' | '/faixaDeDominio' | '/aet';

/** The three login portals (spec §2.2) and the dialogs the login opens (terms, expired password). */
export class IdentityLoginPage {
  readonly page: Page;
  readonly form: Locator;
  readonly login: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly forgotPassword: Locator;
  readonly createAccount: Locator;
  /** The login notification (failures, and the success notice after a password change). */
  readonly errorNotice: Locator;
  readonly successNotice: Locator;
  /** 'Aguarde N segundos para tentar novamente.' while a lockout counts down. */
  readonly lockedWait: Locator;
  readonly captchaGroup: Locator;
  readonly captchaButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.form = page.getByRole('form', { name: 'Acesse sua conta' });
    this.login = this.form.getByRole('textbox', { name: 'Login' });
    // The password field has no textbox role; the show/hide toggle's label also says 'senha'.
    this.password = this.form.locator('input[name="password"]');
    this.submit = this.form.getByRole('button', { name: 'LOGIN', exact: true });
    this.forgotPassword = page.getByRole('link', { name: 'Esqueci a senha' });
    this.createAccount = page.getByRole('link', { name: 'Criar Conta' });
    this.errorNotice = this.form.getByRole('alert');
    this.successNotice = this.form.getByRole('status').filter({ hasNotText: /Aguarde/ });
    this.lockedWait = this.form.getByRole('status').filter({ hasText: /Aguarde \d+ segundos/ });
    this.captchaGroup = page.getByRole('group', { name: 'Verificação de segurança' });
    this.captchaButton = this.captchaGroup.getByRole('button', { name: /Não sou um robô|Verificado/ });
  }

  async open(path: PortalPath = '/', query: Record<string, string> = {}): Promise<void> {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(search ? `${path}?${search}` : path);
    // The first render waits for the settings and translations: slow on a loaded 2-core machine.
    await expect(this.login).toBeVisible({ timeout: 20_000 });
  }

  async fill(login: string, password: string): Promise<void> {
    await this.login.fill(login);
    await this.password.fill(password);
  }

  /** Fills and submits; waits for the server's answer. */
  async signIn(login: string, password: string): Promise<void> {
    await this.fill(login, password);
    await this.submitAndWait();
  }

  async submitAndWait(): Promise<void> {
    const answer = this.page.waitForResponse((response) =>
      response.url().includes('/api/users/authenticate'),
    );
    await this.submit.click();
    await answer;
  }
}

/** The terms-of-use dialog (spec §2.2 step 1). */
export class TermsOfUseDialog {
  readonly dialog: Locator;
  readonly documentRegion: Locator;
  readonly agree: Locator;
  readonly accept: Locator;
  readonly decline: Locator;
  readonly download: Locator;
  readonly scrollHint: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Termo de Uso' });
    this.documentRegion = this.dialog.getByRole('region', { name: 'Termo de Uso' });
    this.agree = this.dialog.getByRole('checkbox', { name: 'Li e concordo com o termo de uso' });
    this.accept = this.dialog.getByRole('button', { name: 'Continuar' });
    this.decline = this.dialog.getByRole('button', { name: 'Recusar' });
    this.download = this.dialog.getByRole('link', { name: 'Baixar o termo de uso' });
    this.scrollHint = this.dialog.getByText('Role o documento até o final para habilitar o aceite.');
  }

  /** Scrolls the PDF region to its very end, as a reader would, until the viewer has noticed. */
  async scrollToEnd(): Promise<void> {
    await expect(this.documentRegion.locator('canvas, .react-pdf__Page').first()).toBeVisible();
    await expect(async () => {
      await this.documentRegion.evaluate((element) => {
        element.scrollTop = element.scrollHeight;
        element.dispatchEvent(new Event('scroll'));
      });
      await expect(this.agree).toBeEnabled({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
  }
}

/** Password expired (failure reason 2): the confirmation, then 'Alterar a Senha'. */
export class ExpiredPasswordDialogs {
  readonly confirm: Locator;
  readonly confirmYes: Locator;
  readonly confirmNo: Locator;
  readonly change: Locator;
  readonly login: Locator;
  readonly oldPassword: Locator;
  readonly newPassword: Locator;
  readonly passwordConfirm: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.confirm = page.getByRole('dialog', { name: 'Senha expirada' });
    this.confirmYes = this.confirm.getByRole('button', { name: 'Sim' });
    this.confirmNo = this.confirm.getByRole('button', { name: 'Não' });
    this.change = page.getByRole('dialog', { name: 'Alterar a Senha' });
    this.login = this.change.getByRole('textbox', { name: 'Login' });
    this.oldPassword = this.change.locator('input[name="oldPassword"]');
    this.newPassword = this.change.locator('input[name="newPassword"]');
    this.passwordConfirm = this.change.locator('input[name="passwordConfirm"]');
    this.save = this.change.getByRole('button', { name: 'Alterar' });
    this.cancel = this.change.getByRole('button', { name: 'Cancelar' });
    this.error = this.change.getByRole('alert');
  }
}
