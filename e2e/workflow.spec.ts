import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, signInThroughForm, test } from './fixtures/shell.ts';
import { ItemFormPage } from './pages/runtime/ItemFormPage.ts';
import { MessagesPopup } from './pages/shell/MessagesPopup.ts';
import {
  downloadedPdfText,
  formattedIdOf,
  newAetDraft,
  ROUTE_OUTSIDE_THE_ENVELOPE,
  validationUidIn,
  validityFromToday,
} from './support/aet-requests.ts';

/** Component 1 (Solicitação de AET): form 1 is the request as listed. */
const AET_COMPONENT = 1;
const REQUEST_FORM = 1;
/** The tags of the suite's axe fixture (fixtures/test.ts), for the second browser context's page. */
/** A form or a list opening after a navigation: generous, the two cores are shared with other suites. */
const LOAD_TIMEOUT = 45_000;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 5 });

/** The workflows panel of the item form. */
function workflowPanel(page: Page) {
  return page.getByRole('region', { name: 'Fluxo de trabalho' });
}

/** Runs an action from the panel; a dialog (confirmation, reason) is answered by `answer`. */
async function runAction(page: Page, name: string, answer?: (dialog: Locator) => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().endsWith('/api/genericItem/executeTaskAction'), {
      timeout: 30_000,
    }),
    (async () => {
      await workflowPanel(page).getByRole('button', { name, exact: true }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      if (answer) await answer(dialog);
      await dialog.getByRole('button', { name: 'OK' }).click();
    })(),
  ]);
  expect(response.status(), await response.text()).toBe(200);
}

