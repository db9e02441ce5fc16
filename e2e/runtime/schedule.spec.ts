import type { SaveItemResult, Schedule } from '@der/contracts';
import type { Page } from '@playwright/test';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { SessionApi, uniqueTitle } from '../fixtures/shell.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 3 });

/** Gestão de Projetos (apps/definitions/src/gestao-de-projetos): projects, activities and their schedule view. */
const PROJECT_COMPONENT = 3;
const PROJECT_FORM = 6;
const ACTIVITY_COMPONENT = 5;
const ACTIVITY_FORM = 7;
const SCHEDULE_VIEW = 1;
const SCHEDULE_TITLE = 'Cronograma';
const DAY_MS = 86_400_000;

/** Day `offset` from today, at 09:00 in São Paulo (12:00 UTC), as a stored instant. */
function dayAt(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00.000Z`) + offset * DAY_MS).toISOString();
}

/** A project of the analyst's own with three activities: B needs A; C runs beside them. */
async function seedProject(analyst: SessionApi) {
  const tag = uniqueTitle('e2e-cronograma');
  const { saved: project } = await analyst.post<SaveItemResult>('/api/genericItem/saveItem', {
    componentId: PROJECT_COMPONENT,
    formId: PROJECT_FORM,
    values: { Title: tag, gerente: analyst.userId, dataInicio: dayAt(0) },
  });
  const activity = async (code: string, title: string, from: number, to: number) => {
    const { saved } = await analyst.post<SaveItemResult>('/api/genericItem/saveItem', {
      componentId: ACTIVITY_COMPONENT,
      formId: ACTIVITY_FORM,
      projectId: project.id,
      values: { Title: title, codigoEap: code, inicioPrevisto: dayAt(from), fimPrevisto: dayAt(to) },
    });
    return saved;
  };
  const a = await activity('1.1', 'Projeto básico', 1, 5);
  const b = await activity('1.2', 'Execução', 5, 10);
  const c = await activity('1.3', 'Sondagem', 2, 4);
  await analyst.post('/api/genericItem/savePredecessorActivities', { itemId: b.id, predecessorIds: [a.id] });
  return { tag, project, a, b, c };
}

const scheduleOf = (analyst: SessionApi, projectId: number) =>
  analyst.post<Schedule>('/api/genericItem/getAllActivitiesToEAP', { viewId: SCHEDULE_VIEW, projectId });

/** Drags the bar of `itemId` by `dx` pixels with the mouse, in small steps as a hand would. */
async function dragBar(page: Page, itemId: number, dx: number) {
  const bar = page.locator(`.wx-bar[data-id="${itemId}"]`);
  const box = (await bar.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, y, { steps: 3 });
  await page.mouse.move(box.x + box.width / 2 + dx, y, { steps: 12 });
  await page.mouse.up();
}

test('an analyst reschedules activities on the Gantt, by drag and by keyboard, and exports it', async ({
  page,
  request,
  signIn,
  demoAppIds,
  makeAxeBuilder,
  cspViolations,
}) => {
  const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
  const { tag, project, a, b, c } = await seedProject(analyst);
  const rowOf = async (itemId: number) =>
    (await scheduleOf(analyst, project.id)).items.find((item) => item.itemId === itemId)!;

  await signIn(DEMO_USERS.analyst, {
    next: `/runtime/${demoAppIds.projetos}/schedule/${SCHEDULE_VIEW}/${encodeURIComponent(SCHEDULE_TITLE)}?projectId=${project.id}`,
  });
  await expect(page.getByRole('heading', { level: 1, name: SCHEDULE_TITLE })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('combobox', { name: 'Projeto' })).toHaveText(tag);
  await expect(page.getByRole('link', { name: `${a.formattedId} Projeto básico` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator(`.wx-bar[data-id="${a.id}"]`)).toBeVisible();
  // A → B is the critical path; C has float.
  await expect(page.getByText(/^Caminho crítico: do início em/)).toContainText('2 itens críticos');
  await expect(page.locator(`.wx-bar[data-id="${b.id}"]`)).toHaveClass(/critical/);
  await expect(page.locator(`.wx-bar[data-id="${c.id}"]`)).not.toHaveClass(/critical/);

  await test.step('the page has no axe violations and the Gantt loads under the CSP', async () => {
    const axe = await makeAxeBuilder().include('main').analyze();
    expect(axe.violations).toEqual([]);
    expect(await cspViolations.list()).toEqual([]);
  });

  await test.step('a drag of a bar writes the new dates through the save', async () => {
    const before = await rowOf(a.id);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith('/api/genericItem/rescheduleItem')),
      // Three days of 48 px.
      dragBar(page, a.id, 3 * 48),
    ]);
    expect(response.status(), await response.text()).toBe(200);
    await expect(page.getByText(`${a.formattedId}: datas alteradas.`)).toBeVisible();
    const after = await rowOf(a.id);
    expect(after.version).toBe(before.version + 1);
    const moved = Date.parse(after.start) - Date.parse(before.start);
    // Whole days later (the library snaps to the day), the length kept.
    expect(Math.round(moved / DAY_MS)).toBeGreaterThanOrEqual(2);
    expect(Date.parse(after.end) - Date.parse(after.start)).toBe(
      Date.parse(before.end) - Date.parse(before.start),
    );
    // B follows A: the critical path is computed anew with A's new finish.
    const successor = await rowOf(b.id);
    expect(Date.parse(successor.earlyStart)).toBe(Date.parse(after.end));
  });

  await test.step('by keyboard: the row button opens the dates, a save writes them', async () => {
    const button = page.getByRole('button', { name: `Alterar datas de ${c.formattedId}` });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(`Alterar datas — ${c.formattedId}`) });
    await expect(dialog).toBeVisible();
    const start = dayAt(6).slice(0, 10);
    const end = dayAt(8).slice(0, 10);
    await dialog.getByLabel('Início').fill(start);
    await dialog.getByLabel('Término').fill(end);
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${c.formattedId}: datas alteradas.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const saved = await rowOf(c.id);
    expect(saved.start).toBe(dayAt(6));
    expect(saved.end).toBe(dayAt(8));
  });

  await test.step("a change the form's rule refuses is refused with the rule's message", async () => {
    await page.getByRole('button', { name: `Alterar datas de ${b.formattedId}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Início').fill(dayAt(12).slice(0, 10));
    await dialog.getByLabel('Término').fill(dayAt(11).slice(0, 10));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(new RegExp(`^${b.formattedId} não foi reagendado:`))).toContainText(
      'O fim previsto deve ser posterior ao início previsto.',
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect((await rowOf(b.id)).start).toBe(dayAt(5));
  });

  await test.step('the exports download an XLSX and an MS Project XML', async () => {
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar XLSX' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const exportButton = page.getByRole('button', { name: 'Exportar MS Project (XML)' });
    await exportButton.focus();
    const [xml] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(xml.suggestedFilename()).toMatch(/\.xml$/);
  });

  await test.step("an item's link opens its form by keyboard", async () => {
    await page.getByRole('link', { name: `${c.formattedId} Sondagem` }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      new RegExp(`/runtime/${demoAppIds.projetos}/editItem/${ACTIVITY_COMPONENT}/${c.id}/${ACTIVITY_FORM}`),
    );
  });
});

test('the menu opens the schedule of a demo project with its predecessors', async ({
  page,
  request,
  signIn,
  demoAppIds,
}) => {
  const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
  await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.projetos}/pendingWork` });
  await page.getByRole('link', { name: 'Cronograma' }).click();
  await expect(page.getByRole('heading', { level: 1, name: SCHEDULE_TITLE })).toBeVisible({
    timeout: 20_000,
  });
  const shown = await analyst.post<Schedule>('/api/genericItem/getAllActivitiesToEAP', {
    viewId: SCHEDULE_VIEW,
  });
  expect(shown.project).not.toBeNull();
  expect(shown.links.length).toBeGreaterThan(0);
  await expect(page.getByRole('combobox', { name: 'Projeto' })).toHaveText(shown.project!.title);
  await expect(page.locator('.wx-bar').first()).toBeVisible({ timeout: 20_000 });
});
