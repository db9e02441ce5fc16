import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { pdfsig, pdftotext } from '../apps/server/src/engine/signatures/testing/pdf-tools.ts';
import { makeTestPki, type TestPki } from '../apps/server/src/engine/signatures/testing/test-pki.ts';
import {
  DEMO_USERS,
  expect,
  SessionApi,
  SHELL_TEST_TIMEOUT,
  signInThroughForm,
  test,
} from './fixtures/shell.ts';
import { ItemFormPage } from './pages/runtime/ItemFormPage.ts';
import { DOCUMENT_PDF } from './support/aet-requests.ts';
import { runAction, workflowPanel } from './support/workflow-panel.ts';

/** Component 2 (Solicitação de TPEU): form 4 is the permissionário's new request, form 3 the request as listed. */
const TPEU_COMPONENT = 2;
const NEW_REQUEST_FORM = 4;
const REQUEST_FORM = 3;
/** A form opening after a navigation: generous, the two cores are shared with other suites. */
const LOAD_TIMEOUT = 45_000;
/** What a water crossing underground by a company with no representative must bring (tpeu-documentos.ts). */
const REQUIRED_DOCUMENTS: Record<string, string> = {
  contratoSocial: 'Contrato social ou estatuto',
  cartaoCnpj: 'Cartão CNPJ',
  requerimento: 'Requerimento assinado',
  projetoDesenhos: 'Projeto: desenhos com os marcos quilométricos (1:1000 ou 1:500)',
  memorialDescritivo: 'Memorial descritivo',
  arquivoArt: 'ART do responsável técnico',
  projetoSinalizacao: 'Projeto de sinalização da obra',
  certidaoNegativa: 'Certidão negativa de débitos',
  comprovanteEndereco: 'Comprovante de endereço',
};
/** The tags of the suite's axe fixture (fixtures/test.ts), for the second browser context's page. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const REFUSAL = 'A ART não traz a assinatura do responsável técnico.';
const SHEET_REJECTION = 'A folha 2 não traz os marcos quilométricos da travessia.';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 8 });

const AWAITING_SIGNATURE = 'TPEU emitido — aguardando a assinatura do permissionário';
const CONFIRM_SIGNATURE = 'Confirmar assinatura do TPEU';

let pki: TestPki;
test.beforeAll(() => {
  pki = makeTestPki();
});
test.afterAll(() => pki.cleanup());

/** A drawing sheet: a PDF with a page, which issuing stamps (the other documents may be any PDF). */
const SHEET_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const pdf = (name: string, buffer = DOCUMENT_PDF) => ({ name, mimeType: 'application/pdf', buffer });

async function upload(page: Page, field: string, name = `${field}.pdf`) {
  await page
    .getByTestId(`files-input-${field}`)
    .setInputFiles(pdf(name, field === 'projetoDesenhos' ? SHEET_PDF : DOCUMENT_PDF));
  await expect(page.getByRole('button', { name: `Baixar ${name}` })).toBeVisible();
}

/**
 * Issue 21, the request and its screening as each side meets them: a permissionário files a water crossing whose
 * checklist follows from the occupation, with the price of the table; the analyst screens each document and
 * refuses the ART with its reason; the permissionário can replace only that one, and resubmits; the analyst
 * accepts it and sends the request to inspection on a date; with the report and its photos, rejects one of the two sheets with comments, which
 * the permissionário reads and replaces; both approved (one with caveats) and the fee exempted by the analyst,
 * the TPEU is issued with the permissionário's signature asked and each sheet attached stamped; the permissionário
 * signs the TPEU with their A1 and confirms — the TPEU then carries two valid signatures (pdfsig), each stamped
 * sheet verifies with its stamp printed — and once the works are done the final inspection accepts them with the
 * signed Termo de Recebimento: 'Vigente'.
 */
