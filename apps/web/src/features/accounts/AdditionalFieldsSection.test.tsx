import type { PublicAdditionalField } from '@der/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { apiError, type FakeHandler, fakeApi, json } from '../auth/testing/fakeApi.ts';

const LIST = 'GET /additionalFields/list';
const REGISTER = 'POST /permissionario/registerNewPermissionario';

const field = (overrides: Partial<PublicAdditionalField> & Pick<PublicAdditionalField, 'name' | 'type'>) => ({
  labelPtBr: overrides.name,
  labelEn: overrides.name,
  required: false,
  options: [],
  position: 0,
  ...overrides,
});

const DEFINITIONS: PublicAdditionalField[] = [
  field({
    name: 'placa',
    type: 'STRING',
    labelPtBr: 'Placa do veículo',
    labelEn: 'Vehicle plate',
    required: true,
  }),
  field({ name: 'eixos', type: 'INTEGER', labelPtBr: 'Número de eixos', labelEn: 'Axles' }),
  field({ name: 'valor', type: 'CURRENCY', labelPtBr: 'Valor da obra', labelEn: 'Work value' }),
  field({ name: 'possuiSeguro', type: 'BOOLEAN', labelPtBr: 'Possui seguro', labelEn: 'Has insurance' }),
  field({ name: 'inicio', type: 'DATE_TIME', labelPtBr: 'Início previsto', labelEn: 'Planned start' }),
  field({
    name: 'porte',
    type: 'PICKLIST',
    labelPtBr: 'Porte da empresa',
    labelEn: 'Company size',
    options: [
      { value: 'ME', text: 'Microempresa' },
      { value: 'GR', text: 'Grande' },
    ],
  }),
];

function api(definitions: PublicAdditionalField[], register?: FakeHandler) {
  return fakeApi({
    [LIST]: (request) =>
      json(
        request.query.get('entity') === 'permissionario'
          ? definitions
          : [field({ name: 'x', type: 'STRING' })],
      ),
    ...(register ? { [REGISTER]: register } : {}),
  });
}

async function fillCompany(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Nome da empresa/), 'Energia Sul Ltda');
  await user.type(screen.getByLabelText(/^E-mail/), 'contato@energiasul.com.br');
  await user.type(screen.getByLabelText(/^Senha/), 'uma senha longa');
  await user.type(screen.getByLabelText(/^Confirme a senha/), 'uma senha longa');
  await user.type(screen.getByLabelText(/^CNPJ/), '12ABC34501DE35');
  await user.type(screen.getByLabelText(/^Nome fantasia/), 'Energia Sul');
  await user.type(screen.getByLabelText(/^Atividade/), 'Distribuição');
}

