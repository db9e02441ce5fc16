import { expect, type Locator, type Page } from '@playwright/test';
import { TopBar } from './ShellPage.ts';

/** The user menu of the top bar and its dialogs (features/profile). */
export class UserMenu {
  readonly page: Page;
  readonly topBar: TopBar;
  readonly menu: Locator;
  readonly userName: Locator;
  readonly userEmail: Locator;
  readonly editProfile: Locator;
  readonly changePassword: Locator;
  readonly exit: Locator;

  constructor(page: Page) {
    this.page = page;
    this.topBar = new TopBar(page);
    this.menu = page.getByRole('menu', { name: 'Menu do usuário' });
    this.userName = this.menu.getByTestId('user-name');
    this.userEmail = this.menu.getByTestId('user-email');
    this.editProfile = this.menu.getByRole('menuitem', { name: 'Editar perfil' });
    this.changePassword = this.menu.getByRole('menuitem', { name: 'Alterar a senha' });
    this.exit = this.menu.getByRole('menuitem', { name: 'Sair' });
  }

  async open(): Promise<void> {
    await this.topBar.userMenuButton.click();
    await expect(this.menu).toBeVisible();
  }
}

export class EditProfileDialog {
  readonly dialog: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly save: Locator;
  readonly cancel: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Editar perfil' });
    this.name = this.dialog.getByRole('textbox', { name: 'Nome' });
    this.email = this.dialog.getByRole('textbox', { name: 'E-mail' });
    this.save = this.dialog.getByRole('button', { name: 'Salvar' });
    this.cancel = this.dialog.getByRole('button', { name: 'Cancelar' });
  }
}

export class ChangePasswordDialog {
  readonly dialog: Locator;
  readonly oldPassword: Locator;
  readonly newPassword: Locator;
  readonly passwordConfirm: Locator;
  readonly save: Locator;
  readonly cancel: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Alterar a senha' });
    // Password inputs have no textbox role; 'Nova senha' is also part of 'Confirme a nova senha'.
    this.oldPassword = this.dialog.locator('input[name="oldPassword"]');
    this.newPassword = this.dialog.locator('input[name="newPassword"]');
    this.passwordConfirm = this.dialog.locator('input[name="passwordConfirm"]');
    this.save = this.dialog.getByRole('button', { name: 'Salvar' });
    this.cancel = this.dialog.getByRole('button', { name: 'Cancelar' });
  }
}
