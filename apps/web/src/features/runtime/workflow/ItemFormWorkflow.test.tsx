import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, json } from '../../auth/testing/fakeApi.ts';
import {
  AET_FORM_LAYOUT,
  aetFormItem,
  aetFormView,
  setupFormPageApi,
} from '../forms/testing/formPageTestApi.ts';
import { buildActionResult, buildActions, PENDENTE } from './testing/workflowFixtures.ts';

configure({ asyncUtilTimeout: 8000 });

const text = (pt: string) => ({ 'pt-BR': pt, en: pt });
const WORKFLOW_LAYOUT = [{ type: 'workflows' }, ...AET_FORM_LAYOUT];

/** An AET (item 5, version 3) on a form with the workflows panel; `routes` add or replace fakes. */
function setup(routes: Parameters<typeof setupFormPageApi>[0] = {}) {
  return setupFormPageApi({
    item: aetFormItem({ requerente: 'ANA' }),
    ...routes,
    routes: {
      'GET /genericItem/getForm': () => json(aetFormView({ layout: WORKFLOW_LAYOUT as never })),
      'POST /genericItem/getActions': () => json(buildActions()),
      'POST /genericItem/validateByRule': () => json({ valid: true, message: null }),
      ...routes.routes,
    },
  });
}

async function panel() {
  return screen.findByRole('region', { name: 'Fluxo de trabalho' }, { timeout: 15_000 });
}

