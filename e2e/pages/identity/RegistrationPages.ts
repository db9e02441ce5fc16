import { expect, type Locator, type Page } from '@playwright/test';

/** Shared parts of /registerPermissionario and /registerRequerente (spec §2.3). */
class RegistrationPage {
  readonly page: Page;
  readonly intro: Locator;
  readonly nome: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly passwordConfirm: Locator;
  readonly submit: Locator;
  readonly haveAccount: Locator;
  readonly error: Locator;
  readonly successDialog: Locator;
  readonly successOk: Locator;

  constructor(page: Page, nomeLabel: string) {
    this.page = page;
    this.intro = page.getByText('Informe os dados para criar a nova conta');
    this.nome = page.getByRole('textbox', { name: nomeLabel });
    this.email = page.getByRole('textbox', { name: 'E-mail' });
    this.password = page.locator('input[name="password"]');
    this.passwordConfirm = page.locator('input[name="passwordConfirm"]');
    this.submit = page.getByRole('button', { name: 'Criar Conta' });
    this.haveAccount = page.getByRole('link', { name: 'Já possuo uma conta' });
    this.error = page.getByRole('alert');
    this.successDialog = page.getByRole('dialog', { name: 'Cadastro realizado com sucesso!' });
    this.successOk = this.successDialog.getByRole('button', { name: 'OK' });
  }

  personType(label: 'Pessoa Física' | 'Pessoa Jurídica'): Locator {
    return this.page.getByRole('radio', { name: label });
  }

  cpf(): Locator {
    return this.page.getByRole('textbox', { name: 'CPF' });
  }

  cnpj(): Locator {
    return this.page.getByRole('textbox', { name: 'CNPJ' });
  }

  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  /** Types digit by digit through the input mask, as a person would. */
  async typeMasked(locator: Locator, digits: string): Promise<void> {
    await locator.click();
    await locator.pressSequentially(digits, { delay: 10 });
  }

  async fillAccount(data: { nome: string; email: string; password: string }): Promise<void> {
    await this.nome.pressSequentially(data.nome);
    await this.email.fill(data.email);
    await this.password.fill(data.password);
    await this.passwordConfirm.fill(data.password);
  }

  async submitAndConfirm(): Promise<void> {
    await this.submit.click();
    await expect(this.successDialog).toBeVisible({ timeout: 15_000 });
  }
}

export class RegisterPermissionarioPage extends RegistrationPage {
  constructor(page: Page) {
    super(page, 'Nome da empresa ou do interessado');
  }

  async open(): Promise<void> {
    await this.page.goto('/registerPermissionario');
    await expect(this.intro).toBeVisible({ timeout: 20_000 });
  }

  atualizacao(answer: 'Sim' | 'Não'): Locator {
    return this.page
      .getByRole('group', { name: 'Já possui solicitação de faixa de domínio no DER?' })
      .getByRole('radio', { name: answer });
  }
}

export class RegisterRequerentePage extends RegistrationPage {
  readonly tipoRequerente: Locator;

  constructor(page: Page) {
    super(page, 'Nome completo');
    this.tipoRequerente = page.getByRole('combobox', { name: 'Tipo de requerente' });
  }

  async open(): Promise<void> {
    await this.page.goto('/registerRequerente');
    await expect(this.intro).toBeVisible({ timeout: 20_000 });
  }

  async chooseTipoRequerente(name: string): Promise<void> {
    await this.tipoRequerente.click();
    await this.page.getByRole('option', { name }).click();
  }
}

/** /activate and /activateRequerente (spec §2.4). */
export class ActivationPage {
  readonly page: Page;
  readonly accountName: Locator;
  readonly accountEmail: Locator;
  readonly activate: Locator;
  readonly haveAccount: Locator;
  readonly successDialog: Locator;
  readonly successOk: Locator;
  readonly alreadyActive: Locator;

  constructor(page: Page) {
    this.page = page;
    this.accountName = page.getByTestId('account-name');
    this.accountEmail = page.getByTestId('account-email');
    this.activate = page.getByRole('button', { name: 'ATIVAR A CONTA' });
    this.haveAccount = page.getByRole('link', { name: 'Ja possuo uma conta' });
    this.successDialog = page.getByRole('dialog', { name: 'A conta foi ativada com sucesso!' });
    this.successOk = this.successDialog.getByRole('button', { name: 'OK' });
    this.alreadyActive = page.getByText('Token Invalido. Usuario ja ativado');
  }
}
