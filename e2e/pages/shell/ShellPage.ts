import { expect, type Locator, type Page } from '@playwright/test';

export const LAYOUT_LABELS = {
  'left-sidebar': 'Menu lateral à esquerda',
  'big-sidebar': 'Menu lateral largo',
  'right-sidebar': 'Menu lateral à direita',
  'top-navigation': 'Navegação no topo',
  'mega-menu': 'Mega menu',
  plugflex: 'Plugflex',
} as const;
export type LayoutName = keyof typeof LAYOUT_LABELS;

/**
 * The top bar every session page shares (apps/web/src/features/shell/TopBar.tsx): apps button, toolbar
 * application icons, appearance settings, notification bell and user menu (pt-BR labels).
 */
export class TopBar {
  readonly page: Page;
  readonly banner: Locator;
  readonly appsButton: Locator;
  readonly settingsButton: Locator;
  /** 'Notificações' or 'Notificações: N não lida(s)'. */
  readonly bell: Locator;
  /** The visual count on the bell (aria-hidden: the count is in the bell's label). */
  readonly bellBadge: Locator;
  /** 'Menu do usuário {name}'. */
  readonly userMenuButton: Locator;
  readonly title: Locator;

  constructor(page: Page) {
    this.page = page;
    this.banner = page.getByRole('banner');
    this.appsButton = this.banner.getByRole('link', { name: 'Aplicações', exact: true });
    this.settingsButton = this.banner.getByRole('button', { name: 'Configurações de aparência' });
    // includeHidden: while the bell's popup (a modal popover) is open, the rest of the page is aria-hidden.
    this.bell = page
      .getByRole('banner', { includeHidden: true })
      .getByRole('button', { name: /^Notificações/, includeHidden: true });
    this.bellBadge = page.getByTestId('messages-badge');
    this.userMenuButton = this.banner.getByRole('button', { name: /^Menu do usuário/ });
    this.title = this.banner.getByTestId('topbar-title');
  }

  toolbarApp(name: string): Locator {
    return this.banner.getByRole('button', { name, exact: true });
  }

  /** The unread count as the bell's accessible name states it (0 when it says only 'Notificações'). */
  async unreadCount(): Promise<number> {
    const label = (await this.bell.getAttribute('aria-label')) ?? '';
    const match = /Notificações: (\d+) não lidas?/.exec(label);
    return match ? Number(match[1]) : 0;
  }

  /** Waits until the bell states exactly `count` unread messages. */
  async expectUnread(count: number, timeout = 15_000): Promise<void> {
    if (count === 0) {
      await expect(this.bell).toHaveAttribute('aria-label', 'Notificações', { timeout });
      return;
    }
    const noun = count === 1 ? 'não lida' : 'não lidas';
    // The label, not the accessible name: the name is empty while a modal popup hides the top bar.
    await expect(this.bell).toHaveAttribute('aria-label', `Notificações: ${count} ${noun}`, { timeout });
    await expect(this.bellBadge).toHaveText(String(count));
  }
}

/** The look settings drawer (SettingsPanel.tsx): layout, palette, mode. */
export class SettingsPanel {
  readonly page: Page;
  readonly dialog: Locator;
  readonly close: Locator;
  readonly palette: Locator;
  readonly darkMode: Locator;
  readonly lightMode: Locator;

  constructor(page: Page) {
    this.page = page;
    this.dialog = page.getByRole('dialog', { name: 'Configurações de aparência' });
    this.close = this.dialog.getByRole('button', { name: 'Fechar as configurações' });
    this.palette = this.dialog.getByRole('combobox', { name: 'Paleta de cores' });
    this.darkMode = this.dialog.getByRole('radio', { name: 'Modo escuro' });
    this.lightMode = this.dialog.getByRole('radio', { name: 'Modo claro' });
  }

  async open(): Promise<void> {
    await new TopBar(this.page).settingsButton.click();
    await expect(this.dialog).toBeVisible();
  }

  layout(name: LayoutName): Locator {
    return this.dialog.getByRole('radio', { name: LAYOUT_LABELS[name], exact: true });
  }

  async chooseLayout(name: LayoutName): Promise<void> {
    await this.layout(name).check();
    await expect(this.layout(name)).toBeChecked();
  }

  async choosePalette(label: string): Promise<void> {
    await this.palette.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await expect(this.palette).toHaveText(label);
  }

  async dismiss(): Promise<void> {
    await this.close.click();
    await expect(this.dialog).toBeHidden();
  }
}

/** The runtime shell of /runtime/{appID} (ShellLayout.tsx). */
export class RuntimeShellPage {
  readonly page: Page;
  readonly topBar: TopBar;
  readonly settings: SettingsPanel;
  readonly main: Locator;
  readonly sidebarHeader: Locator;

  constructor(page: Page) {
    this.page = page;
    this.topBar = new TopBar(page);
    this.settings = new SettingsPanel(page);
    this.main = page.getByRole('main');
    this.sidebarHeader = page.getByTestId('sidebar-header');
  }

  /** The menu landmark, 'Menu de {application}' (a sidebar or the horizontal bar, depending on the layout). */
  menu(applicationName: string): Locator {
    return this.page.getByRole('navigation', { name: `Menu de ${applicationName}` });
  }

  menuBadge(key: string): Locator {
    return this.page.getByTestId(`menu-badge-${key}`);
  }

  /** Waits until the page transition (Fade) is over, so colours and contrast are final. */
  async waitForSettledContent(): Promise<void> {
    await expect(this.main.locator(':scope > div').last()).toHaveCSS('opacity', '1');
  }
}

/** /app, the application chooser (features/apps/AppsPage.tsx). */
export class ChooserPage {
  readonly page: Page;
  readonly topBar: TopBar;
  readonly heading: Locator;
  readonly list: Locator;
  readonly cards: Locator;

  constructor(page: Page) {
    this.page = page;
    this.topBar = new TopBar(page);
    this.heading = page.getByRole('heading', { level: 1, name: 'Escolha uma aplicação' });
    this.list = page.getByRole('list', { name: 'Escolha uma aplicação' });
    this.cards = this.list.getByRole('listitem');
  }

  card(name: string): Locator {
    return this.list.getByRole('button', { name, exact: true });
  }
}