describe('additional fields of the registration forms', () => {
  it('renders an input per type below the standard fields, with the Portuguese labels', async () => {
    const fake = api(DEFINITIONS);
    renderApp({ path: '/registerPermissionario' });
    const placa = await screen.findByLabelText(/^Placa do veículo/);
    expect(fake.find('GET', '/additionalFields/list')[0]?.query.get('entity')).toBe('permissionario');
    expect(screen.getByText('Informações adicionais')).toBeTruthy();
    expect(placa.getAttribute('type')).toBe('text');
    expect(placa).toHaveProperty('required', true);
    expect(screen.getByLabelText(/^Número de eixos/).getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText(/^Valor da obra/).getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByRole('checkbox', { name: 'Possui seguro' })).toHaveProperty('checked', false);
    expect(screen.getByLabelText(/^Início previsto/).getAttribute('type')).toBe('datetime-local');
    expect(screen.getByRole('combobox', { name: /Porte da empresa/ })).toBeTruthy();
    // Below the standard fields.
    const cnpj = screen.getByLabelText(/^CNPJ/);
    expect(cnpj.compareDocumentPosition(placa) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('uses the English labels when the language is English', async () => {
    api(DEFINITIONS);
    renderApp({ path: '/registerPermissionario', language: 'en' });
    expect(await screen.findByLabelText(/^Vehicle plate/)).toBeTruthy();
    expect(screen.getByText('Additional information')).toBeTruthy();
    expect(screen.queryByLabelText(/^Placa do veículo/)).toBeNull();
  });

  it('blocks the submit with Obrigatório while a required field is empty', async () => {
    const user = userEvent.setup();
    const fake = api(DEFINITIONS, () => json({ success: true, message: 'ok' }));
    renderApp({ path: '/registerPermissionario' });
    await fillCompany(user);
    const placa = await screen.findByLabelText(/^Placa do veículo/);
    expect(screen.queryByText('Obrigatório')).toBeNull();
    await user.click(placa);
    await user.tab();
    await waitFor(() => expect(placa.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Obrigatório')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Criar Conta' }));
    expect(screen.getAllByText('Obrigatório')).toHaveLength(1);
    expect(fake.find('POST', '/permissionario/registerNewPermissionario')).toHaveLength(0);
  });

  it('sends the values in additionalFields (numbers with a decimal comma as numbers)', async () => {
    const user = userEvent.setup();
    const fake = api(DEFINITIONS, () => json({ success: true, message: 'ok' }));
    renderApp({ path: '/registerPermissionario' });
    await fillCompany(user);
    await user.type(await screen.findByLabelText(/^Placa do veículo/), 'ABC1D23');
    await user.type(screen.getByLabelText(/^Número de eixos/), '3');
    await user.type(screen.getByLabelText(/^Valor da obra/), '1.234,50');
    await user.click(screen.getByRole('checkbox', { name: 'Possui seguro' }));
    fireEvent.change(screen.getByLabelText(/^Início previsto/), { target: { value: '2025-03-04T10:30' } });
    await user.click(screen.getByRole('combobox', { name: /Porte da empresa/ }));
    await user.click(await screen.findByRole('option', { name: 'Grande' }));
    await user.click(screen.getByRole('button', { name: 'Criar Conta' }));

    expect(await screen.findByRole('dialog', { name: 'Cadastro realizado com sucesso!' })).toBeTruthy();
    expect(fake.find('POST', '/permissionario/registerNewPermissionario')[0]?.body).toMatchObject({
      nomeFantasia: 'ENERGIA SUL',
      additionalFields: { placa: 'ABC1D23', eixos: 3, valor: 1234.5, possuiSeguro: true, porte: 'GR' },
    });
    const sent = fake.find('POST', '/permissionario/registerNewPermissionario')[0]?.body as
      | { additionalFields?: Record<string, unknown> }
      | undefined;
    expect(sent?.additionalFields?.inicio).toBe(new Date('2025-03-04T10:30').toISOString());
    expect(Object.keys(sent?.additionalFields ?? {}).sort()).toEqual([
      'eixos',
      'inicio',
      'placa',
      'porte',
      'possuiSeguro',
      'valor',
    ]);
  });

  it('shows Valor inválido for a number that is not one', async () => {
    const user = userEvent.setup();
    api(DEFINITIONS);
    renderApp({ path: '/registerPermissionario' });
    const eixos = await screen.findByLabelText(/^Número de eixos/);
    await user.type(eixos, '2,5');
    await user.tab();
    expect(await screen.findByText('Valor inválido')).toBeTruthy();
  });

  it('shows a server error on body.additionalFields.<name> on that field', async () => {
    const user = userEvent.setup();
    api(DEFINITIONS, () =>
      apiError(400, 'Dados inválidos: additionalFields.placa', [
        { field: 'body.additionalFields.placa', message: 'Placa já cadastrada' },
      ]),
    );
    renderApp({ path: '/registerPermissionario' });
    await fillCompany(user);
    await user.type(await screen.findByLabelText(/^Placa do veículo/), 'ABC1D23');
    await user.click(screen.getByRole('button', { name: 'Criar Conta' }));
    expect(await screen.findByText('Placa já cadastrada')).toBeTruthy();
    expect(screen.getByLabelText(/^Placa do veículo/).getAttribute('aria-invalid')).toBe('true');
    expect(within(screen.getByRole('alert')).getByText(/Dados inválidos/)).toBeTruthy();
  });

  it('renders nothing when the entity has no definitions', async () => {
    const fake = api([]);
    renderApp({ path: '/registerPermissionario' });
    expect(await screen.findByLabelText(/^CNPJ/)).toBeTruthy();
    await waitFor(() => expect(fake.find('GET', '/additionalFields/list')).toHaveLength(1));
    expect(screen.queryByText('Informações adicionais')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('renders the requerente fields in the applicant registration', async () => {
    const fake = fakeApi({
      'GET /requerente/getTipos': () => json([{ id: 1, nome: 'Transportador' }]),
      [LIST]: () => json([field({ name: 'rntrc', type: 'STRING', labelPtBr: 'RNTRC', required: true })]),
    });
    renderApp({ path: '/registerRequerente' });
    expect(await screen.findByLabelText(/^RNTRC/)).toBeTruthy();
    expect(fake.find('GET', '/additionalFields/list')[0]?.query.get('entity')).toBe('requerente');
  });
});
