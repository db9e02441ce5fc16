import type { AdditionalField, Company } from '@der/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, json } from '../../auth/testing/fakeApi.ts';
import { setupAdminApi } from '../testing/adminTestApi.ts';

const DEFINITIONS: AdditionalField[] = [
  {
    id: 1,
    entity: 'company',
    name: 'inscricaoMunicipal',
    labelPtBr: 'Inscrição municipal',
    labelEn: 'Municipal registration',
    type: 'INTEGER',
    required: true,
    options: [],
    position: 0,
    active: true,
  },
];

const COMPANY: Company = {
  id: 5,
  cnpj: '11222333000181',
  name: 'Transportes Beta',
  tradeName: 'Beta',
  users: [],
  additionalFields: { inscricaoMunicipal: 4711 },
  version: 2,
};

function setup(saveCompany = () => json({ success: true, message: 'Empresa salva', id: 5, version: 3 })) {
  return setupAdminApi({
    'POST /company/getCompanies': () =>
      json([{ id: 5, cnpj: COMPANY.cnpj, name: COMPANY.name, tradeName: 'Beta', userCount: 0 }]),
    'GET /company/getCompany': () => json(COMPANY),
    'GET /admin/additionalFields/list': () => json(DEFINITIONS),
    'POST /company/saveCompany': saveCompany,
  });
}

async function openBeta() {
  renderApp({ path: '/administration/companies' });
  const user = userEvent.setup();
  await user.click(await screen.findByText('Transportes Beta'));
  const dialog = await screen.findByRole('dialog', { name: 'Editar empresa' });
  await within(dialog).findByDisplayValue('Transportes Beta');
  return { user, dialog };
}

describe("company form: additional fields of entity 'company'", () => {
  it('shows the stored values and sends the edited ones with the company', async () => {
    const api = setup();
    const { user, dialog } = await openBeta();
    expect(api.find('GET', '/admin/additionalFields/list')[0]!.query.get('entity')).toBe('company');
    const field = within(dialog).getByRole('textbox', { name: /Inscrição municipal/ });
    expect((field as HTMLInputElement).value).toBe('4711');
    await user.clear(field);
    await user.type(field, '815');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Empresa salva')).toBeTruthy();
    expect(api.find('POST', '/company/saveCompany')[0]!.body).toEqual({
      id: 5,
      cnpj: '11222333000181',
      name: 'Transportes Beta',
      tradeName: 'Beta',
      version: 2,
      additionalFields: { inscricaoMunicipal: 815 },
    });
  });

  it('checks the fields in the browser and shows server errors on the field they name', async () => {
    const api = setup(() =>
      apiError(400, 'Dados inválidos', [
        { field: 'body.additionalFields.inscricaoMunicipal', message: 'Valor fora do intervalo' },
      ]),
    );
    const { user, dialog } = await openBeta();
    const field = within(dialog).getByRole('textbox', { name: /Inscrição municipal/ });
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Obrigatório')).toBeTruthy();
    expect(api.find('POST', '/company/saveCompany')).toHaveLength(0);

    await user.type(field, '12,5');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Valor inválido')).toBeTruthy();
    expect(api.find('POST', '/company/saveCompany')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '99');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Valor fora do intervalo')).toBeTruthy();
  });
});

describe("companies list: the administration lists' one shape", () => {
  it("edits the one selected company, and keeps 'Remover' off while a removal runs", async () => {
    let answerRemoval: (response: Response) => void = () => {};
    const removal = new Promise<Response>((resolve) => {
      answerRemoval = resolve;
    });
    const routes = setupAdminApi({
      'POST /company/getCompanies': () =>
        json([{ id: 5, cnpj: COMPANY.cnpj, name: COMPANY.name, tradeName: 'Beta', userCount: 0 }]),
      'GET /company/getCompany': () => json(COMPANY),
      'GET /admin/additionalFields/list': () => json(DEFINITIONS),
      'POST /company/deleteCompanies': () => removal,
    });
    renderApp({ path: '/administration/companies' });
    const user = userEvent.setup();
    const table = await screen.findByTestId('companies-table');
    const edit = within(table).getByRole('button', { name: 'Editar' });
    const remove = within(table).getByRole('button', { name: 'Remover' });
    expect(edit).toHaveProperty('disabled', true);
    expect(remove).toHaveProperty('disabled', true);

    await user.click(await within(table).findByRole('checkbox', { name: 'Selecionar Transportes Beta' }));
    expect(edit).toHaveProperty('disabled', false);
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Editar empresa' });
    expect(await within(dialog).findByDisplayValue('Transportes Beta')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar empresa' })).toBeNull());

    await user.click(remove);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(routes.find('POST', '/company/deleteCompanies')).toHaveLength(1));
    expect(remove).toHaveProperty('disabled', true);
    answerRemoval(json({ success: true, message: 'Empresas removidas' }));
    expect(await screen.findByText('Empresas removidas')).toBeTruthy();
    expect(routes.find('POST', '/company/deleteCompanies')[0]!.body).toEqual({ ids: [5] });
  });
});
