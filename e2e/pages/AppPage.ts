import type { Locator, Page, Response } from '@playwright/test';

export type UiLanguage = 'pt-BR' | 'en';

/** What every page of the SPA shares: navigation, the stored language, the document's language. */
export class AppPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(path: string): Promise<Response> {
    const response = await this.page.goto(path);
    if (!response) throw new Error(`no response for ${path}`);
    return response;
  }

  /** Stores the language choice the way the SPA does (localStorage 'language') before any page script runs. */
  async useStoredLanguage(language: UiLanguage): Promise<void> {
    await this.page.addInitScript((value) => {
      window.localStorage.setItem('language', value);
    }, language);
  }

  async storedLanguage(): Promise<string | null> {
    return this.page.evaluate(() => window.localStorage.getItem('language'));
  }

  documentLanguage(): Locator {
    return this.page.locator('html');
  }
}
