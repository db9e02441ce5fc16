import { expect, type Locator, type Page } from '@playwright/test';

/** The insert / edit screen of a generic item (apps/web/src/features/runtime/forms/ItemFormPage.tsx). */
export class ItemFormPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly save: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.save = page.getByRole('button', { name: 'Salvar', exact: true });
  }

  textbox(name: string | RegExp): Locator {
    return this.page.getByRole('textbox', { name });
  }

  /** A section of the analyst's form (tabs) or the applicant's (group boxes). */
  async openTab(name: string): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  async choose(combobox: string | RegExp, option: string | RegExp): Promise<void> {
    await this.page.getByRole('combobox', { name: combobox }).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  /** Types a date into an MUI date field, section by section (DD/MM/YYYY HH:mm). */
  async typeDate(label: string | RegExp, digits: string): Promise<void> {
    const group = this.page.getByRole('group', { name: label });
    await group.getByRole('spinbutton').first().click();
    await this.page.keyboard.type(digits);
  }

  /**
   * Saves and checks that this save succeeded: its saveItem answer, then its notice. The notice of an earlier
   * save (same text) may still be on screen, hence the answer and the last notice.
   */
  async saveAndExpectSaved(): Promise<void> {
    const [response] = await Promise.all([
      this.page.waitForResponse(
        (candidate) =>
          candidate.url().endsWith('/api/genericItem/saveItem') && candidate.request().method() === 'POST',
      ),
      this.save.click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(this.page.getByText(/^Item .+ salvo\.$/).last()).toBeVisible();
  }
}
