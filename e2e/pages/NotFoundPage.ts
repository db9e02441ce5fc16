import type { Locator, Page } from '@playwright/test';
import { AppPage } from './AppPage.ts';

export const NOT_FOUND_TEXT = { 'pt-BR': 'A página não foi encontrada.', en: 'Page Not Found' } as const;

export class NotFoundPage extends AppPage {
  readonly messagePt: Locator;
  readonly messageEn: Locator;

  constructor(page: Page) {
    super(page);
    this.messagePt = page.getByText(NOT_FOUND_TEXT['pt-BR'], { exact: true });
    this.messageEn = page.getByText(NOT_FOUND_TEXT.en, { exact: true });
  }
}
