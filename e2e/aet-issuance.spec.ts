import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from './fixtures/runtime.ts';
import { SessionApi } from './fixtures/shell.ts';
import { ItemFormPage } from './pages/runtime/ItemFormPage.ts';
import { DOCUMENT_PDF, downloadedPdfText, formattedIdOf, validationUidIn } from './support/aet-requests.ts';
import { peer } from './support/peer.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 4 });

/** The AET application's request (component 1, the guided form 2) and vehicle (component 6, form 8). */
const AET_COMPONENT = 1;
const NEW_REQUEST_FORM = 2;
const VEHICLE_COMPONENT = 6;
const VEHICLE_FORM = 8;
/** A RENAVAM with valid check digits (the server checks them). */
const RENAVAM = '12345678900';

/** DDMMYYYY of a day from today, as typed into a date field. */
function dateDigits(daysFromToday: number): string {
  const day = new Date(Date.now() + daysFromToday * 86_400_000);
  return (
    [day.getDate(), day.getMonth() + 1].map((part) => String(part).padStart(2, '0')).join('') +
    day.getFullYear()
  );
}

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: DOCUMENT_PDF });

/**
 * Issue 20, as a new carrier meets it: a requerente who just registered puts two vehicles in 'Meus veículos',
 * files the guided request inside the automatic-issuance envelope, pays the PIX charge (the stack's payment
 * provider notifies the server, signed), and finds the AET issued by itself; they download it, and its public
 * validation page says it is in force.
 */
