import type { ColumnDefinition, KanbanBoard, ListRow } from '@der/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { type FakeRequest, json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';
import { buildAction, EM_ANALISE, PENDENTE } from '../workflow/testing/workflowFixtures.ts';

configure({ asyncUtilTimeout: 8000 });

const NOME: ColumnDefinition = {
  name: 'nome',
  header: 'Nome do transportador',
  type: 'STRING',
  system: false,
  visible: true,
  sortable: true,
  filterable: true,
  items: [],
  filterAsList: false,
  isFileIndex: false,
  interval: null,
  dateTimeFormatType: null,
  dateTimeFormat: null,
  decimals: null,
  editInGrid: false,
  columnWidth: 300,
  givenName: null,
};

const BOARD: KanbanBoard = {
  viewId: 7,
  name: 'Quadro de solicitações',
  componentId: 1,
  applicationId: 3,
  formId: 2,
  laneField: 'StatusName',
  byStatus: true,
  swimlanes: 'none',
  cardFields: [NOME],
  colorField: null,
  lanes: [
    { value: 'emAnalise', name: 'Em análise', color: '#1565C0', count: 1, capped: false, allowCreate: false },
    {
      value: 'pendenteCorrecao',
      name: 'Pendente de correção',
      color: '#F9A825',
      count: 0,
      capped: false,
      allowCreate: false,
    },
  ],
  queries: [{ id: 4, name: 'Minhas' }],
  countCap: 1000,
};

function card(id: number, status = EM_ANALISE): ListRow {
  return {
    ID: id,
    FormattedID: `AET-2026-00000${id}`,
    Title: `Transporte ${id}`,
    Parent: null,
    ProjectID: 1,
    ProjectName: null,
    ProjectManager: null,
    CreationDate: '2026-03-01T12:00:00.000Z',
    LastModify: '2026-03-01T12:00:00.000Z',
    CreatorName: null,
    ModifierName: null,
    ResponsibleName: 'Bruno Analista',
    ResponsibleID: 9,
    Status: status.key,
    StatusName: status.name,
    StatusColor: status.color,
    Version: 3,
    Reason: null,
    Position: 0,
    HasAttachment: false,
    HasDigitalContent: false,
    values: { nome: 'Transportes Silva' },
    display: {},
  };
}

function cards(request: FakeRequest) {
  const { lane } = request.body as { lane: string };
  // Past its status deadline: the card says so as the lists do.
  const late = { ...card(5), DueDate: '2026-01-05T12:00:00.000Z', DueSoonDate: '2026-01-04T12:00:00.000Z' };
  return json({ cards: lane === 'emAnalise' ? [late] : [], users: {}, nextCursor: null });
}

/** jsdom lays nothing out: each lane (and what it holds) gets the box of its column, 320 px apart. */
function layLanesOut() {
  // The virtualised lanes read their scroll box's size from clientHeight / clientWidth.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const lane = this.closest('[data-testid^="kanban-lane-"]');
    const index = lane?.parentElement ? [...lane.parentElement.children].indexOf(lane) : 0;
    const left = Math.max(0, index) * 320;
    return {
      x: left,
      y: 0,
      left,
      top: 0,
      width: 300,
      height: 400,
      right: left + 300,
      bottom: 400,
      toJSON: () => ({}),
    } as DOMRect;
  });
}

