import type { Locator, Page } from '@playwright/test';
import { AppPage } from './AppPage.ts';

export const MAINTENANCE_PATH = '/maintenance';

export const MAINTENANCE_TEXT = {
  'pt-BR': 'EM MANUTENÇÃO: O sistema está passando por manutenção e voltará em breve.',
  en: 'UNDER MAINTENANCE: The system is undergoing maintenance and will be back shortly.',
} as const;

export class MaintenancePage extends AppPage {
  readonly messagePt: Locator;
  readonly messageEn: Locator;

  constructor(page: Page) {
    super(page);
    this.messagePt = page.getByText(MAINTENANCE_TEXT['pt-BR'], { exact: true });
    this.messageEn = page.getByText(MAINTENANCE_TEXT.en, { exact: true });
  }
}
