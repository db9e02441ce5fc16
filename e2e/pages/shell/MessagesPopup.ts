import { expect, type Locator, type Page } from '@playwright/test';
import { TopBar } from './ShellPage.ts';

/** The bell's popup, the opened message and the yes/no confirmation (features/messages). */
export class MessagesPopup {
  readonly page: Page;
  readonly topBar: TopBar;
  readonly popup: Locator;
  readonly list: Locator;
  readonly items: Locator;
  readonly empty: Locator;
  readonly markAllRead: Locator;
  readonly deleteAll: Locator;
  readonly confirmation: Locator;
  readonly confirmYes: Locator;
  readonly confirmNo: Locator;

  constructor(page: Page) {
    this.page = page;
    this.topBar = new TopBar(page);
    this.popup = page.getByRole('dialog', { name: 'Mensagens' });
    this.list = this.popup.getByRole('list', { name: 'Mensagens' });
    this.items = this.list.getByRole('button');
    this.empty = this.popup.getByText('Nenhuma mensagem.');
    this.markAllRead = this.popup.getByRole('button', { name: 'Marcar todas como lidas' });
    this.deleteAll = this.popup.getByRole('button', { name: 'Excluir todas' });
    // The confirmation is described by its question.
    this.confirmation = page.getByRole('dialog').filter({ has: page.getByText(/^Deseja /) });
    this.confirmYes = this.confirmation.getByRole('button', { name: 'Sim' });
    this.confirmNo = this.confirmation.getByRole('button', { name: 'Não' });
  }

  async open(): Promise<void> {
    await this.topBar.bell.click();
    await expect(this.popup).toBeVisible();
  }

  item(title: string): Locator {
    return this.items.filter({ hasText: title });
  }

  /** The dialog of an opened message, named by its title. */
  messageDialog(title: string): MessageDialog {
    return new MessageDialog(this.page, title);
  }

  async confirm(question: string): Promise<void> {
    await expect(this.confirmation).toContainText(question);
    await this.confirmYes.click();
    await expect(this.confirmation).toBeHidden();
  }
}

export class MessageDialog {
  readonly dialog: Locator;
  readonly ok: Locator;
  readonly cancel: Locator;
  readonly remove: Locator;

  constructor(page: Page, title: string) {
    this.dialog = page.getByRole('dialog', { name: title, exact: true });
    this.ok = this.dialog.getByRole('button', { name: 'OK', exact: true });
    this.cancel = this.dialog.getByRole('button', { name: 'Cancelar' });
    this.remove = this.dialog.getByRole('button', { name: 'Excluir', exact: true });
  }
}
