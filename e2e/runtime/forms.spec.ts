import { DEMO_USERS, expect, SHELL_TEST_TIMEOUT, test } from '../fixtures/runtime.ts';
import { signInThroughForm } from '../fixtures/shell.ts';
import { ItemFormPage } from '../pages/runtime/ItemFormPage.ts';
import { uniqueSuffix } from '../support/documents.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT * 2 });

/** Component 1 (Solicitação de AET), form 1 (the analyst's form: sections in tabs, fee and history tabs). */
const AET_COMPONENT = 1;
const AET_FORM = 1;

/**
 * Issue 7: a "Solicitação de AET" inserted through its form (masks, currency, dates, a picklist, a rule that
 * shows a field only when another has a value), edited, its history diff, a conflict between two browser
 * contexts, and axe on the form.
 */
test.describe('runtime forms', () => {
  test('inserts, edits, shows the history diff and resolves a concurrent save', async ({
    page,
    browser,
    signIn,
    demoAppIds,
    makeAxeBuilder,
  }) => {
    const applicant = `TRANSPORTES E2E ${uniqueSuffix().toUpperCase()}`;
    const form = new ItemFormPage(page);
    let editUrl = '';

    await test.step('open the insert form of a Solicitação de AET', async () => {
      await signIn(DEMO_USERS.analyst, {
        next: `/runtime/${demoAppIds.aet}/insertItem/${AET_COMPONENT}/0/${AET_FORM}`,
      });
      await expect(form.heading).toHaveText('Novo item — Solicitação de AET', { timeout: 20_000 });
    });

    await test.step('the form has no axe violations', async () => {
      const results = await makeAxeBuilder().analyze();
      expect(results.violations).toEqual([]);
    });

    await test.step('fill the applicant with masks and the uppercase name', async () => {
      await form.openTab('Requerente');
      await form.choose('Qualificação do requerente', 'Transportador');
      // The form starts with the signed-in account's identity; the analyst files for a company.
      const document = form.textbox('CPF/CNPJ do requerente');
      await document.clear();
      // A CNPJ with valid check digits: the server checks them (spec §5 masks).
      await document.pressSequentially('12345678000195');
      await expect(document).toHaveValue('12.345.678/0001-95');
      const name = form.textbox(/Nome \/ razão social do requerente/);
      await name.clear();
      await name.pressSequentially(applicant.toLowerCase());
      await expect(name).toHaveValue(applicant);
      const phone = form.textbox('Telefone');
      await phone.clear();
      await phone.pressSequentially('11987654321');
      await expect(phone).toHaveValue('(11) 98765-4321');
    });

    await test.step('choose the picklists and the vehicle data', async () => {
      await form.openTab('Tipo e enquadramento');
      await page.getByRole('radio', { name: 'Viagem única' }).check();
      await form.choose('Enquadramento', /Combinação de veículos de carga/);
      await form.openTab('Dimensões e grupos de eixos');
      await form.textbox(/Comprimento total/).fill('25,5');
      await form.textbox(/Largura total/).fill('2,6');
      await form.textbox(/Altura total/).fill('4,4');
      await form.textbox(/PBTC/).fill('57');
    });

    await test.step('a rule shows the UN number only once the cargo is dangerous', async () => {
      await form.openTab('Carga');
      await form.textbox(/Descrição da carga/).fill('Transformador');
      await expect(form.textbox('Número ONU')).toHaveCount(0);
      await page.getByRole('checkbox', { name: 'Produto perigoso' }).check();
      await expect(form.textbox(/Número ONU/)).toBeVisible();
      await form.textbox(/Número ONU/).pressSequentially('1203');
    });

    await test.step('fill the route, a segment running towards lower km, and a date of departure', async () => {
      await form.openTab('Trajeto');
      await form.textbox(/Origem/).fill('São Paulo/SP');
      await form.textbox(/Destino/).fill('Campinas/SP');
      await page.getByRole('button', { name: 'Adicionar linha' }).click();
      await form.textbox('Rodovia, linha 1').fill('SP-330');
      await form.textbox('Km inicial, linha 1').fill('90');
      await form.textbox('Km final, linha 1').fill('10');
      await form.openTab('Datas');
      await form.typeDate(/Data e hora de partida/, '150520301030');
      await expect(page.getByRole('group', { name: /Data e hora de partida/ })).toContainText('15/05/2030');
    });

    await test.step('accept the declaration the definition requires', async () => {
      await form.openTab('Declarações');
      await page
        .getByRole('checkbox', { name: /Declaro que as informações prestadas são verdadeiras/ })
        .check();
    });

    await test.step('type the fee in pt-BR currency format and save', async () => {
      await form.openTab('Taxa e emissão');
      const fee = form.textbox(/Valor da taxa/);
      await fee.pressSequentially('1234,5x');
      await expect(fee).toHaveValue('1234,5');
      await fee.blur();
      await expect(fee).toHaveValue('1.234,50');
      await form.save.click();
      await expect(page).toHaveURL(
        new RegExp(`/runtime/${demoAppIds.aet}/editItem/${AET_COMPONENT}/\\d+/${AET_FORM}$`),
      );
      // A draft: its protocol number comes when it is sent.
      await expect(form.heading).toHaveText(/^Solicitação de AET RASCUNHO-\d{6}$/);
      editUrl = page.url();
    });

    await test.step('edit it and see the change in the history diff', async () => {
      await form.openTab('Taxa e emissão');
      const fee = form.textbox(/Valor da taxa/);
      await fee.fill('1500');
      await form.saveAndExpectSaved();
      await form.openTab('Histórico');
      const history = page.getByRole('region', { name: 'Histórico do item' });
      await history.getByRole('button', { name: 'Ver alterações' }).first().click();
      const diff = page.getByRole('table', { name: /^Alterações da versão \d+$/ });
      await expect(diff.getByRole('row', { name: /Valor da taxa/ })).toContainText('R$ 1.234,50');
      await expect(diff.getByRole('row', { name: /Valor da taxa/ })).toContainText('R$ 1.500,00');
    });

    await test.step('two contexts edit the same item: the second save gets the conflict and reloads', async () => {
      const other = await browser.newContext();
      try {
        const otherPage = await other.newPage();
        await signInThroughForm(otherPage, DEMO_USERS.analyst, new URL(editUrl).pathname);
        const otherForm = new ItemFormPage(otherPage);
        await expect(otherForm.heading).toHaveText(/^Solicitação de AET RASCUNHO-/, { timeout: 20_000 });

        // Both loaded the same version; the first one saves a new descrição.
        await form.openTab('Carga');
        await form.textbox(/Descrição da carga/).fill('Transformador de 80 t');
        await form.saveAndExpectSaved();

        await otherForm.openTab('Carga');
        await otherForm.textbox(/Descrição da carga/).fill('Outra descrição');
        await otherForm.save.click();
        const conflict = otherPage.getByRole('dialog', { name: 'O item foi alterado por outra pessoa' });
        await expect(conflict).toBeVisible();
        await expect(
          conflict.getByRole('table', { name: 'Alterações feitas por outra pessoa' }),
        ).toContainText('Transformador de 80 t');
        await conflict.getByRole('button', { name: 'Recarregar' }).click();
        await otherForm.openTab('Carga');
        // Nothing was overwritten: the reloaded form shows the first save.
        await expect(otherForm.textbox(/Descrição da carga/)).toHaveValue('Transformador de 80 t');
      } finally {
        await other.close();
      }
    });

    await test.step('the edit form has no axe violations', async () => {
      const results = await makeAxeBuilder().analyze();
      expect(results.violations).toEqual([]);
    });
  });
});
