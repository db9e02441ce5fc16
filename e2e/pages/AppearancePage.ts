import type { Locator, Page } from '@playwright/test';
import { AppPage } from './AppPage.ts';

/** The look of a page: elements painted in the palette's primary colour, and the colour mode controls. */
export class AppearancePage extends AppPage {
  /** The not-found page's big '404' heading is written in the primary colour. */
  readonly primaryHeading: Locator;
  readonly switchToDark: Locator;
  readonly switchToLight: Locator;

  constructor(page: Page) {
    super(page);
    this.primaryHeading = page.getByRole('heading', { level: 1, name: '404' });
    this.switchToDark = page.getByRole('button', { name: /Mudar para o modo escuro|Switch to dark mode/ });
    this.switchToLight = page.getByRole('button', { name: /Mudar para o modo claro|Switch to light mode/ });
  }

  /** The UI state is persisted under 'root' (spec §4); the colour mode is one of its fields. */
  async useStoredColourMode(mode: 'light' | 'dark'): Promise<void> {
    await this.page.addInitScript((value) => {
      window.localStorage.setItem('root', JSON.stringify({ mode: value }));
    }, mode);
  }
}
