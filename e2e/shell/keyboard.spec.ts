import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/shell.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT });

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, limit = 15): Promise<void> {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Puts the keyboard's starting point at the top of the page, as on arrival without an autofocused field. */
async function focusPageTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.body.setAttribute('tabindex', '-1');
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
}

/** The focus ring the theme draws on keyboard focus: a 2 px solid outline. */
async function outlineOf(target: Locator): Promise<{ style: string; width: string }> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: style.outlineWidth };
  });
}

/** Issue 22: a keyboard user sees where the focus is and can skip the header and menu on every page. */
test.describe('keyboard: visible focus and the skip link', () => {
  test('the LOGIN button and the help icon of a login page show a focus ring', async ({ page }) => {
    await page.goto('/aet');
    const form = page.getByRole('form', { name: 'Acesse sua conta' });
    await expect(form).toBeVisible({ timeout: 20_000 });
    const login = form.getByRole('button', { name: 'LOGIN', exact: true });
    await tabTo(page, login);
    expect(await outlineOf(login)).toEqual({ style: 'solid', width: '2px' });
    const help = page.getByRole('link', { name: /Guia de criação de conta/ });
    await tabTo(page, help);
    expect(await outlineOf(help)).toEqual({ style: 'solid', width: '2px' });
  });

  test("'Pular para o conteúdo' is the first stop on a public page and on a signed-in page", async ({
    page,
    signIn,
  }) => {
    await page.goto('/registerRequerente');
    // The page itself, not the loading state before its code arrives (that one's main is replaced).
    await expect(page.getByRole('heading', { name: 'Criar conta - AET' })).toBeVisible({ timeout: 20_000 });
    await focusPageTop(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    await signIn(DEMO_USERS.analyst, { next: '/app' });
    await expect(page.getByRole('heading', { name: 'Escolha uma aplicação' })).toBeVisible();
    // The heading shows while the applications still load: the content's first stop is a card of the list.
    await expect(
      page.getByRole('list', { name: 'Escolha uma aplicação' }).getByRole('listitem').first(),
    ).toBeVisible();
    await focusPageTop(page);
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab goes into the content, past the top bar.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
  });
});