test('a TPEU request is filed with its checklist, screened, inspected, reviewed sheet by sheet, issued, co-signed and its works accepted', async ({
  browser,
  page,
  request,
  adminSession,
  demoAppIds,
  makeAxeBuilder,
}) => {
  const app = demoAppIds.faixa;
  // The department's A1 signs what issuing produces (a test PKI's; the permissionário holds its second A1).
  await adminSession.post('/api/admin/departmentCertificate', {
    certificate: pki.p12.toString('base64'),
    password: pki.password,
  });
  const form = new ItemFormPage(page);
  let itemId = 0;

  await test.step('the checklist and the price follow from the occupation', async () => {
    await signInThroughForm(
      page,
      DEMO_USERS.permissionario,
      `/runtime/${app}/insertItem/${TPEU_COMPONENT}/0/${NEW_REQUEST_FORM}`,
    );
    await expect(form.heading).toHaveText('Novo item — Solicitação de TPEU', { timeout: LOAD_TIMEOUT });
    // The permissionário files in their account's name (a company): nothing to type.
    await expect(form.textbox(/^CPF\/CNPJ/)).toHaveValue('35.894.127/0001-86');
    await expect(form.textbox(/^Nome \/ razão social/)).toHaveValue(
      'ENERGIA SUL DISTRIBUIDORA DE ELETRICIDADE S.A.',
    );
    await form.textbox(/^Nome fantasia/).fill('Energia Sul');
    await form.textbox(/^Atividade/).fill('Abastecimento público de água');
    await form.textbox(/^E-mail/).fill('projetos@aguas.test');
    await form.choose(/^Finalidade/, 'Abastecimento de água');
    await form.choose(/^Tipo de ocupação/, 'Transversal (travessia)');
    await form.choose(/^Passagem/, 'Subterrânea');
    await form.textbox(/^Rodovia/).fill('SP-340');
    await form.textbox(/^Município da ocupação/).fill('Mogi Mirim');
    await form.textbox(/^Km inicial/).fill('160');
    await form.textbox(/^Km final/).fill('160,05');
    await page.getByRole('radio', { name: 'Direito' }).check();
    await form.textbox(/^Extensão/).fill('50');
    await form.textbox(/^Prazo solicitado/).fill('60');
    // A crossing: the price per crossing of the table, whatever its length.
    await expect(form.textbox(/^Preço público anual previsto/)).toHaveValue(/2\.400,00/);
    // The occupation's documents: the signalling project is required at protocolling, the licence optional,
    // the bridge report not listed.
    await expect(
      page
        .getByRole('group', { name: 'Projeto de sinalização da obra' })
        .getByText('Exigido ao sair do rascunho'),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Licença ambiental' })).toBeVisible();
    await expect(page.getByRole('group', { name: /Laudo estrutural/ })).toHaveCount(0);
    for (const field of Object.keys(REQUIRED_DOCUMENTS)) await upload(page, field);
    // The crossing's design has two sheets.
    await upload(page, 'projetoDesenhos', 'folha-2.pdf');
    const axe = await makeAxeBuilder().analyze();
    expect(axe.violations).toEqual([]);
  });

  await test.step('protocolling gives the process number and the price of the table', async () => {
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith('/api/genericItem/executeTaskAction'), {
        timeout: 30_000,
      }),
      (async () => {
        await page.getByRole('button', { name: 'Protocolar', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Protocolar' });
        await expect(dialog).toContainText('só poderá ser alterada se o analista pedir correção');
        await dialog.getByRole('button', { name: 'OK' }).click();
      })(),
    ]);
    expect(response.status(), await response.text()).toBe(200);
    itemId = (response.request().postDataJSON() as { itemId: number }).itemId;
    await expect(form.heading).toContainText(/TPEU-\d{4}-\d{6}/, { timeout: LOAD_TIMEOUT });
  });

  const editPath = () => `/runtime/${app}/editItem/${TPEU_COMPONENT}/${itemId}/${REQUEST_FORM}`;
  const analystContext = await browser.newContext({ locale: 'pt-BR' });
  const analystPage = await analystContext.newPage();
  const analystForm = new ItemFormPage(analystPage);

  await test.step('the analyst screens each document and refuses the ART with its reason', async () => {
    await signInThroughForm(analystPage, DEMO_USERS.analyst, editPath());
    await expect(workflowPanel(analystPage).getByText('Protocolada', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await analystForm.openTab('Análise e remuneração');
    await expect(analystForm.textbox(/^Preço público anual/)).toHaveValue(/2\.400,00/);
    await runAction(analystPage, 'Iniciar triagem');
    await expect(workflowPanel(analystPage).getByText('Triagem', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await analystForm.openTab('Documentos (checklist)');
    for (const [field, label] of Object.entries(REQUIRED_DOCUMENTS))
      if (field !== 'arquivoArt') await analystForm.choose(`Triagem: ${label}`, 'Aceito');
    await analystForm.choose('Triagem: ART do responsável técnico', 'Recusado');
    await analystForm.textbox(/^Motivo da recusa: ART do responsável técnico/).fill(REFUSAL);
    await runAction(analystPage, 'Solicitar correção', async (dialog) => {
      await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Documento recusado na triagem.');
    });
    await expect(workflowPanel(analystPage).getByText('Pendente de correção')).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
  });

  await test.step('the permissionário replaces only the refused document, and resubmits', async () => {
    await page.goto(editPath());
    await expect(workflowPanel(page).getByText('Pendente de correção')).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await form.openTab('Documentos (checklist)');
    await expect(form.textbox(/^Motivo da recusa: ART do responsável técnico/)).toHaveValue(REFUSAL);
    // Accepted: nothing to remove, nothing to choose.
    await expect(page.getByRole('button', { name: 'Remover requerimento.pdf' })).toHaveCount(0);
    await expect(
      page
        .getByRole('group', { name: /^Requerimento assinado/ })
        .getByRole('button', { name: 'Escolher arquivos' }),
    ).toBeDisabled();
    await page.getByRole('button', { name: 'Remover arquivoArt.pdf' }).click();
    await upload(page, 'arquivoArt', 'art-assinada.pdf');
    await form.saveAndExpectSaved();
    await runAction(page, 'Reenviar', async (dialog) => {
      await expect(dialog).toContainText('Reenviar a solicitação corrigida?');
    });
    await expect(workflowPanel(page).getByText('Triagem', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
  });

  await test.step('the analyst accepts the new ART and sends the request to an inspector on a date', async () => {
    await analystPage.reload();
    await expect(workflowPanel(analystPage).getByText('Triagem', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await analystForm.openTab('Documentos (checklist)');
    await expect(analystPage.getByRole('button', { name: 'Baixar art-assinada.pdf' })).toBeVisible();
    await analystForm.choose('Triagem: ART do responsável técnico', 'Aceito');
    await analystForm.openTab('Vistoria');
    await analystForm.typeDate(/^Vistoria agendada para/, dateDigits(7));
    await runAction(analystPage, 'Encaminhar para vistoria', async (dialog) => {
      // The inspector, among the analysts: the demo analyst.
      await dialog.getByRole('combobox', { name: /Responsável/ }).click();
      await analystPage
        .getByRole('listbox')
        .getByRole('option', { name: /ANA PAULA RIBEIRO/ })
        .click();
    });
    await expect(workflowPanel(analystPage).getByText('Vistoria', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    const axe = await new AxeBuilder({ page: analystPage }).withTags(AXE_TAGS).analyze();
    expect(axe.violations).toEqual([]);
  });

  await test.step('the inspection reported, the analyst rejects the second sheet with what to correct', async () => {
    await analystForm.openTab('Vistoria');
    await analystForm.textbox(/^Relatório da vistoria/).pressSequentially('Faixa livre; travessia viável.');
    await upload(analystPage, 'fotosVistoria', 'fotos-vistoria.pdf');
    await runAction(analystPage, 'Concluir vistoria');
    await expect(workflowPanel(analystPage).getByText('Análise técnica', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await analystForm.openTab('Análise e remuneração');
    const review = analystPage.getByRole('group', { name: 'Análise técnica dos desenhos' });
    await review.getByRole('combobox', { name: 'Parecer, linha 1' }).selectOption('Aprovado');
    await review.getByRole('combobox', { name: 'Parecer, linha 2' }).selectOption('Reprovado');
    await review.getByRole('textbox', { name: 'Comentários, linha 2' }).fill(SHEET_REJECTION);
    await runAction(analystPage, 'Devolver desenhos reprovados');
    await expect(workflowPanel(analystPage).getByText('Desenhos reprovados', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
  });

  await test.step('the permissionário reads the comments, replaces the rejected sheet and resubmits', async () => {
    await page.goto(editPath());
    await expect(workflowPanel(page).getByText('Desenhos reprovados', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await form.openTab('Análise e remuneração');
    await expect(
      page
        .getByRole('group', { name: 'Análise técnica dos desenhos' })
        .getByRole('textbox', { name: 'Comentários, linha 2' }),
    ).toHaveValue(SHEET_REJECTION);
    await form.openTab('Documentos (checklist)');
    await page.getByRole('button', { name: 'Remover folha-2.pdf' }).click();
    await upload(page, 'projetoDesenhos', 'folha-2-revisada.pdf');
    await form.saveAndExpectSaved();
    await runAction(page, 'Reenviar desenhos', async (dialog) => {
      await expect(dialog).toContainText('Reenviar os desenhos para nova análise?');
    });
    await expect(workflowPanel(page).getByText('Análise técnica', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
  });

  await test.step('the analyst approves both sheets and issues the TPEU, every sheet stamped', async () => {
    await analystPage.reload();
    await expect(workflowPanel(analystPage).getByText('Análise técnica', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await analystForm.openTab('Análise e remuneração');
    const review = analystPage.getByRole('group', { name: 'Análise técnica dos desenhos' });
    // The approved sheet kept its verdict; the replaced one waits for a new one.
    await expect(review.getByRole('combobox', { name: 'Parecer, linha 1' })).toHaveValue('aprovado');
    await expect(review.getByRole('combobox', { name: 'Parecer, linha 2' })).toHaveValue('');
    await review.getByRole('combobox', { name: 'Parecer, linha 2' }).selectOption('Aprovado com ressalvas');
    await review
      .getByRole('textbox', { name: 'Comentários, linha 2' })
      .fill('Recompor o pavimento após a obra.');
    // The department exempts this public water supply, with its reason.
    await analystPage.getByRole('checkbox', { name: 'Isento de remuneração' }).check();
    await analystForm.textbox(/^Motivo da isenção/).fill('Serviço público de abastecimento de água.');
    await runAction(analystPage, 'Aprovar', async (dialog) => {
      await expect(dialog).toContainText('Aprovar esta solicitação?');
    });
    await expect(workflowPanel(analystPage).getByText('Aprovada', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await analystForm.openTab('Termo');
    await analystForm.typeDate(/^Início da vigência/, dateDigits(0));
    await analystForm.typeDate(/^Fim da vigência/, dateDigits(365));
    // This permit is to be signed by the permissionário too (the table asks it of advertising only).
    await analystPage.getByRole('checkbox', { name: /^Exigir a assinatura do permissionário/ }).check();
    await runAction(analystPage, 'Emitir TPEU', async (dialog) => {
      await expect(dialog).toContainText('O TPEU será numerado');
    });
    await expect(workflowPanel(analystPage).getByText(AWAITING_SIGNATURE, { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await analystForm.openTab('Documentos (checklist)');
    const documents = analystPage.getByRole('region', { name: 'Anexos' });
    for (const name of ['APROVADO - projetoDesenhos.pdf', 'APROVADO - folha-2-revisada.pdf'])
      await expect(documents.getByText(name, { exact: true })).toBeVisible({ timeout: LOAD_TIMEOUT });
  });

  let permitName = '';
  await test.step('the permissionário signs the TPEU with their A1 and confirms: the works are authorised', async () => {
    await page.goto(editPath());
    await expect(workflowPanel(page).getByText(AWAITING_SIGNATURE, { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    // Confirming before signing is refused, naming the document.
    await workflowPanel(page).getByRole('button', { name: CONFIRM_SIGNATURE, exact: true }).click();
    await expect(page.getByText(/Assine o documento Termo de Permissão Especial de Uso/)).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await form.openTab('Documentos (checklist)');
    const documents = page.getByRole('region', { name: 'Anexos' });
    const permit = documents.getByRole('listitem').filter({ hasText: 'Aguarda a sua assinatura' });
    permitName = (await permit.getByText(/^Termo de Permissão Especial de Uso - TPEU-/).textContent()) ?? '';
    expect(permitName).toMatch(/\.pdf$/);
    await documents.getByRole('button', { name: `Mais ações para ${permitName}` }).click();
    await page.getByRole('menuitem', { name: 'Assinar' }).click();
    const dialog = page.getByRole('dialog', { name: `Assinar digitalmente "${permitName}"` });
    await dialog
      .getByLabel('Escolher certificado A1 (.pfx/.p12)')
      .setInputFiles({ name: 'energia-sul-a1.p12', mimeType: 'application/x-pkcs12', buffer: pki.secondP12 });
    await dialog.getByLabel('Senha do certificado').fill(pki.password);
    await dialog.getByRole('button', { name: 'Assinar' }).click();
    await expect(page.getByText('Documento assinado digitalmente.')).toBeVisible({ timeout: LOAD_TIMEOUT });
    await expect(documents.getByText('Aguarda a sua assinatura')).toHaveCount(0);
    await runAction(page, CONFIRM_SIGNATURE);
    await expect(
      workflowPanel(page).getByText('TPEU emitido — obra autorizada', { exact: true }),
    ).toBeVisible({ timeout: LOAD_TIMEOUT });
  });

  const permissionario = await SessionApi.signIn(request, DEMO_USERS.permissionario);
  await test.step('the TPEU carries both valid signatures; each stamped sheet verifies, its stamp printed', async () => {
    const permitReport = pdfsig(await downloadDocument(permissionario, itemId, permitName), pki.nssDir());
    expect(permitReport.match(/Signature is Valid/g)).toHaveLength(2);
    expect(permitReport).toContain('Certificate is Trusted');
    for (const name of ['APROVADO - projetoDesenhos.pdf', 'APROVADO - folha-2-revisada.pdf']) {
      const sheet = await downloadDocument(permissionario, itemId, name);
      expect(pdfsig(sheet, pki.nssDir())).toContain('Signature is Valid');
      expect(pdftotext(sheet).replace(/\s+/g, ' ')).toContain('APROVADO — DER — processo nº');
    }
  });

  await test.step('the works finished, the final inspection accepts them: the signed Termo de Recebimento, Vigente', async () => {
    await form.openTab('Obras e vigência');
    await upload(page, 'asBuilt', 'as-built.pdf');
    await form.saveAndExpectSaved();
    await runAction(page, 'Informar conclusão das obras');
    await expect(workflowPanel(page).getByText('Vistoria final', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await analystPage.reload();
    await expect(workflowPanel(analystPage).getByText('Vistoria final', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    await analystForm.openTab('Obras e vigência');
    await analystForm
      .textbox(/^Relatório da vistoria final/)
      .pressSequentially('Obra conforme o projeto; pavimento recomposto.');
    await runAction(analystPage, 'Receber as obras', async (dialog) => {
      await expect(dialog).toContainText('O Termo de Recebimento será gerado e assinado');
    });
    await expect(workflowPanel(analystPage).getByText('Vigente', { exact: true })).toBeVisible({
      timeout: LOAD_TIMEOUT,
    });
    const list = await permissionario.get<{ attachments: { name: string }[] }>(
      `/api/genericItem/loadAttachments?itemId=${itemId}&widgetKey=anexos`,
    );
    const term = list.attachments.find((row) => row.name.startsWith('Termo de Recebimento'));
    expect(term).toBeDefined();
    const report = pdfsig(await downloadDocument(permissionario, itemId, term!.name), pki.nssDir());
    expect(report).toContain('Signature is Valid');
  });
  await analystContext.close();
});

/** The current file of the request's document named `name`, as the permissionário downloads it. */
async function downloadDocument(session: SessionApi, itemId: number, name: string): Promise<Uint8Array> {
  const list = await session.get<{ attachments: { attachmentId: number; name: string }[] }>(
    `/api/genericItem/loadAttachments?itemId=${itemId}&widgetKey=anexos`,
  );
  const attachment = list.attachments.find((row) => row.name === name);
  if (!attachment) throw new Error(`no document named ${name}`);
  const link = await session.get<{ url: string }>(
    `/api/genericItem/getAttachmentLink?attachmentId=${attachment.attachmentId}`,
  );
  const response = await session.request.get(link.url, {
    headers: { authorization: `Bearer ${session.result.token}` },
  });
  expect(response.ok()).toBe(true);
  return new Uint8Array(await response.body());
}

/** A date N days from today as an MUI date field takes its digits (DDMMYYYY). */
function dateDigits(daysFromToday: number): string {
  const day = new Date(Date.now() + daysFromToday * 86_400_000);
  return (
    [day.getDate(), day.getMonth() + 1].map((part) => String(part).padStart(2, '0')).join('') +
    day.getFullYear()
  );
}
