import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, signInThroughForm, test } from './fixtures/shell.ts';
import { requestInAnalysis } from './support/aet-requests.ts';

/** Component 1 (Solicitação de AET): kanban view 2 is the analysts' board. */
const AET_COMPONENT = 1;
const BOARD_VIEW = 2;
const BOARD_TITLE = 'Quadro de solicitações';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

function lane(page: Page, name: string): Locator {
  return page.getByRole('region', { name: new RegExp(`^${name}`) });
}

/** The analyst's board, narrowed by the search box to one request (its formatted id). */
async function openBoard(page: Page, appId: number, formattedId: string) {
  await signInThroughForm(
    page,
    DEMO_USERS.analyst,
    `/runtime/${appId}/kanban/${BOARD_VIEW}/${encodeURIComponent(BOARD_TITLE)}`,
  );
  await expect(page.getByRole('heading', { name: 'Quadro de solicitações de AET', level: 1 })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('searchbox', { name: 'Pesquisar no quadro' }).fill(formattedId);
}

// The AET board has a lane per status past the draft (payment, analysis, issuance and validity: ten): wide
// enough that a mouse drag between two of them never has to scroll the board.
test.use({ viewport: { width: 3400, height: 900 } });

/** Drags `card` onto `target` with the mouse, in small steps as a hand would (dnd-kit needs the moves). */
async function dragWithMouse(page: Page, card: Locator, target: Locator, whileOver?: () => Promise<void>) {
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 12 });
  if (whileOver) await whileOver();
  await page.mouse.up();
}

test('an analyst drags an AET from Em análise to Pendente de correção with a reason', async ({
  page,
  request,
  demoAppIds,
  makeAxeBuilder,
}) => {
  const aet = await requestInAnalysis(request);
  await openBoard(page, demoAppIds.aet, aet.formattedId);
  const card = lane(page, 'Em análise').getByTestId(`kanban-card-${aet.id}`);
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText(aet.formattedId);
  const axe = await makeAxeBuilder().analyze();
  expect(axe.violations).toEqual([]);

  await dragWithMouse(page, card, lane(page, 'Pendente de correção'));
  const dialog = page.getByRole('dialog', { name: 'Solicitar correção' });
  await expect(dialog).toBeVisible();
  const ok = dialog.getByRole('button', { name: 'OK' });
  await expect(ok).toBeDisabled();
  await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Informe o telefone do responsável técnico.');
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().endsWith('/api/genericItem/moveKanbanCard')),
    ok.click(),
  ]);
  expect(response.status(), await response.text()).toBe(200);
  await expect(lane(page, 'Pendente de correção').getByTestId(`kanban-card-${aet.id}`)).toBeVisible();
  await expect(lane(page, 'Em análise').getByTestId(`kanban-card-${aet.id}`)).toHaveCount(0);

  await test.step('a drop no action of the analyst reaches returns the card with the message', async () => {
    const moved = lane(page, 'Pendente de correção').getByTestId(`kanban-card-${aet.id}`);
    await dragWithMouse(page, moved, lane(page, 'Deferida'), async () => {
      // While dragging, a lane no action of this user reaches is shown disabled.
      await expect(lane(page, 'Deferida')).toHaveAttribute('aria-disabled', 'true');
    });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Nenhuma ação sua leva este cartão' }),
    ).toBeVisible();
    await expect(lane(page, 'Pendente de correção').getByTestId(`kanban-card-${aet.id}`)).toBeVisible();
    await expect(lane(page, 'Deferida').getByTestId(`kanban-card-${aet.id}`)).toHaveCount(0);
  });

  await test.step('the card opens the item’s form', async () => {
    await lane(page, 'Pendente de correção').getByRole('link').first().click();
    await expect(page).toHaveURL(
      new RegExp(`/runtime/${demoAppIds.aet}/editItem/${AET_COMPONENT}/${aet.id}/1$`),
    );
  });
});

test('a card moves by keyboard: Space picks it up, an arrow changes lane, Space drops it', async ({
  page,
  request,
  demoAppIds,
}) => {
  const aet = await requestInAnalysis(request);
  await openBoard(page, demoAppIds.aet, aet.formattedId);
  const card = lane(page, 'Em análise').getByTestId(`kanban-card-${aet.id}`);
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: /^Mover / }).focus();
  await page.keyboard.press('Space');
  // From 'Em análise' the analyst may ask a correction, approve or reject; nothing issues it at once.
  await expect(lane(page, 'Emitida')).toHaveAttribute('aria-disabled', 'true');
  await expect(lane(page, 'Pendente de correção')).toHaveAttribute('data-reachable', 'true');
  await page.keyboard.press('ArrowRight');
  // The drop lands where the card is over: wait for the move to reach the lane before dropping.
  await expect(lane(page, 'Pendente de correção')).toHaveAttribute('data-over', 'true');
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: 'Solicitar correção' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Anexe o laudo da carga.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(lane(page, 'Pendente de correção').getByTestId(`kanban-card-${aet.id}`)).toBeVisible();
});
