import type { KanbanBoard } from '@der/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';
import { toDataTableRow } from '../list/toDataTableRow.ts';
import { buildAction, PENDENTE } from '../workflow/testing/workflowFixtures.ts';
import { BOARD, card, layLanesOut } from './testing/kanbanFixtures.ts';

configure({ asyncUtilTimeout: 8000 });

// Every drawing of a card's content goes through toDataTableRow once: counted, not replaced.
vi.mock('../list/toDataTableRow.ts', async (original) => {
  const actual = await original<typeof import('../list/toDataTableRow.ts')>();
  return { toDataTableRow: vi.fn(actual.toDataTableRow) };
});

const CARDS = [5, 6, 7, 8].map((id) => card(id));
const FULL: KanbanBoard = {
  ...BOARD,
  lanes: [
    { ...BOARD.lanes[0]!, count: CARDS.length, firstPage: { cards: CARDS, users: {}, nextCursor: null } },
    BOARD.lanes[1]!,
  ],
};

describe('kanban drag and drop', () => {
  beforeEach(layLanesOut);
  afterEach(() => vi.restoreAllMocks());

  it('redraws no card while one is dragged between lanes (only the carried copy is drawn)', async () => {
    const user = userEvent.setup();
    const action = buildAction({ key: 'pedirCorrecao', name: 'Pedir correção', to: PENDENTE });
    const api = setupShellApi({
      routes: {
        'POST /genericItem/loadKanbanBoard': () => json(FULL),
        'POST /genericItem/getKanbanMoves': () =>
          json({ itemId: 5, version: 3, lane: 'emAnalise', targets: [{ lane: 'pendenteCorrecao', action }] }),
      },
    });
    renderApp({ path: '/runtime/3/kanban/7/Quadro' });
    const handle = await screen.findByRole('button', { name: 'Mover Transporte 5' });
    await screen.findByText('Transporte 8');
    const drawn = vi.mocked(toDataTableRow).mock.calls.length;
    expect(drawn).toBeGreaterThanOrEqual(CARDS.length);
    handle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(api.find('POST', '/genericItem/getKanbanMoves')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('kanban-lane-pendenteCorrecao').getAttribute('data-reachable')).toBe('true'),
    );
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{ArrowRight}');
    // The overlay draws the carried card once; the four cards in the lane are not drawn again.
    expect(vi.mocked(toDataTableRow).mock.calls.length - drawn).toBeLessThanOrEqual(1);
    await user.keyboard('{Escape}');
  });

  it('draws the dropped card in its new lane before the server answers, and settles it from the answer', async () => {
    const user = userEvent.setup();
    const action = buildAction({ key: 'pedirCorrecao', name: 'Pedir correção', to: PENDENTE });
    let answer: (response: Response) => void = () => {};
    setupShellApi({
      routes: {
        'POST /genericItem/loadKanbanBoard': () => json(FULL),
        'POST /genericItem/getKanbanMoves': () =>
          json({ itemId: 5, version: 3, lane: 'emAnalise', targets: [{ lane: 'pendenteCorrecao', action }] }),
        'POST /genericItem/moveKanbanCard': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    renderApp({ path: '/runtime/3/kanban/7/Quadro' });
    const handle = await screen.findByRole('button', { name: 'Mover Transporte 5' });
    handle.focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(screen.getByTestId('kanban-lane-pendenteCorrecao').getAttribute('data-reachable')).toBe('true'),
    );
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    const target = screen.getByTestId('kanban-lane-pendenteCorrecao');
    // Placed at once, marked busy while the save runs; the counts follow.
    const placed = await within(target).findByTestId('kanban-card-5');
    expect(placed.getAttribute('aria-busy')).toBe('true');
    expect(within(screen.getByTestId('kanban-lane-emAnalise')).queryByTestId('kanban-card-5')).toBeNull();
    expect(within(target).getByText('1 cartões')).toBeTruthy();
    answer(
      json({
        card: { ...card(5, PENDENTE), Version: 4 },
        users: {},
        lane: 'pendenteCorrecao',
        pendingApprovals: null,
        counts: [
          { value: 'emAnalise', count: 3, capped: false },
          { value: 'pendenteCorrecao', count: 7, capped: false },
        ],
      }),
    );
    await waitFor(() => expect(within(target).getByText('7 cartões')).toBeTruthy());
    expect(within(target).getByTestId('kanban-card-5').getAttribute('aria-busy')).toBeNull();
  });
});