test('a new requerente registers their fleet, files, pays and gets the AET issued automatically', async ({
  page,
  request,
  signIn,
  freshUser,
  demoAppIds,
  makeAxeBuilder,
}) => {
  const user = await freshUser();
  const form = new ItemFormPage(page);
  const app = demoAppIds.aet;
  const workflowPanel = page.getByRole('region', { name: 'Fluxo de trabalho' });

  async function registerVehicle(vehicle: {
    placa: string;
    tipo: RegExp;
    eixos: string;
    tara: string;
    pbt: string;
    cmt?: string;
  }) {
    await page.goto(`/runtime/${app}/insertItem/${VEHICLE_COMPONENT}/0/${VEHICLE_FORM}`);
    await expect(form.heading).toHaveText('Novo item — Veículo', { timeout: 20_000 });
    await form.textbox(/^Placa/).fill(vehicle.placa);
    await form.textbox(/^RENAVAM/).pressSequentially(RENAVAM);
    await form.choose(/^Tipo de veículo/, vehicle.tipo);
    await form.textbox(/^Eixos/).fill(vehicle.eixos);
    await form.textbox(/^Tara/).fill(vehicle.tara);
    await form.textbox(/^PBT/).fill(vehicle.pbt);
    if (vehicle.cmt) await form.textbox(/^CMT/).fill(vehicle.cmt);
    await page.getByTestId('files-input-crlv').setInputFiles(pdf(`crlv-${vehicle.placa}.pdf`));
    await expect(page.getByRole('button', { name: `Baixar crlv-${vehicle.placa}.pdf` })).toBeVisible();
    await form.saveAndExpectSaved();
  }

  await test.step("'Meus veículos': a tractor and a semi-trailer, each with its CRLV", async () => {
    await signIn(user, { next: `/runtime/${app}/insertItem/${VEHICLE_COMPONENT}/0/${VEHICLE_FORM}` });
    await registerVehicle({
      placa: 'RTA1B23',
      tipo: /^Cavalo-trator$/,
      eixos: '3',
      tara: '9',
      pbt: '23',
      cmt: '74',
    });
    await registerVehicle({ placa: 'RTB4C56', tipo: /^Semirreboque$/, eixos: '3', tara: '8', pbt: '45' });
  });

  const next = () => page.getByRole('button', { name: 'Salvar e continuar' }).click();
  const stepHeading = (title: string) =>
    page.getByRole('heading', { name: new RegExp(`^Etapa \\d+ de \\d+: ${title}$`) });

  await test.step('the guided request, saved as a draft at every step', async () => {
    await page.goto(`/runtime/${app}/insertItem/${AET_COMPONENT}/0/${NEW_REQUEST_FORM}`);
    await expect(stepHeading('Requerente')).toBeVisible({ timeout: 20_000 });
    // The requerente's own name comes from the account.
    await expect(form.textbox(/Nome \/ razão social do requerente/)).toHaveValue(user.name);
    await form.choose('Qualificação do requerente', 'Transportador');
    await next();
    await expect(stepHeading('Tipo e enquadramento')).toBeVisible();
    await expect(form.heading).toHaveText(/RASCUNHO-\d{6}/);
    await page.getByRole('radio', { name: 'Viagem única' }).check();
    await form.choose('Enquadramento', /Combinação de veículos de carga/);
    await next();
    await expect(stepHeading('Composição')).toBeVisible();
    await form.choose(/Composição \(veículos na ordem\)/, /RTA1B23/);
    await form.choose(/Composição \(veículos na ordem\)/, /RTB4C56/);
    await page.keyboard.press('Escape');
    // Read from the units: the tractor's plate and CMT, the tare and ΣPBT.
    await expect(form.textbox(/Placa do cavalo-trator/)).toHaveValue('RTA1B23');
    await next();
    await expect(stepHeading('Dimensões e grupos de eixos')).toBeVisible();
    await form.textbox(/Comprimento total/).fill('25');
    await form.textbox(/Largura total/).fill('2,6');
    await form.textbox(/Altura total/).fill('4,4');
    await form.textbox(/PBTC/).fill('57');
    // Each limit of the framing the request passes is named live, with value, limit and basis.
    await expect(page.getByRole('status', { name: 'Limites excedidos' })).toContainText(
      'Comprimento 25,00 m excede 19,80 m — Res. CONTRAN 882/2021',
    );
    await next();
    await expect(stepHeading('Carga')).toBeVisible();
    await form.textbox(/Descrição da carga/).fill('Bobinas de aço');
    await next();
    await expect(stepHeading('Trajeto')).toBeVisible();
    await form.textbox(/Origem/).fill('Campinas/SP');
    await form.textbox(/Destino/).fill('Ribeirão Preto/SP');
    await page.getByRole('button', { name: 'Adicionar linha' }).click();
    await form.textbox('Rodovia, linha 1').fill('SP-330');
    await form.textbox('Km inicial, linha 1').fill('318');
    await form.textbox('Km final, linha 1').fill('200');
    await next();
    await expect(stepHeading('Datas')).toBeVisible();
    // Valid from today (the form's default) for ten days: within the envelope's longest validity.
    await form.typeDate(/Fim da validade/, dateDigits(10));
    await form.typeDate(/Data e hora de partida/, `${dateDigits(1)}0700`);
    await next();
    await expect(stepHeading('Documentos')).toBeVisible();
    // The checklist: the units' CRLVs were attached in 'Meus veículos'; the drawing is uploaded here.
    await expect(page.getByRole('checkbox', { name: /CRLV de cada unidade/ })).toBeChecked();
    const drawing = page.getByRole('group', { name: 'Desenho da composição com as distâncias entre eixos' });
    // As a person would: once the previous step's save is back and the form takes input again.
    await expect(drawing.getByRole('button', { name: 'Escolher arquivos' })).toBeEnabled();
    await page.getByTestId('files-input-desenhoEixos').setInputFiles(pdf('desenho-eixos.pdf'));
    await expect(page.getByRole('button', { name: 'Baixar desenho-eixos.pdf' })).toBeVisible();
    await next();
    await expect(stepHeading('Declarações')).toBeVisible();
    await page
      .getByRole('checkbox', { name: /Declaro que as informações prestadas são verdadeiras/ })
      .check();
    await next();
    await expect(stepHeading('Revisão')).toBeVisible();
    const axe = await makeAxeBuilder().analyze();
    expect(axe.violations).toEqual([]);
  });

  let protocol = '';
  let sentItemId = 0;
  await test.step('sending fixes the fee, gives the protocol number and a PIX charge', async () => {
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().endsWith('/api/genericItem/executeTaskAction')),
      (async () => {
        await page.getByRole('button', { name: 'Enviar', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Enviar' });
        await expect(dialog).toContainText('A taxa será fixada agora e cobrada.');
        await dialog.getByRole('button', { name: 'OK' }).click();
      })(),
    ]);
    expect(response.status(), await response.text()).toBe(200);
    const itemId = (response.request().postDataJSON() as { itemId: number }).itemId;
    sentItemId = itemId;
    const session = await SessionApi.signIn(request, user);
    protocol = await formattedIdOf(session, itemId);
    expect(protocol).toMatch(/^AET-\d{4}-\d{6}$/);
    // Sent, it opens as it is followed from now on (form 1, with its workflow), no longer as a draft.
    await expect(page).toHaveURL(new RegExp(`/editItem/${AET_COMPONENT}/${itemId}/1$`));
    await expect(workflowPanel.getByText('Aguardando pagamento')).toBeVisible({ timeout: 20_000 });
  });

  await test.step('the requerente asks for the PIX charge: its QR code and its copy-and-paste code', async () => {
    const panel = page.getByRole('region', { name: 'Pagamento da taxa' });
    await panel.getByRole('button', { name: 'Pagar com PIX' }).click();
    await expect(panel.getByRole('img', { name: 'QR code do PIX para pagar a taxa' })).toBeVisible();
    // The BR Code payload (EMV): it starts with the format indicator and names the PIX arrangement.
    await expect(panel.getByRole('textbox', { name: 'Código PIX copia e cola' })).toHaveValue(
      /^000201.*br\.gov\.bcb\.pix/i,
    );
  });

  await test.step('the payer pays: the provider tells the server, and the AET is issued by itself', async () => {
    // The webhook answers 204 once the notification is verified and its save (Paga → envelope → Emitida,
    // the signed PDF) is done: the request is issued before the provider hears back.
    expect((await peer.payCharge(protocol)).status).toBe(204);
    // Issued by itself: the department's view of the request names each criterion of the envelope, so a
    // request that went to the analysts instead says why.
    const analyst = await SessionApi.signIn(request, DEMO_USERS.analyst);
    const seen = await analyst.post<{ status: string; values: Record<string, unknown> }>(
      '/api/genericItem/refreshItem',
      { itemId: sentItemId, componentId: AET_COMPONENT },
    );
    expect(seen.status, JSON.stringify(seen.values.criteriosEnvelope)).toBe('emitida');
    // The requerente, back from their bank, asks the form again (generous: pages load slowly under load).
    await page.getByRole('button', { name: 'Já paguei — atualizar' }).click();
    await expect(workflowPanel.getByText('Emitida')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('region', { name: 'Pagamento da taxa' })).toHaveCount(0);
  });

  await test.step('the requerente downloads the AET, and its validation page says it is in force', async () => {
    // The signed AET is attached to the request, with its documents.
    await form.openTab('Documentos');
    const text = await downloadedPdfText(
      page,
      page.getByRole('button', { name: new RegExp(`^Baixar .*${protocol}.*\\.pdf$`) }).first(),
    );
    expect(text).toContain(protocol);
    // The address its QR code holds is printed under it: the random validation code, never the number.
    const uid = validationUidIn(text);

    await page.goto(`/validarAET?uid=${uid}`);
    await expect(
      page.getByRole('status').filter({ hasText: /^AET vigente: válida de \d{2}\/\d{2}\/\d{4} a / }),
    ).toBeVisible({ timeout: 20_000 });
  });
});
