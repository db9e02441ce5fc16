import type { Locator, Page } from '@playwright/test';

/** The PT / EN buttons of the public pages (shown when the settings enable multiple languages). */
export class LanguageSwitcher {
  readonly portuguese: Locator;
  readonly english: Locator;

  constructor(page: Page) {
    this.portuguese = page.getByRole('button', { name: 'PT', exact: true });
    this.english = page.getByRole('button', { name: 'EN', exact: true });
  }
}
