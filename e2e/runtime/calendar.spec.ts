import type { AppCalendar } from '@der/contracts';
import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { SessionApi } from '../fixtures/shell.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

const CALENDAR_TITLE = 'Calendário';
const TASK_COMPONENT = 4;

/** Day `day` of the month shown first (the current one), as the month grid names its cells. */
function dayOfThisMonth(day: number): { iso: string; typed: string } {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  return { iso: `${now.getFullYear()}-${month}-${dd}`, typed: `${dd}/${month}/${now.getFullYear()}` };
}

/** Drags `event` onto the month cell of `isoDay` with the mouse, in small steps (FullCalendar needs the moves). */
async function dragToDay(page: Page, event: Locator, isoDay: string) {
  const from = (await event.boundingBox())!;
  const cell = (await page.locator(`td.fc-daygrid-day[data-date="${isoDay}"]`).boundingBox())!;
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(cell.x + cell.width / 2, cell.y + cell.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('an analyst sees the tasks by due date, drags one to another day, and a stale drag is refused', async ({
  page,
  request,
  signIn,
  seedTasks,
  demoAppIds,
  makeAxeBuilder,
}) => {
  const moved = dayOfThisMonth(11);
  const movedTo = dayOfThisMonth(25);
  const stale = dayOfThisMonth(13);
  const staleTo = dayOfThisMonth(26);
  const { tag } = await seedTasks((tag) => [
    {
      title: `${tag} vistoria`,
      prioridade: 'Alta',
      prazo: moved.typed,
      estimativaHoras: 2,
      tipoTarefa: 'Análise',
    },
    {
      title: `${tag} relatório`,
      prioridade: 'Baixa',
      prazo: stale.typed,
      estimativaHoras: 2,
      tipoTarefa: 'Análise',
    },
  ]);
  const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
  const calendarOf = async () => {
    const from = dayOfThisMonth(1).iso;
    return analyst.get<AppCalendar>(
      `/api/genericItem/loadAppCalendar?applicationId=${demoAppIds.projetos}&from=${from}&to=${dayOfThisMonth(28).iso}`,
    );
  };
  const entryOf = async (title: string) =>
    (await calendarOf()).entries.find((entry) => entry.title === `${tag} ${title}`)!;

  await signIn(DEMO_USERS.analyst, {
    next: `/runtime/${demoAppIds.projetos}/calendar/${encodeURIComponent(CALENDAR_TITLE)}`,
  });
  await expect(page.getByRole('heading', { level: 1, name: CALENDAR_TITLE })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('checkbox', { name: 'Prazos das tarefas' })).toBeChecked();
  const first = page.locator('.fc-event', { hasText: `${tag} vistoria` });
  const second = page.locator('.fc-event', { hasText: `${tag} relatório` });
  await expect(first).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(`td.fc-daygrid-day[data-date="${moved.iso}"]`)).toContainText(`${tag} vistoria`);
  const axe = await makeAxeBuilder().include('main').analyze();
  expect(axe.violations).toEqual([]);

  await test.step('a drag writes the new due date through the save', async () => {
    const before = await entryOf('vistoria');
    await dragToDay(page, first, movedTo.iso);
    await expect(page.getByText(`${before.formattedId}: datas alteradas.`)).toBeVisible();
    await expect(page.locator(`td.fc-daygrid-day[data-date="${movedTo.iso}"]`)).toContainText(
      `${tag} vistoria`,
    );
    const after = await entryOf('vistoria');
    expect(after.version).toBe(before.version + 1);
    expect(after.start.slice(0, 10)).toBe(movedTo.iso);
  });

  await test.step('a drag made on a stale item is refused and the entry goes back', async () => {
    const held = await entryOf('relatório');
    // Someone else changes the task after the page loaded it.
    await analyst.post('/api/genericItem/updateItemField', {
      componentId: TASK_COMPONENT,
      itemId: held.itemId,
      version: held.version,
      field: 'estimativaHoras',
      value: 3,
    });
    await dragToDay(page, second, staleTo.iso);
    await expect(page.getByText(new RegExp(`^${held.formattedId} não foi movido:`))).toBeVisible();
    await expect(page.locator(`td.fc-daygrid-day[data-date="${stale.iso}"]`)).toContainText(
      `${tag} relatório`,
    );
    expect((await entryOf('relatório')).start.slice(0, 10)).toBe(stale.iso);
  });

  await test.step('an entry opens its task', async () => {
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/runtime/${demoAppIds.projetos}/editItem/${TASK_COMPONENT}/`));
  });
});

test("the analysts' agenda of inspections and works in Faixa de Domínio", async ({
  page,
  signIn,
  demoAppIds,
  makeAxeBuilder,
}) => {
  await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.faixa}/pendingWork` });
  await page.getByRole('link', { name: 'Agenda de vistorias e obras' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda de vistorias e obras' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('checkbox', { name: 'Vistorias agendadas' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Obras previstas' })).toBeChecked();
  await page.getByRole('button', { name: 'Semana' }).click();
  await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
  const axe = await makeAxeBuilder().include('main').analyze();
  expect(axe.violations).toEqual([]);
});
