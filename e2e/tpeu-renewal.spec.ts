import {
  DEMO_USERS,
  expect,
  SessionApi,
  SHELL_TEST_TIMEOUT,
  signInThroughForm,
  test,
} from './fixtures/shell.ts';
import { ItemFormPage } from './pages/runtime/ItemFormPage.ts';
import { runAction, workflowPanel } from './support/workflow-panel.ts';

/** Component 2 (Solicitação de TPEU), form 3 the request as listed. */
const TPEU_COMPONENT = 2;
const REQUEST_FORM = 3;
const LOAD_TIMEOUT = 45_000;

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 4 });

interface Row {
  ID: number;
  FormattedID: string;
  values: Record<string, unknown>;
}

/**
 * Issue 21, the renewal as each side meets it: on a demo TPEU in force the permissionário asks for twelve more
 * months; the analyst renews it (an exempt power line owes nothing) and the reissued TPEU is attached, its end
 * moved by the months asked.
 */
test('a permissionário asks to renew a TPEU in force and the analyst renews it', async ({
  browser,
  page,
  request,
  demoAppIds,
  makeAxeBuilder,
}) => {
  const permissionario = await SessionApi.signIn(request, DEMO_USERS.permissionario);
  const listed = await permissionario.post<{ rows: Row[] }>('/api/genericItem/executeFilter', {
    componentID: TPEU_COMPONENT,
    viewColumns: ['FormattedID', 'StatusName', 'fimVigencia', 'isentoRemuneracao'],
    filters: [
      { field: 'StatusName', operator: 'eq', value: 'vigente' },
      { field: 'isentoRemuneracao', operator: 'eq', value: true },
    ],
  });
  const permit = listed.rows[0];
  expect(permit, 'the demo data holds an exempt TPEU in force').toBeDefined();
  const editPath = `/runtime/${demoAppIds.faixa}/editItem/${TPEU_COMPONENT}/${permit!.ID}/${REQUEST_FORM}`;
  const form = new ItemFormPage(page);

  await test.step('the permissionário asks for twelve more months', async () => {
    await signInThroughForm(page, DEMO_USERS.permissionario, editPath);
    await expect(workflowPanel(page).getByText('Vigente', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await form.openTab('Obras e vigência');
    await form.textbox(/^Renovar por \(meses\)/).fill('12');
    await runAction(page, 'Solicitar renovação', async (dialog) => {
      await expect(dialog).toContainText('a permissão segue vigente enquanto isso');
    });
    await expect(workflowPanel(page).getByText('Renovação solicitada', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    // The months are fixed while the department decides.
    await form.openTab('Obras e vigência');
    await expect(form.textbox(/^Renovar por \(meses\)/)).not.toBeEditable();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  });

  const analystContext = await browser.newContext({ locale: 'pt-BR' });
  const analystPage = await analystContext.newPage();
  await test.step('the analyst renews it: the term ends twelve months later, the TPEU reissued', async () => {
    await signInThroughForm(analystPage, DEMO_USERS.analyst, editPath);
    await expect(workflowPanel(analystPage).getByText('Renovação solicitada', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await runAction(analystPage, 'Renovar o TPEU', async (dialog) => {
      await expect(dialog).toContainText('O fim da vigência será prorrogado');
    });
    await expect(workflowPanel(analystPage).getByText('Vigente', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    const after = await permissionario.post<{ rows: Row[] }>('/api/genericItem/executeFilter', {
      componentID: TPEU_COMPONENT,
      viewColumns: ['fimVigencia'],
      filters: [{ field: 'FormattedID', operator: 'eq', value: permit!.FormattedID }],
    });
    const before = new Date(String(permit!.values.fimVigencia));
    const renewedTo = new Date(String(after.rows[0]!.values.fimVigencia));
    expect(renewedTo.getUTCFullYear() * 12 + renewedTo.getUTCMonth()).toBe(
      before.getUTCFullYear() * 12 + before.getUTCMonth() + 12,
    );
  });
  await analystContext.close();
});
