import type { APIRequestContext } from '@playwright/test';
import {
  DEMO_USERS,
  expect,
  SessionApi,
  SHELL_TEST_TIMEOUT,
  signInThroughForm,
  test,
} from './fixtures/shell.ts';
import { ItemFormPage } from './pages/runtime/ItemFormPage.ts';
import { requestInAnalysis } from './support/aet-requests.ts';

const BOARD_VIEW = 2;
const BOARD_TITLE = 'Quadro de solicitações';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

test('swimlanes by responsible are a grid: a row per responsible, each cell a lane’s cards; a row collapses', async ({
  page,
  request,
  demoAppIds,
  makeAxeBuilder,
}) => {
  const aet = await requestInAnalysis(request);
  await signInThroughForm(
    page,
    DEMO_USERS.analyst,
    `/runtime/${demoAppIds.aet}/kanban/${BOARD_VIEW}/${encodeURIComponent(BOARD_TITLE)}`,
  );
  await page.getByRole('searchbox', { name: 'Pesquisar no quadro' }).fill(aet.formattedId);
  await page.getByLabel('Raias por responsável').check();
  // The card sits in the cell of its lane and of its responsible's row (a new request has none yet).
  const cell = page.getByRole('group', { name: 'Em análise — Sem responsável' });
  await expect(cell.getByTestId(`kanban-card-${aet.id}`)).toBeVisible({ timeout: 20_000 });
  const row = page.getByRole('button', { name: 'Sem responsável', exact: true });
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  const axe = await makeAxeBuilder().analyze();
  expect(axe.violations).toEqual([]);

  await row.click();
  await expect(row).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId(`kanban-card-${aet.id}`)).toHaveCount(0);
  await row.click();
  await expect(cell.getByTestId(`kanban-card-${aet.id}`)).toBeVisible();
});

/** A board whose lanes are a picklist's options, each taking new cards (imported by the administrator). */
const FIELD_BOARD = { component: 9731, view: 9731, form: 9731 };
const text = (pt: string, en: string) => ({ 'pt-BR': pt, en });
const PHASES_DEFINITION = {
  schemaVersion: 1,
  key: 'e2e-quadro-de-fases',
  version: 1,
  name: 'E2E: quadro de fases',
  menu: [
    {
      key: 'fases',
      name: text('Fases', 'Phases'),
      target: { kind: 'kanban', viewId: FIELD_BOARD.view, title: 'Fases' },
    },
  ],
  components: [
    {
      id: FIELD_BOARD.component,
      name: 'E2eIdeia',
      label: text('Ideia', 'Idea'),
      pluralLabel: text('Ideias', 'Ideas'),
      formattedIdPattern: 'IDE-{SEQ:4}',
      fields: [
        { key: 'nome', type: 'STRING', label: text('Nome da ideia', 'Idea name') },
        {
          key: 'fase',
          type: 'PICKLIST',
          label: text('Fase', 'Phase'),
          options: [
            { value: 'rascunho', text: text('Rascunho', 'Draft') },
            { value: 'pronta', text: text('Pronta', 'Ready') },
          ],
        },
      ],
      forms: [
        {
          id: FIELD_BOARD.form,
          name: text('Ideia', 'Idea'),
          layout: [
            { type: 'textbox', field: 'nome' },
            { type: 'dropdown', field: 'fase' },
          ],
        },
      ],
      kanbanViews: [
        {
          id: FIELD_BOARD.view,
          name: text('Ideias por fase', 'Ideas by phase'),
          laneField: 'fase',
          lanes: [
            { value: 'rascunho', allowCreate: true },
            { value: 'pronta', allowCreate: true },
          ],
          cardFields: ['nome'],
          formId: FIELD_BOARD.form,
        },
      ],
    },
  ],
};

/** The field board's application (imported once per stack; a later run finds it). */
async function phasesApplication(request: APIRequestContext): Promise<number> {
  const admin = await SessionApi.signIn(request, DEMO_USERS.admin);
  const listed = await admin.get<Array<{ key: string; applicationId: number }>>(
    '/api/admin/definitions/list',
  );
  const found = listed.find((entry) => entry.key === PHASES_DEFINITION.key);
  if (found) return found.applicationId;
  const imported = await admin.post<{ applicationId: number }>('/api/admin/definitions/import', {
    fileName: 'fases.json',
    content: JSON.stringify(PHASES_DEFINITION),
  });
  return imported.applicationId;
}

test('a lane’s + opens the new item’s form with the lane’s option, and the card lands in that lane', async ({
  page,
  request,
}) => {
  const appId = await phasesApplication(request);
  await signInThroughForm(page, DEMO_USERS.admin, `/runtime/${appId}/kanban/${FIELD_BOARD.view}/Fases`);
  await page.getByRole('button', { name: 'Novo cartão em Pronta' }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/insertItem\/9731\/0\/9731\?value\.fase=pronta$/);
  const form = new ItemFormPage(page);
  await expect(page.getByRole('combobox', { name: /Fase/ })).toHaveText(/Pronta/, { timeout: 20_000 });
  const name = `Ideia ${Date.now()}`;
  await form.textbox(/Nome da ideia/).fill(name);
  await form.save.click();
  await expect(page).toHaveURL(/\/editItem\/9731\/\d+\/9731$/);
  await page.goto(`/runtime/${appId}/kanban/${FIELD_BOARD.view}/Fases`);
  await page.getByRole('searchbox', { name: 'Pesquisar no quadro' }).fill('IDE-');
  const lane = page.getByRole('region', { name: /^Pronta/ });
  await expect(lane.getByText(name)).toBeVisible({ timeout: 20_000 });
});