describe('kanban board', () => {
  beforeEach(layLanesOut);
  afterEach(() => vi.restoreAllMocks());

  it('draws labelled lanes with their counts and cards that open the item’s form, axe-clean', async () => {
    const api = setupShellApi({
      routes: {
        'POST /genericItem/loadKanbanBoard': () => json(BOARD),
        'POST /genericItem/loadKanbanCards': cards,
      },
    });
    renderApp({ path: '/runtime/3/kanban/7/Quadro' });
    expect(await screen.findByRole('heading', { name: 'Quadro de solicitações', level: 1 })).toBeTruthy();
    const lane = await screen.findByRole('region', { name: /Em análise/ });
    expect(within(lane).getByText('1 cartões')).toBeTruthy();
    const list = within(lane).getByRole('list', { name: /Em análise/ });
    const [item] = await within(list).findAllByRole('listitem');
    expect(within(item!).getByText('AET-2026-000005')).toBeTruthy();
    expect(within(item!).getByText('Transportes Silva')).toBeTruthy();
    expect(within(item!).getByText('Bruno Analista')).toBeTruthy();
    expect(within(item!).getByText(/Atrasado/)).toBeTruthy();
    expect(within(item!).getByRole('link', { name: 'Transporte 5' }).getAttribute('href')).toBe(
      '/runtime/3/editItem/1/5/2',
    );
    expect(screen.getByRole('region', { name: /Pendente de correção/ })).toBeTruthy();
    expect(api.find('POST', '/genericItem/loadKanbanCards')).toHaveLength(2);
    // The board's own content (the shell is checked by its own tests).
    const page = screen.getByRole('heading', { name: 'Quadro de solicitações', level: 1 }).parentElement!;
    const results = await axe.run(page, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('moves a card by keyboard: the action’s reason dialog, then moveKanbanCard; the card changes lane', async () => {
    const user = userEvent.setup();
    const action = buildAction({
      key: 'pedirCorrecao',
      name: 'Pedir correção',
      to: PENDENTE,
      reasonRequired: true,
    });
    const api = setupShellApi({
      routes: {
        'POST /genericItem/loadKanbanBoard': () => json(BOARD),
        'POST /genericItem/loadKanbanCards': cards,
        'POST /genericItem/getKanbanMoves': () =>
          json({ itemId: 5, version: 3, lane: 'emAnalise', targets: [{ lane: 'pendenteCorrecao', action }] }),
        'POST /genericItem/validateByRule': () => json({ valid: true, message: null }),
        'POST /genericItem/moveKanbanCard': () =>
          json({ card: card(5, PENDENTE), users: {}, lane: 'pendenteCorrecao', pendingApprovals: null }),
      },
    });
    renderApp({ path: '/runtime/3/kanban/7/Quadro' });
    const handle = await screen.findByRole('button', { name: 'Mover Transporte 5' });
    handle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(api.find('POST', '/genericItem/getKanbanMoves')).toHaveLength(1));
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    const dialog = await screen.findByRole('dialog', { name: 'Pedir correção' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Falta o laudo');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.find('POST', '/genericItem/moveKanbanCard')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/moveKanbanCard')[0]?.body).toEqual({
      viewId: 7,
      itemId: 5,
      version: 3,
      toLane: 'pendenteCorrecao',
      reason: 'Falta o laudo',
      responsibleId: null,
    });
    const target = screen.getByRole('region', { name: /Pendente de correção/ });
    expect(await within(target).findByText('Transporte 5')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: /Em análise/ })).queryByText('Transporte 5')).toBeNull();
  });

  it('a refused drop leaves the card in its lane and shows the server’s message', async () => {
    const user = userEvent.setup();
    setupShellApi({
      routes: {
        'POST /genericItem/loadKanbanBoard': () => json(BOARD),
        'POST /genericItem/loadKanbanCards': cards,
        'POST /genericItem/getKanbanMoves': () =>
          json({ itemId: 5, version: 3, lane: 'emAnalise', targets: [] }),
        'POST /genericItem/moveKanbanCard': () =>
          json(
            {
              Message: 'Erro de validação',
              code: 'VALIDATION_FAILED',
              details: [
                {
                  field: 'lane',
                  message: 'Nenhuma ação sua leva este cartão para a raia Pendente de correção',
                },
              ],
            },
            400,
          ),
      },
    });
    renderApp({ path: '/runtime/3/kanban/7/Quadro' });
    const handle = await screen.findByRole('button', { name: 'Mover Transporte 5' });
    handle.focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(screen.getByTestId('kanban-lane-pendenteCorrecao').getAttribute('aria-disabled')).toBe('true'),
    );
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Nenhuma ação sua leva este cartão para a raia Pendente de correção',
    );
    expect(within(screen.getByRole('region', { name: /Em análise/ })).getByText('Transporte 5')).toBeTruthy();
  });

  it('/kanban/{viewID}/{title} opens the board in the runtime of the application that holds the view', async () => {
    setupShellApi({
      routes: {
        'POST /genericItem/loadKanbanBoard': () => json(BOARD),
        'POST /genericItem/loadKanbanCards': cards,
      },
    });
    renderApp({ path: '/kanban/7/Quadro' });
    expect(await screen.findByRole('heading', { name: 'Quadro de solicitações', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/runtime/3/kanban/7/Quadro');
  });
});
