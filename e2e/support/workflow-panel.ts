import { expect, type Locator, type Page } from '@playwright/test';

/** The item form's workflow panel ('Fluxo de trabalho'): its status and its actions. */
export const workflowPanel = (page: Page) => page.getByRole('region', { name: 'Fluxo de trabalho' });

/** Runs an action from the panel, answering its dialog when it opens one; the call must succeed. */
export async function runAction(page: Page, name: string, answer?: (dialog: Locator) => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().endsWith('/api/genericItem/executeTaskAction'), {
      timeout: 30_000,
    }),
    (async () => {
      await workflowPanel(page).getByRole('button', { name, exact: true }).click();
      if (!answer) return;
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      await answer(dialog);
      await dialog.getByRole('button', { name: 'OK' }).click();
    })(),
  ]);
  expect(response.status(), await response.text()).toBe(200);
  return response;
}
