import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { RuntimeListPage } from '../pages/runtime/RuntimeListPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT });

const MY_REQUESTS = 'Minhas solicitações';
/** The AET portal's 'Minhas solicitações' (component 1, form 1, query 1, view 1): a wide list. */
const myRequestsPath = (appId: number) => `/runtime/${appId}/list/1/1/1/1/${encodeURIComponent(MY_REQUESTS)}`;

/** Issue 22: what a new user meets on a runtime list (row opening, widths, phones, rights, remembered columns). */
test.describe('runtime list usability', () => {
  test('a requerente sees no bulk update nor import, and opens a request by its row (click or Enter)', async ({
    page,
    signIn,
    demoAppIds,
    makeAxeBuilder,
  }) => {
    await signIn(DEMO_USERS.requerente, { next: myRequestsPath(demoAppIds.aet) });
    const list = new RuntimeListPage(page, MY_REQUESTS);
    await expect(list.rows.first()).toBeVisible({ timeout: 20_000 });
    await expect(list.exportButton).toBeVisible();
    await expect(list.bulkUpdateButton).toHaveCount(0);
    await expect(list.importButton).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: /^Selecionar/ })).toHaveCount(0);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    // A click on a plain cell of the row (its status) opens the request's form.
    const first = list.rows.first();
    const code = (await first.getByRole('link', { name: /^Editar / }).getAttribute('aria-label'))!.replace(
      /^Editar /,
      '',
    );
    await first.locator('td').nth(2).click();
    await expect(page).toHaveURL(/\/runtime\/\d+\/editItem\//);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(code) })).toBeVisible({
      timeout: 20_000,
    });

    await page.goBack();
    await expect(list.rows.first()).toBeVisible({ timeout: 20_000 });
    await list.rows.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/runtime\/\d+\/editItem\//);
  });

  test('the empty text shows on screen, the first column stays while scrolling, hidden columns survive a reload', async ({
    page,
    signIn,
    demoAppIds,
  }) => {
    await signIn(DEMO_USERS.requerente, { next: myRequestsPath(demoAppIds.aet) });
    const list = new RuntimeListPage(page, MY_REQUESTS);
    await expect(list.rows.first()).toBeVisible({ timeout: 20_000 });

    await test.step('the first column stays in place while the table scrolls sideways', async () => {
      const code = list.columnHeader('Código');
      const before = (await code.boundingBox())!.x;
      const scroller = list.table.locator('xpath=..');
      await scroller.evaluate((element) => {
        element.scrollLeft = 600;
      });
      await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      expect((await code.boundingBox())!.x).toBeCloseTo(before, 0);
      // Empty marker columns are not shown at all.
      await expect(list.columnHeader('Anexos')).toHaveCount(0);
    });

    await test.step('the empty text is on screen, not centred in a row wider than the screen', async () => {
      await list.searchBox.fill('nenhuma-solicitacao-com-este-texto');
      const empty = list.table.getByText('Nenhum registro foi encontrado.');
      await expect(empty).toBeInViewport({ ratio: 1 });
    });

    await test.step('a hidden column stays hidden after a reload', async () => {
      await list.searchBox.fill('');
      await list.toggleColumn('Rodovia');
      await expect(list.columnHeader('Rodovia')).toHaveCount(0);
      await page.reload();
      await expect(list.rows.first()).toBeVisible({ timeout: 20_000 });
      await expect(list.columnHeader('Código')).toBeVisible();
      await expect(list.columnHeader('Rodovia')).toHaveCount(0);
      // Shown again for the next test run on the same browser profile (each test has its own, but be tidy).
      await list.toggleColumn('Rodovia');
      await expect(list.columnHeader('Rodovia')).toBeVisible();
    });
  });

  test('on a 390 px phone the rows are cards that name, show and open each request', async ({
    page,
    signIn,
    demoAppIds,
    makeAxeBuilder,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(DEMO_USERS.requerente, { next: myRequestsPath(demoAppIds.aet) });
    // The application's menu opens over the page on a phone: close it first.
    const menuLink = page.getByRole('link', { name: 'Nova solicitação' });
    await expect(menuLink).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(menuLink).toBeHidden();
    const cards = page.getByRole('list', { name: MY_REQUESTS });
    await expect(cards).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: MY_REQUESTS })).toHaveCount(0);
    const first = cards.getByRole('listitem').first();
    await expect(first.getByRole('heading', { name: /^(AET-\d{4}|RASCUNHO)-\d{6}$/ })).toBeVisible();
    await expect(first.getByText('Status', { exact: true })).toBeVisible();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await first.getByText('Tipo de autorização').click();
    await expect(page).toHaveURL(/\/runtime\/\d+\/editItem\//);
  });
});
