import { expect, type Locator, type Page } from '@playwright/test';
import { UserMenu } from '../shell/UserMenu.ts';

export const ADMIN_MENU = {
  plan: 'Plano Contratado',
  groups: 'Grupos',
  users: 'Usuários',
  emailServer: 'Servidor de e-mail',
  settings: 'Configurações da plataforma',
} as const;

/** Canonical paths of the administration area (apps/web/src/features/administration/adminPaths.ts). */
export const ADMIN_PATHS = {
  plan: '/administration/Plano Contratado',
  groups: '/administration/groups',
  users: '/administration/users',
  emailServer: '/administration/emailServer',
  settings: '/administration/settings',
} as const;

/** The frame of the administration area: side menu, page heading, busy bar, notices (notistack). */
export class AdminArea {
  readonly page: Page;
  readonly menu: Locator;
  readonly heading: Locator;
  readonly busy: Locator;

  constructor(page: Page) {
    this.page = page;
    this.menu = page.getByRole('navigation', { name: 'Menu de Administração' });
    this.heading = page.getByRole('heading', { level: 1 });
    this.busy = page.getByTestId('admin-busy');
  }

  /** From a signed-in page: the user menu's 'Administração' entry (admins only). */
  async openFromUserMenu(): Promise<void> {
    const userMenu = new UserMenu(this.page);
    await userMenu.open();
    await userMenu.menu.getByRole('menuitem', { name: 'Administração' }).click();
    await expect(this.page).toHaveURL(/\/administration\//);
  }

  async goToSection(section: keyof typeof ADMIN_MENU): Promise<void> {
    await this.menu.getByRole('link', { name: ADMIN_MENU[section], exact: true }).click();
  }

  async open(section: keyof typeof ADMIN_PATHS): Promise<void> {
    await this.page.goto(ADMIN_PATHS[section]);
  }

  /** A success (or error) notice of the area, top right. */
  notice(text: string | RegExp): Locator {
    return this.page.getByText(text, { exact: typeof text === 'string' });
  }

  /** Waits until the data has loaded and the 700 ms fade-in is over (colours and contrast final). */
  async waitForSettled(): Promise<void> {
    await expect(this.busy).toHaveCount(0, { timeout: 15_000 });
    await expect(this.page.getByRole('main').locator('.MuiPaper-root').first()).toHaveCSS('opacity', '1');
  }
}

/** An AdminTable (users, groups): filters, row selection, toolbar. */
export class AdminGrid {
  readonly root: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly selectionLabel: Locator;
  readonly edit: Locator;
  readonly remove: Locator;
  readonly empty: Locator;

  constructor(page: Page, testId: string) {
    this.root = page.getByTestId(testId);
    this.table = this.root.getByRole('table');
    this.rows = this.table.locator('tbody tr[data-row-id]');
    this.selectionLabel = this.root.getByTestId('selection-label');
    this.edit = this.root.getByRole('button', { name: 'Editar', exact: true });
    this.remove = this.root.getByRole('button', { name: 'Remover', exact: true });
    this.empty = this.table.getByText('Nenhum registro foi encontrado.');
  }

  filter(column: string): Locator {
    return this.root.getByRole('textbox', { name: `Filtrar ${column}`, exact: true });
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  select(name: string): Locator {
    return this.root.getByRole('checkbox', { name: `Selecionar ${name}`, exact: true });
  }
}

export class UsersAdminPage {
  readonly area: AdminArea;
  readonly grid: AdminGrid;
  readonly newUser: Locator;
  readonly confirm: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.area = new AdminArea(page);
    this.grid = new AdminGrid(page, 'users-table');
    this.newUser = page.getByRole('button', { name: 'Novo usuário' });
    this.confirm = page.getByRole('dialog', { name: 'Remover usuário' });
  }

  form(title: 'Novo usuário' | 'Editar usuário'): UserForm {
    return new UserForm(this.page.getByRole('dialog', { name: title }));
  }
}

export class UserForm {
  readonly name: Locator;
  readonly login: Locator;
  readonly email: Locator;
  readonly save: Locator;

  readonly dialog: Locator;

  constructor(dialog: Locator) {
    this.dialog = dialog;
    this.name = dialog.getByRole('textbox', { name: /^Nome/ });
    this.login = dialog.getByRole('textbox', { name: /^Login/ });
    this.email = dialog.getByRole('textbox', { name: /^Email/ });
    this.save = dialog.getByRole('button', { name: 'Salvar', exact: true });
  }
}

export class GroupsAdminPage {
  readonly area: AdminArea;
  readonly grid: AdminGrid;
  readonly newGroup: Locator;
  readonly dialog: Locator;
  readonly name: Locator;
  readonly members: Locator;
  readonly applications: Locator;
  readonly save: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.area = new AdminArea(page);
    this.grid = new AdminGrid(page, 'groups-table');
    this.newGroup = page.getByRole('button', { name: 'Novo grupo' });
    this.dialog = page.getByRole('dialog', { name: 'Novo grupo' });
    this.name = this.dialog.getByRole('textbox', { name: /^Nome/ });
    this.members = this.dialog.getByRole('combobox', { name: 'Membros' });
    this.applications = this.dialog.getByRole('combobox', { name: 'Aplicações permitidas' });
    this.save = this.dialog.getByRole('button', { name: 'Salvar', exact: true });
  }

  /** Types into an Autocomplete and picks the option. */
  async choose(combobox: Locator, search: string, option: string): Promise<void> {
    await combobox.fill(search);
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }
}

export class PlatformSettingsAdminPage {
  readonly area: AdminArea;
  readonly palette: Locator;
  readonly maintenance: Locator;
  readonly save: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.area = new AdminArea(page);
    this.palette = page.getByRole('combobox', { name: 'Paleta de cores' });
    this.maintenance = page.getByRole('switch', { name: 'Modo de manutenção' });
    this.save = page.getByRole('button', { name: 'Salvar configurações da plataforma' });
  }

  async choosePalette(label: string): Promise<void> {
    await this.palette.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(this.palette).toHaveText(label);
  }
}

export class EmailServerAdminPage {
  readonly area: AdminArea;
  readonly host: Locator;
  readonly port: Locator;
  readonly security: Locator;
  readonly user: Locator;
  readonly sender: Locator;
  readonly save: Locator;
  readonly testTo: Locator;
  readonly sendTest: Locator;
  readonly answer: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.area = new AdminArea(page);
    this.host = page.getByRole('textbox', { name: /^Servidor \(host\)/ });
    this.port = page.getByRole('spinbutton', { name: /^Porta/ });
    this.security = page.getByRole('combobox', { name: 'Segurança' });
    this.user = page.getByRole('textbox', { name: 'Usuário', exact: true });
    this.sender = page.getByRole('textbox', { name: /^Remetente/ });
    this.save = page.getByRole('button', { name: 'Salvar', exact: true });
    this.testTo = page.getByRole('textbox', { name: 'Enviar teste para' });
    this.sendTest = page.getByRole('button', { name: 'Enviar e-mail de teste' });
    this.answer = page.getByTestId('smtp-answer');
  }

  async chooseSecurity(label: string): Promise<void> {
    await this.security.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(this.security).toHaveText(label);
  }
}
