import type { BulkJob, BulkOptions, ExecuteBulkOperationBody } from '@der/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';
import { buildControlData, buildFilterResult, buildListRow } from '../testing/listFixtures.ts';

configure({ asyncUtilTimeout: 8000 });

const LIST_PATH = `/runtime/1/list/1/2/1/0/${encodeURIComponent('Minhas solicitações')}`;

const OPTIONS: BulkOptions = {
  actions: [
    {
      key: 'pedirCorrecao',
      name: 'Pedir correção',
      to: { key: 'correcao', name: 'Correção', color: '#EC407A', initial: false, final: false },
      reasonRequired: true,
      responsibleRequired: false,
      confirmation: null,
    },
  ],
  fields: [],
};

const JOB: BulkJob = {
  id: 9,
  componentId: 1,
  componentName: 'Solicitações',
  applicationId: 1,
  description: 'Pedir correção',
  operation: { kind: 'action', action: 'pedirCorrecao', reason: 'Faltam documentos' },
  target: 'selection',
  status: 'pending',
  creatorId: 1,
  total: 2,
  done: 0,
  failed: 0,
  interrupted: 0,
  remaining: 2,
  createdAt: '2026-03-02T12:00:00.000Z',
  finishedAt: null,
};

describe("the list's 'Ação em massa'", () => {
  it("answers an empty selection with the server's 'Selecione pelo menos um item!', then runs an action with its reason over the selection", async () => {
    const user = userEvent.setup();
    const api = setupShellApi({
      routes: {
        'GET /genericItem/getListControlData': () => json({ ...buildControlData(), canBulkUpdate: true }),
        'POST /genericItem/executeFilter': () => json(buildFilterResult([buildListRow(1), buildListRow(2)])),
        'POST /genericItem/getBulkOptions': () => json(OPTIONS),
        'POST /genericItem/executeBulkOperation': (request) =>
          (request.body as ExecuteBulkOperationBody).itemIds?.length
            ? json(JOB)
            : apiError(400, 'Selecione pelo menos um item!', [
                { field: 'itemIds', message: 'Selecione pelo menos um item!' },
              ]),
        'POST /genericItem/getBulkJob': () =>
          json({ job: { ...JOB, status: 'finished', done: 2, remaining: 0 }, errors: [] }),
        'POST /genericItem/listBulkJobs': () => json({ jobs: [JOB] }),
      },
    });
    renderApp({ path: LIST_PATH });
    await screen.findByRole('table', { name: 'Minhas solicitações' }, { timeout: 15_000 });
    await waitFor(() => expect(document.querySelector('tr[data-row-id="2"]')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Ação em massa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ação em massa' });
    expect(within(dialog).getByRole('radio', { name: 'Itens selecionados (0)' })).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Itens selecionados (0)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Ação' }));
    await user.click(await screen.findByRole('option', { name: 'Pedir correção' }));
    await user.click(within(dialog).getByRole('button', { name: 'Executar' }));
    // The reason first (the workflow's dialog), then the server refuses the empty selection.
    const reasonDialog = await screen.findByRole('dialog', { name: 'Pedir correção' });
    await user.type(within(reasonDialog).getByRole('textbox', { name: /Motivo/ }), 'Faltam documentos');
    await user.click(within(reasonDialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Selecione pelo menos um item!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));

    await user.click(screen.getByRole('checkbox', { name: 'Selecionar todas as linhas da página' }));
    await user.click(screen.getByRole('button', { name: 'Ação em massa' }));
    const again = await screen.findByRole('dialog', { name: 'Ação em massa' });
    expect(within(again).getByRole('radio', { name: 'Itens selecionados (2)' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(again).getByRole('combobox', { name: 'Ação' }));
    await user.click(await screen.findByRole('option', { name: 'Pedir correção' }));
    await user.click(within(again).getByRole('button', { name: 'Executar' }));
    const reason = await screen.findByRole('dialog', { name: 'Pedir correção' });
    await user.type(within(reason).getByRole('textbox', { name: /Motivo/ }), 'Faltam documentos');
    await user.click(within(reason).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('progressbar', { name: 'Progresso de Pedir correção' })).toBeTruthy();
    const started = api.find('POST', '/genericItem/executeBulkOperation').at(-1)!
      .body as ExecuteBulkOperationBody;
    expect(started).toMatchObject({
      componentId: 1,
      itemIds: [1, 2],
      operation: { kind: 'action', action: 'pedirCorrecao', reason: 'Faltam documentos' },
    });
  }, 90_000);

  it('offers over the whole filter only the responsibles every item accepts, saying why, or refuses when none', async () => {
    const user = userEvent.setup();
    const handOver = {
      ...OPTIONS.actions[0]!,
      key: 'encaminhar',
      name: 'Encaminhar',
      reasonRequired: false,
      responsibleRequired: true,
    };
    let common = true;
    const api = setupShellApi({
      routes: {
        'GET /genericItem/getListControlData': () => json({ ...buildControlData(), canBulkUpdate: true }),
        'POST /genericItem/executeFilter': () => json(buildFilterResult([buildListRow(1), buildListRow(2)])),
        'POST /genericItem/getBulkOptions': () => json({ ...OPTIONS, actions: [handOver] }),
        'POST /genericItem/loadBulkResponsibles': () =>
          json({ responsibles: common ? [{ id: 7, name: 'Ana Analista' }] : [], differ: true }),
        'POST /genericItem/executeBulkOperation': () => json({ ...JOB, target: 'filter' }),
        'POST /genericItem/getBulkJob': () => json({ job: JOB, errors: [] }),
        'POST /genericItem/listBulkJobs': () => json({ jobs: [JOB] }),
      },
    });
    renderApp({ path: LIST_PATH });
    await screen.findByRole('table', { name: 'Minhas solicitações' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Ação em massa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ação em massa' });
    expect(within(dialog).getByRole('radio', { name: /Todos os itens do filtro atual/ })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Ação' }));
    await user.click(await screen.findByRole('option', { name: 'Encaminhar' }));

    common = false;
    await user.click(within(dialog).getByRole('button', { name: 'Executar' }));
    expect(await within(dialog).findByText(/Ninguém pode receber todos estes itens/)).toBeTruthy();
    expect(api.find('POST', '/genericItem/executeBulkOperation')).toHaveLength(0);

    common = true;
    await user.click(within(dialog).getByRole('button', { name: 'Executar' }));
    const handDialog = await screen.findByRole('dialog', { name: 'Encaminhar' });
    expect(within(handDialog).getByText(/só aparecem as pessoas que podem receber todos eles/)).toBeTruthy();
    await user.click(within(handDialog).getByRole('combobox', { name: /Responsável/ }));
    await user.click(await screen.findByRole('option', { name: 'Ana Analista' }));
    await user.click(within(handDialog).getByRole('button', { name: 'OK' }));
    await screen.findByRole('progressbar', { name: 'Progresso de Pedir correção' });
    const asked = api.find('POST', '/genericItem/loadBulkResponsibles').at(-1)!.body as Record<
      string,
      unknown
    >;
    expect(asked).toMatchObject({ componentId: 1, action: 'encaminhar', itemIds: [] });
    expect(asked.filter).toBeTruthy();
    const started = api.find('POST', '/genericItem/executeBulkOperation').at(-1)!
      .body as ExecuteBulkOperationBody;
    expect(started).toMatchObject({
      itemIds: [],
      operation: { kind: 'action', action: 'encaminhar', responsibleId: 7 },
    });
    expect(started.filter).toEqual(asked.filter);
  }, 90_000);
});
