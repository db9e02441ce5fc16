import type { FormItem } from '@der/contracts';
import type { Page } from '@playwright/test';
import {
  DEMO_USERS,
  expect,
  SessionApi,
  SHELL_TEST_TIMEOUT,
  signInThroughForm,
  test,
} from '../fixtures/shell.ts';
import { RuntimeListPage } from '../pages/runtime/RuntimeListPage.ts';
import { requestInAnalysis } from '../support/aet-requests.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

/** Component 1 (Solicitação de AET): 'Em análise' gives a request five working days ('5 dias úteis', warned at 80 %). */
const AET_COMPONENT = 1;
const MY_REQUESTS = 'Minhas solicitações';
const myRequestsPath = (appId: number) => `/runtime/${appId}/list/1/1/1/1/${encodeURIComponent(MY_REQUESTS)}`;
const boardPath = (appId: number) =>
  `/runtime/${appId}/kanban/2/${encodeURIComponent('Quadro de solicitações')}`;

/** The request's deadline as the server set it when it entered 'Em análise'. */
async function deadlineOf(request: Parameters<typeof SessionApi.signIn>[0], itemId: number) {
  const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
  const item = await analyst.post<FormItem>('/api/genericItem/refreshItem', {
    itemId,
    componentId: AET_COMPONENT,
  });
  expect(item.dueAt).toBeTruthy();
  expect(item.dueSoonAt).toBeTruthy();
  return { dueAt: new Date(item.dueAt!), dueSoonAt: new Date(item.dueSoonAt!) };
}

/** Other searches that find the same request (a new query each, so its row or card is fetched and drawn again). */
const searchTerms = (formattedId: string) => [formattedId.toLowerCase(), formattedId.slice(4)];

/**
 * The chip's state is the browser's reading of the two instants at render. The page is loaded with the real
 * clock (the session guard compares the token's expiry with it), then the clock is moved and the chip drawn
 * again by `redraw` — no navigation.
 */
async function expectStates(
  page: Page,
  chip: () => ReturnType<Page['locator']>,
  deadline: { dueAt: Date; dueSoonAt: Date },
  redraw: () => Promise<void>,
) {
  await expect(chip()).toHaveAttribute('data-due-state', 'onTime', { timeout: 20_000 });
  await expect(chip()).toContainText('No prazo');
  await page.clock.setFixedTime(new Date(deadline.dueSoonAt.getTime() + 60_000));
  await redraw();
  await expect(chip()).toHaveAttribute('data-due-state', 'dueSoon');
  await expect(chip()).toContainText('Vence em breve');
  await page.clock.setFixedTime(new Date(deadline.dueAt.getTime() + 60_000));
  await redraw();
  await expect(chip()).toHaveAttribute('data-due-state', 'overdue');
  await expect(chip()).toContainText('Atrasado');
}

test('a request entering Em análise shows its deadline in the list: no prazo, vence em breve, atrasado', async ({
  page,
  request,
  demoAppIds,
  makeAxeBuilder,
}) => {
  const aet = await requestInAnalysis(request);
  const deadline = await deadlineOf(request, aet.id);
  await signInThroughForm(page, DEMO_USERS.requerente, myRequestsPath(demoAppIds.aet));
  const list = new RuntimeListPage(page, MY_REQUESTS);
  await list.searchBox.fill(aet.formattedId);
  const row = () => list.rows.filter({ hasText: aet.formattedId });
  await expect(row()).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByRole('columnheader', { name: 'Prazo' })).toBeVisible();
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  // Another search for the same request fetches and draws its row again.
  const terms = searchTerms(aet.formattedId);
  await expectStates(
    page,
    () => row().locator('[data-due-state]'),
    deadline,
    async () => {
      await list.searchBox.fill(terms.shift()!);
    },
  );
});

test('the form and the kanban card show the deadline of a request in analysis', async ({
  page,
  request,
  demoAppIds,
  makeAxeBuilder,
}) => {
  const aet = await requestInAnalysis(request);
  const deadline = await deadlineOf(request, aet.id);
  await signInThroughForm(page, DEMO_USERS.analyst, boardPath(demoAppIds.aet));
  const search = page.getByRole('searchbox', { name: 'Pesquisar no quadro' });
  await search.fill(aet.formattedId);
  const card = page.getByTestId(`kanban-card-${aet.id}`);
  await expect(card).toBeVisible({ timeout: 20_000 });
  const terms = searchTerms(aet.formattedId);
  await expectStates(
    page,
    () => card.locator('[data-due-state]'),
    deadline,
    async () => {
      await search.fill(terms.shift()!);
    },
  );

  await page.clock.setFixedTime(new Date());
  await page.goto(`/runtime/${demoAppIds.aet}/editItem/${AET_COMPONENT}/${aet.id}/1`);
  const chip = page.locator('[data-due-state]').first();
  // A form opening after a navigation: its workflow panel may wait on a server busy with the other worker's PDFs.
  await expect(chip).toHaveAttribute('data-due-state', 'onTime', { timeout: 45_000 });
  await expect(chip).toContainText('No prazo');
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
});