describe('the workflow panel of the item form', () => {
  it('shows the status, the responsible and the actions, and runs one with the unsaved changes', async () => {
    const user = userEvent.setup();
    let loads = 0;
    const api = setup({
      routes: {
        'POST /genericItem/refreshItem': () => {
          loads += 1;
          return json(aetFormItem({ requerente: 'ANA', tipoVeiculo: 'CVC' }, { version: loads > 1 ? 4 : 3 }));
        },
        'POST /genericItem/executeTaskAction': () => json(buildActionResult(4)),
      },
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    const region = await panel();
    expect(await within(region).findByText('Em análise')).toBeTruthy();
    expect(within(region).getByText('Bruno Analista')).toBeTruthy();
    const actions = within(region).getByRole('group', { name: 'Ações do fluxo de trabalho' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Deferir', 'Solicitar correção']);
    const plate = screen.getByRole('textbox', { name: 'Placa do cavalo' });
    await user.type(plate, 'ABC1D23');
    await user.click(within(actions).getByRole('button', { name: 'Deferir' }));
    await waitFor(() => expect(api.find('POST', '/genericItem/executeTaskAction')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/executeTaskAction')[0]?.body).toEqual({
      itemId: 5,
      componentId: 1,
      action: 'deferir',
      version: 3,
      reason: null,
      responsibleId: null,
      changes: { placaCavalo: 'ABC1D23' },
    });
    // No dialog for an action that asks nothing; the rule is checked by the action itself.
    expect(api.find('POST', '/genericItem/validateByRule')).toHaveLength(0);
    expect(await screen.findByText('Ação "Deferir" executada: o item está em "Deferida".')).toBeTruthy();
    // The item, its actions and its history are loaded again.
    await waitFor(() => expect(api.find('POST', '/genericItem/refreshItem').length).toBeGreaterThan(1));
    await waitFor(() => expect(api.find('POST', '/genericItem/getActions').length).toBeGreaterThan(1));
  });

  it('asks for the reason, with OK disabled while it is empty', async () => {
    const user = userEvent.setup();
    const api = setup({
      routes: { 'POST /genericItem/executeTaskAction': () => json(buildActionResult(4, PENDENTE)) },
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Solicitar correção' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar correção' });
    expect(api.find('POST', '/genericItem/validateByRule')[0]?.body).toEqual({
      itemId: 5,
      componentId: 1,
      action: 'solicitarCorrecao',
    });
    const ok = within(dialog).getByRole('button', { name: 'OK' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    const reason = within(dialog).getByRole('textbox', { name: /Motivo/ });
    await user.type(reason, '   ');
    expect(ok.disabled).toBe(true);
    await user.type(reason, 'Falta a planta do trajeto.');
    await waitFor(() => expect(ok.disabled).toBe(false));
    await user.click(ok);
    await waitFor(() => expect(api.find('POST', '/genericItem/executeTaskAction')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/executeTaskAction')[0]?.body).toMatchObject({
      action: 'solicitarCorrecao',
      reason: 'Falta a planta do trajeto.',
      version: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for the responsible among the candidates', async () => {
    const user = userEvent.setup();
    const api = setup({
      routes: {
        'POST /genericItem/getActions': () =>
          json(
            buildActions({
              actions: [
                {
                  key: 'encaminhar',
                  name: 'Encaminhar',
                  to: PENDENTE,
                  reasonRequired: false,
                  responsibleRequired: true,
                  confirmation: 'O item irá para o analista escolhido.',
                  approvals: null,
                },
              ],
            }),
          ),
        'POST /genericItem/loadResponsibles': () =>
          json({
            responsibles: [
              { id: 7, name: 'Carla Técnica' },
              { id: 8, name: 'Davi Técnico' },
            ],
          }),
        'POST /genericItem/executeTaskAction': () => json(buildActionResult(4, PENDENTE)),
      },
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    await user.click(await within(await panel()).findByRole('button', { name: 'Encaminhar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Encaminhar' });
    expect(within(dialog).getByText('O item irá para o analista escolhido.')).toBeTruthy();
    const ok = within(dialog).getByRole('button', { name: 'OK' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /Responsável/ }));
    await user.click(await screen.findByRole('option', { name: 'Davi Técnico' }));
    await waitFor(() => expect(ok.disabled).toBe(false));
    await user.click(ok);
    await waitFor(() => expect(api.find('POST', '/genericItem/executeTaskAction')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/executeTaskAction')[0]?.body).toMatchObject({
      action: 'encaminhar',
      responsibleId: 8,
      reason: null,
    });
  });

  it('is axe-clean with the panel and the reason dialog', async () => {
    const user = userEvent.setup();
    setup();
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    const region = await panel();
    await within(region).findByText('Em análise');
    const options = { rules: { 'color-contrast': { enabled: false } } };
    const violations = (result: axe.AxeResults) =>
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
    // The page's content (the shell's top bar has its own checks).
    expect(violations(await axe.run(screen.getByRole('main'), options))).toEqual([]);
    await user.click(within(region).getByRole('button', { name: 'Solicitar correção' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar correção' });
    expect(violations(await axe.run(dialog, options))).toEqual([]);
  });

  it("shows the rule's refusal on the form, and a refused field under the field", async () => {
    const user = userEvent.setup();
    setup({
      routes: {
        'POST /genericItem/executeTaskAction': () =>
          apiError(400, 'Ação recusada.', [
            { field: 'action', message: 'A AET só pode ser deferida com a taxa paga.' },
            { field: 'changes.cpf', message: 'CPF inválido.' },
          ]),
      },
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    await user.click(await within(await panel()).findByRole('button', { name: 'Deferir' }));
    const alert = await screen.findByText('A AET só pode ser deferida com a taxa paga.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(await screen.findByText('CPF inválido.')).toBeTruthy();
  });

  it('shows the refusal of validateByRule without opening the dialog', async () => {
    const user = userEvent.setup();
    const api = setup({
      routes: {
        'POST /genericItem/validateByRule': () =>
          json({ valid: false, message: 'Só o analista responsável pode pedir correção.' }),
      },
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    await user.click(await within(await panel()).findByRole('button', { name: 'Solicitar correção' }));
    expect(await screen.findByText('Só o analista responsável pode pedir correção.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.find('POST', '/genericItem/executeTaskAction')).toHaveLength(0);
  });

  it('treats a stale version as the save does: the conflict dialog', async () => {
    const user = userEvent.setup();
    setup({
      routes: {
        'POST /genericItem/executeTaskAction': () =>
          json(
            {
              Message: 'O item foi alterado por Bruno em 01/03/2026 09:00.',
              code: 'ITEM_VERSION_CONFLICT',
              details: { version: '4' },
              requestId: 't',
            },
            409,
          ),
      },
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    await user.click(await within(await panel()).findByRole('button', { name: 'Deferir' }));
    expect(await screen.findByRole('dialog', { name: 'O item foi alterado por outra pessoa' })).toBeTruthy();
  });

  it('reloads the values after a conflict of a save with the panel on the form', async () => {
    const user = userEvent.setup();
    let loads = 0;
    setup({
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
              Message: 'Alterado por Bruno.',
              code: 'ITEM_VERSION_CONFLICT',
              details: { version: '4' },
              requestId: 't',
            },
            409,
          ),
      },
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    await within(await panel()).findByText('Em análise');
    await user.type(screen.getByRole('textbox', { name: /Requerente/ }), 'X');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('dialog', { name: 'O item foi alterado por outra pessoa' });
    await user.click(within(dialog).getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Valor da taxa' }) as HTMLInputElement).value).toBe(
        '12,50',
      ),
    );
    expect((screen.getByRole('textbox', { name: /Requerente/ }) as HTMLInputElement).value).toBe('ANA');
  });

  it('says an approval was recorded while the action waits for more', async () => {
    const user = userEvent.setup();
    setup({
      routes: {
        'POST /genericItem/getActions': () =>
          json(
            buildActions({
              actions: [
                {
                  key: 'aprovar',
                  name: 'Aprovar',
                  to: PENDENTE,
                  reasonRequired: false,
                  responsibleRequired: false,
                  confirmation: null,
                  approvals: { required: 2, given: 0, givenByMe: false },
                },
              ],
            }),
          ),
        'POST /genericItem/executeTaskAction': () =>
          json({ ...buildActionResult(4), pendingApprovals: { required: 2, given: 1, givenByMe: true } }),
      },
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    const region = await panel();
    expect(await within(region).findByText('Aprovações: 0 de 2')).toBeTruthy();
    await user.click(within(region).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Aprovação registrada (1 de 2).')).toBeTruthy();
  });

  it('draws the fields the user may not write in this status read-only', async () => {
    setup({
      item: aetFormItem({ requerente: 'ANA' }, { readOnlyFields: ['valorTaxa'] }),
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    const fee = (await screen.findByRole(
      'textbox',
      { name: 'Valor da taxa' },
      { timeout: 15_000 },
    )) as HTMLInputElement;
    expect(fee.readOnly).toBe(true);
    expect((screen.getByRole('textbox', { name: 'CPF' }) as HTMLInputElement).readOnly).toBe(false);
  });

  it("saves a new item first, then runs the definition's workflow button on it", async () => {
    const user = userEvent.setup();
    const api = setupFormPageApi({
      item: aetFormItem({ requerente: 'ANA' }, { id: 10, version: 1 }),
      routes: {
        'GET /genericItem/getForm': () =>
          json(
            aetFormView({
              layout: [
                ...AET_FORM_LAYOUT,
                {
                  type: 'button',
                  text: text('Enviar'),
                  action: { kind: 'workflowAction', actionKey: 'enviar' },
                },
              ] as never,
            }),
          ),
        'POST /genericItem/saveItem': () =>
          json({
            saved: {
              id: 10,
              formattedId: 'AET-2026-000010',
              version: 1,
              modifiedAt: '2026-03-02T12:00:00.000Z',
            },
            item: aetFormItem({}, { id: 10, version: 1 }),
          }),
        'POST /genericItem/getActions': () =>
          json(
            buildActions({
              itemId: 10,
              version: 1,
              actions: [
                {
                  key: 'enviar',
                  name: 'Enviar',
                  to: PENDENTE,
                  reasonRequired: false,
                  responsibleRequired: false,
                  confirmation: null,
                  approvals: null,
                },
              ],
            }),
          ),
        'POST /genericItem/executeTaskAction': () => json(buildActionResult(2)),
      },
    });
    renderApp({ path: '/runtime/3/insertItem/1/0/1' });
    await user.type(await screen.findByRole('textbox', { name: /Requerente/ }, { timeout: 15_000 }), 'ana');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(api.find('POST', '/genericItem/executeTaskAction')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/saveItem')).toHaveLength(1);
    expect(api.find('POST', '/genericItem/executeTaskAction')[0]?.body).toMatchObject({
      itemId: 10,
      action: 'enviar',
      version: 1,
    });
    expect(screen.getByTestId('location').textContent).toBe('/runtime/3/editItem/1/10/1');
  });
});