/** The user's bell lists a message whose title says `title` (the outbox writes it moments after the action). */
async function expectMessage(page: Page, title: string) {
  const messages = new MessagesPopup(page);
  await expect(async () => {
    await page.reload();
    await messages.open();
    await expect(messages.items.filter({ hasText: title }).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await page.keyboard.press('Escape');
  await expect(messages.popup).toBeHidden();
}

/**
 * Issue 15: the AET process from both sides in the browser — the requerente sends a request, the analyst finds it
 * in 'Minhas pendências' and asks for a correction with a reason, the requerente corrects and resends, the
 * analyst approves; each is told through their messages.
 */
test('an AET goes from the requerente to the analyst and back, and is approved', async ({
  browser,
  request,
  demoAppIds,
  makeAxeBuilder,
  page,
}) => {
  // On a road the automatic-issuance envelope does not cover: once paid, it goes to the analysts.
  const { requerente, saved: draft } = await newAetDraft(request, {
    trechos: ROUTE_OUTSIDE_THE_ENVELOPE,
    // Issuing needs the validity: from today, for ten days.
    ...validityFromToday(10),
  });
  // The request's protocol number, given when it is sent (a draft has a 'RASCUNHO-' ID).
  let protocol = '';
  const editPath = `/runtime/${demoAppIds.aet}/editItem/${AET_COMPONENT}/${draft.id}/${REQUEST_FORM}`;
  const analystContext = await browser.newContext({ locale: 'pt-BR' });
  const analystPage = await analystContext.newPage();
  const requerenteForm = new ItemFormPage(page);

  await test.step('the requerente sends the request from its form', async () => {
    await signInThroughForm(page, DEMO_USERS.requerente, editPath);
    await expect(workflowPanel(page).getByText('Rascunho')).toBeVisible({ timeout: LOAD_TIMEOUT });
    const axe = await makeAxeBuilder().analyze();
    expect(axe.violations).toEqual([]);
    // The action's rule is checked over the unsaved values: without the declaration it is refused on the form.
    await requerenteForm.openTab('Declarações');
    const declaration = page.getByRole('checkbox', {
      name: /Declaro que as informações prestadas são verdadeiras/,
    });
    await declaration.uncheck();
    await workflowPanel(page).getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Declare que as informações prestadas são verdadeiras antes de enviar.' }),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await declaration.check();
    await runAction(page, 'Enviar', async (dialog) => {
      await expect(dialog).toContainText('A taxa será fixada agora e cobrada.');
    });
    // The fee is fixed by the table and charged: the request waits for its payment.
    await expect(workflowPanel(page).getByText('Aguardando pagamento')).toBeVisible();
    expect(draft.formattedId).toMatch(/^RASCUNHO-\d{6}$/);
    protocol = await formattedIdOf(requerente, draft.id);
    expect(protocol).toMatch(/^AET-\d{4}-\d{6}$/);
    await expect(requerenteForm.heading).toContainText(protocol);
  });

  await test.step('the analyst confirms the payment; outside the envelope, the request goes to analysis', async () => {
    await signInThroughForm(analystPage, DEMO_USERS.analyst, editPath);
    await expect(workflowPanel(analystPage).getByText('Aguardando pagamento')).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await runAction(analystPage, 'Confirmar pagamento', async (dialog) => {
      await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Pagamento conferido no extrato bancário.');
    });
    await analystPage.reload();
    await expect(workflowPanel(analystPage).getByText('Em análise')).toBeVisible({ timeout: LOAD_TIMEOUT });
    // Each criterion of the envelope is on the request; the road outside it is named among the failed ones.
    await new ItemFormPage(analystPage).openTab('Taxa e emissão');
    await expect(
      analystPage.getByRole('row', {
        name: /Trajeto em rodovias e trechos permitidos Não SP-099 km 10–20/,
      }),
    ).toBeVisible();
  });

  await test.step("the analyst finds it in 'Minhas pendências' and asks for a correction", async () => {
    await analystPage.goto(`/runtime/${demoAppIds.aet}/pendingWork`);
    await expect(analystPage.getByRole('heading', { name: 'Minhas pendências' })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await expectMessage(analystPage, `AET ${protocol} fora do envelope`);
    const filters = analystPage.getByRole('group', { name: 'Filtrar por status' });
    await filters.getByRole('button', { name: /^Em análise/ }).click();
    const axe = await new AxeBuilder({ page: analystPage }).withTags(AXE_TAGS).analyze();
    expect(axe.violations).toEqual([]);
    // The newest change first or not: page through until the request shows.
    const link = analystPage.getByRole('link', { name: protocol, exact: true });
    await expect
      .poll(
        async () => {
          if (await link.count()) return true;
          const next = analystPage.getByRole('button', { name: 'Próxima página' });
          if (await next.isEnabled()) await next.click();
          return false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await link.click();
    await expect(workflowPanel(analystPage).getByText('Em análise')).toBeVisible({ timeout: LOAD_TIMEOUT });
    await runAction(analystPage, 'Solicitar correção', async (dialog) => {
      const ok = dialog.getByRole('button', { name: 'OK' });
      await expect(ok).toBeDisabled();
      await dialog
        .getByRole('textbox', { name: /Motivo/ })
        .fill('Informe o telefone do responsável técnico.');
      await expect(ok).toBeEnabled();
    });
    await expect(workflowPanel(analystPage).getByText('Pendente de correção')).toBeVisible();
  });

  await test.step('the requerente is told, corrects the request and resends it', async () => {
    await page.goto(editPath);
    await expectMessage(page, `Correção solicitada na AET ${protocol}`);
    await page.goto(editPath);
    await expect(workflowPanel(page).getByText('Pendente de correção')).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await requerenteForm.openTab('Requerente');
    const phone = requerenteForm.textbox('Telefone');
    await phone.fill('');
    await phone.pressSequentially('11912345678');
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith('/api/genericItem/executeTaskAction')),
      runAction(page, 'Reenviar'),
    ]);
    // The correction went with the action, at the version the form held.
    expect(response.request().postDataJSON()).toMatchObject({
      action: 'reenviar',
      changes: { requerenteTelefone: '(11) 91234-5678' },
    });
    await expect(workflowPanel(page).getByText('Em análise')).toBeVisible();
  });

  await test.step('the analyst is told and approves with conditions from the list; the requerente is told', async () => {
    await expectMessage(analystPage, `AET ${protocol} corrigida`);
    await analystPage.goto(editPath);
    await expect(workflowPanel(analystPage).getByText('Em análise')).toBeVisible({ timeout: LOAD_TIMEOUT });
    const analystForm = new ItemFormPage(analystPage);
    await analystForm.openTab('Taxa e emissão');
    const conditions = analystPage.getByRole('group', { name: 'Condições impostas' });
    await conditions.getByRole('button', { name: 'Adicionar linha' }).click();
    await analystForm.textbox(/^Condição .*, linha 1$/).fill('diurno');
    await conditions.getByRole('button', { name: 'Adicionar linha' }).click();
    await analystForm.textbox(/^Condição .*, linha 2$/).fill('escolta');
    await runAction(analystPage, 'Deferir', async (dialog) => {
      await expect(dialog).toContainText('Deferir esta solicitação com as condições escolhidas?');
    });
    await expect(workflowPanel(analystPage).getByText('Deferida')).toBeVisible();
    await expectMessage(page, `Sua solicitação ${protocol} foi deferida`);
  });

  let validationUid = '';
  await test.step('the analyst issues it: numbered, its PDF attached with the conditions printed', async () => {
    await analystPage.goto(editPath);
    await expect(workflowPanel(analystPage).getByText('Deferida')).toBeVisible({ timeout: LOAD_TIMEOUT });
    await runAction(analystPage, 'Emitir AET');
    await expect(workflowPanel(analystPage).getByText('Emitida')).toBeVisible();
    await new ItemFormPage(analystPage).openTab('Documentos');
    const text = await downloadedPdfText(
      analystPage,
      analystPage.getByRole('button', { name: new RegExp(`^Baixar .*${protocol}.*\\.pdf$`) }).first(),
    );
    expect(text).toContain('Trânsito somente entre o nascer e o pôr do sol');
    validationUid = validationUidIn(text);
  });

  await test.step('a road interdiction suspends it: the public page says so, with the reason', async () => {
    const reason = 'Interdição da ponte do km 15 da SP-099 para obras.';
    await runAction(analystPage, 'Suspender AET', async (dialog) => {
      await dialog.getByRole('textbox', { name: /Motivo/ }).fill(reason);
    });
    await expect(workflowPanel(analystPage).getByText('Suspensa')).toBeVisible();
    await page.goto(`/validarAET?uid=${validationUid}`);
    await expect(
      page.getByRole('status').filter({
        hasText: `AET suspensa: não autoriza o trânsito enquanto durar a suspensão. Motivo: ${reason}`,
      }),
    ).toBeVisible({ timeout: LOAD_TIMEOUT });
  });

  await analystContext.close();
});
