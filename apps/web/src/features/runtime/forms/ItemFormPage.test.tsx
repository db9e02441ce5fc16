import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, json } from '../../auth/testing/fakeApi.ts';
import { AET_FORM_LAYOUT, aetFormItem, aetFormView, setupFormPageApi } from './testing/formPageTestApi.ts';

configure({ asyncUtilTimeout: 8000 });

/** saveItem's answer for item `id` at `version`. */
const savedResult = (id: number, version: number) => ({
  saved: {
    id,
    formattedId: `AET-2026-${String(id).padStart(6, '0')}`,
    version,
    modifiedAt: '2026-03-02T12:00:00.000Z',
  },
  item: aetFormItem({}, { id, version }),
});
const location = () => screen.getByTestId('location').textContent;
const inputValue = (name: string | RegExp) =>
  (screen.getByRole('textbox', { name }) as HTMLInputElement).value;

describe('insert and edit pages', () => {
  it('inserts an item through its form and moves to its edit page', async () => {
    const user = userEvent.setup();
    const api = setupFormPageApi({
      routes: {
        'POST /genericItem/saveItem': () => json(savedResult(10, 1)),
      },
    });
    renderApp({ path: '/runtime/3/insertItem/1/0/1' });
    expect(
      await screen.findByRole('heading', { name: 'Novo item — Solicitação de AET' }, { timeout: 15_000 }),
    ).toBeTruthy();
    // The history needs a saved item.
    expect(screen.getByText('Salve o item para ver estes dados.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Requerente/ }), 'ana souza');
    await user.type(screen.getByRole('textbox', { name: 'CPF' }), '12345678901');
    await user.type(screen.getByRole('textbox', { name: 'Valor da taxa' }), '150,5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.find('POST', '/genericItem/saveItem')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/saveItem')[0]?.body).toEqual({
      componentId: 1,
      formId: 1,
      values: { requerente: 'ANA SOUZA', cpf: '123.456.789-01', valorTaxa: 150.5 },
      saveAndClear: false,
    });
    await waitFor(() => expect(location()).toBe('/runtime/3/editItem/1/10/1'));
  });

  it('saves and clears for the next item, and runs a rule from a button', async () => {
    const user = userEvent.setup();
    const text = (pt: string) => ({ 'pt-BR': pt, en: pt });
    const api = setupFormPageApi({
      routes: {
        'GET /genericItem/getForm': () =>
          json(
            aetFormView({
              layout: [
                ...AET_FORM_LAYOUT,
                { type: 'button', text: text('Salvar e novo'), action: { kind: 'saveAndClear' } },
                { type: 'button', text: text('Calcular taxa'), action: { kind: 'runRule', ruleId: 'taxa' } },
              ] as never,
            }),
          ),
        'POST /genericItem/executeFormBusinessRule': () =>
          json({ values: { requerente: 'ANA', valorTaxa: 99 }, visibility: {}, required: {}, errors: [] }),
        'POST /genericItem/saveItem': () =>
          json({ ...savedResult(11, 1), next: { values: {}, visibility: {}, required: {}, errors: [] } }),
      },
    });
    renderApp({ path: '/runtime/3/insertItem/1/0/1' });
    await user.type(await screen.findByRole('textbox', { name: /Requerente/ }, { timeout: 15_000 }), 'ana');
    await user.click(screen.getByRole('button', { name: 'Calcular taxa' }));
    await waitFor(() => expect(inputValue('Valor da taxa')).toBe('99,00'));
    expect(api.find('POST', '/genericItem/executeFormBusinessRule')[0]?.body).toMatchObject({
      componentId: 1,
      ruleId: 'taxa',
      isNew: true,
      values: { requerente: 'ANA' },
    });
    await user.click(screen.getByRole('button', { name: 'Salvar e novo' }));
    await waitFor(() => expect(api.find('POST', '/genericItem/saveItem')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/saveItem')[0]?.body).toMatchObject({ saveAndClear: true });
    await waitFor(() => expect(inputValue(/Requerente/)).toBe(''));
    expect(location()).toBe('/runtime/3/insertItem/1/0/1');
  });

  it('does not save while a required field is empty, and shows its error', async () => {
    const user = userEvent.setup();
    const api = setupFormPageApi();
    renderApp({ path: '/insertItem/1/0/1' });
    await user.click(await screen.findByRole('button', { name: 'Salvar' }, { timeout: 15_000 }));
    expect(await screen.findByText('Preencha o campo Requerente.')).toBeTruthy();
    // The notice names the fields: some may sit in tabs the user does not see.
    expect(await screen.findByText(/^Corrija os campos: Requerente/)).toBeTruthy();
    expect(api.find('POST', '/genericItem/saveItem')).toHaveLength(0);
  });

  it('edits an item at the loaded version, sending only the changed fields', async () => {
    const user = userEvent.setup();
    const api = setupFormPageApi({
      item: aetFormItem({ requerente: 'ANA', valorTaxa: 10, tipoVeiculo: 'CVC', placaCavalo: 'ABC1D23' }),
      routes: { 'POST /genericItem/saveItem': () => json(savedResult(5, 4)) },
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    expect(
      await screen.findByRole('heading', { name: 'Solicitação de AET AET-2026-000005' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(inputValue('Valor da taxa')).toBe('10,00');
    const plate = screen.getByRole('textbox', { name: 'Placa do cavalo' });
    await user.clear(plate);
    await user.type(plate, 'XYZ9A87');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.find('POST', '/genericItem/saveItem')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/saveItem')[0]?.body).toEqual({
      componentId: 1,
      formId: 1,
      itemId: 5,
      version: 3,
      values: { placaCavalo: 'XYZ9A87' },
      saveAndClear: false,
    });
  });

  it('shows who changed what on a conflict, and reloads their values', async () => {
    const user = userEvent.setup();
    let loads = 0;
    const api = setupFormPageApi({
      routes: {
        'POST /genericItem/refreshItem': () => {
          loads += 1;
          return json(
            loads === 1
              ? aetFormItem({ requerente: 'ANA', valorTaxa: 10 })
              : aetFormItem({ requerente: 'ANA', valorTaxa: 12.5 }, { version: 4 }),
          );
        },
        'POST /genericItem/saveItem': () =>
          json(
            {
              Message: 'O item foi alterado por Bruno em 01/03/2026 09:00.',
              code: 'ITEM_VERSION_CONFLICT',
              details: { name: 'Bruno', when: '01/03/2026 09:00', version: '4' },
              requestId: 't',
            },
            409,
          ),
      },
    });
    renderApp({ path: '/editItem/1/5/1' });
    const name = await screen.findByRole('textbox', { name: /Requerente/ }, { timeout: 15_000 });
    await user.type(name, 'X');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'O item foi alterado por outra pessoa' });
    expect(within(dialog).getByText('O item foi alterado por Bruno em 01/03/2026 09:00.')).toBeTruthy();
    const changes = await within(dialog).findByRole('table', { name: 'Alterações feitas por outra pessoa' });
    expect(within(changes).getByText('R$ 12,50')).toBeTruthy();
    const diffRequest = api.find('GET', '/genericItem/getAttributeChanges')[0];
    expect(diffRequest?.query.get('previousVersion')).toBe('3');
    expect(diffRequest?.query.get('currentVersion')).toBe('4');
    await user.click(within(dialog).getByRole('button', { name: 'Recarregar' }));
    await waitFor(() => expect(inputValue('Valor da taxa')).toBe('12,50'));
    expect(inputValue(/Requerente/)).toBe('ANA');
  });

  it('refuses editing with the §6 text when checkPermissionToUpdate says no', async () => {
    setupFormPageApi({
      item: aetFormItem({ requerente: 'ANA' }),
      permission: { allowed: false, message: 'O usuário não tem permissão para editar o item.' },
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe(
      'O usuário não tem permissão para editar o item.',
    );
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: /Requerente/ }) as HTMLInputElement).readOnly).toBe(true);
  });

  it('puts the server field errors under their fields', async () => {
    const user = userEvent.setup();
    setupFormPageApi({
      item: aetFormItem({ requerente: 'ANA' }),
      routes: {
        'POST /genericItem/saveItem': () =>
          apiError(400, 'Dados inválidos.', [{ field: 'body.values.cpf', message: 'CPF inválido.' }]),
      },
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    await user.type(await screen.findByRole('textbox', { name: 'CPF' }, { timeout: 15_000 }), '11111111111');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CPF inválido.')).toBeTruthy();
    expect(await screen.findByText('Corrija os campos: CPF.')).toBeTruthy();
  });

  it('shows the history tab with the attribute diff', async () => {
    const user = userEvent.setup();
    setupFormPageApi({ item: aetFormItem({ requerente: 'ANA' }) });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    const history = await screen.findByRole('region', { name: 'Histórico do item' }, { timeout: 15_000 });
    const buttons = await within(history).findAllByRole('button', { name: 'Ver alterações' });
    await user.click(buttons[0] as HTMLElement);
    const diff = await screen.findByRole('table', { name: 'Alterações da versão 3' });
    expect(within(diff).getByText('R$ 10,00')).toBeTruthy();
  });

  it('runs an operation of the application', async () => {
    const user = userEvent.setup();
    const api = setupFormPageApi({
      routes: { 'POST /genericItem/executeOperationBusinessRule': () => json({ message: 'Mês fechado.' }) },
    });
    renderApp({ path: '/runtime/3/operation/7/Fechar%20m%C3%AAs' });
    expect(await screen.findByRole('heading', { name: 'Fechar mês' }, { timeout: 15_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Executar' }));
    expect(await screen.findByText('Mês fechado.')).toBeTruthy();
    expect(api.find('POST', '/genericItem/executeOperationBusinessRule')[0]?.body).toEqual({
      operationId: 7,
    });
  });

  it('answers a malformed route with a clear message', async () => {
    setupFormPageApi();
    renderApp({ path: '/editItem/x/5/1' });
    expect(await screen.findByText('Endereço de formulário inválido.', {}, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('fields hidden by the field permissions', () => {
  it('does not draw a field in the item restrictedFields, and draws it otherwise', async () => {
    setupFormPageApi({ item: aetFormItem({ requerente: 'ANA' }, { restrictedFields: ['valorTaxa'] }) });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    expect(await screen.findByRole('textbox', { name: /Requerente/ }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Valor da taxa' })).toBeNull();
  });

  it('draws the field when nothing is restricted', async () => {
    setupFormPageApi({ item: aetFormItem({ requerente: 'ANA', valorTaxa: 10 }) });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    expect(await screen.findByRole('textbox', { name: 'Valor da taxa' }, { timeout: 15_000 })).toBeTruthy();
  });
});
