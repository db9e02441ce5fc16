import type { KanbanBoard } from '@der/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { type FakeRequest, json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';
import { BOARD, card, LATE_CARD, layLanesOut } from './testing/kanbanFixtures.ts';

configure({ asyncUtilTimeout: 8000 });

const GRID: KanbanBoard = { ...BOARD, swimlanes: 'responsible' };
const ROWS = {
  rows: [
    {
      responsibleId: 9,
      name: 'Bruno Analista',
      counts: [
        { value: 'emAnalise', count: 1, capped: false },
        { value: 'pendenteCorrecao', count: 0, capped: false },
      ],
    },
    {
      responsibleId: null,
      name: '',
      counts: [
        { value: 'emAnalise', count: 1, capped: false },
        { value: 'pendenteCorrecao', count: 0, capped: false },
      ],
    },
  ],
  capped: false,
};

/** A cell's cards: Bruno's late card, or (no responsible) card 6. */
function cellCards(request: FakeRequest) {
  const { lane, responsibleId } = request.body as { lane: string; responsibleId?: number | null };
  const unassigned = { ...card(6), ResponsibleName: null, ResponsibleID: null };
  const found = lane !== 'emAnalise' ? [] : responsibleId === 9 ? [LATE_CARD] : [unassigned];
  return json({ cards: found, users: {}, nextCursor: null });
}

describe('kanban swimlane grid and new cards', () => {
  beforeEach(layLanesOut);
  afterEach(() => vi.restoreAllMocks());

  it('draws a row per responsible and one without, each cell its own cards; a row collapses', async () => {
    const user = userEvent.setup();
    const api = setupShellApi({
      routes: {
        'POST /genericItem/loadKanbanBoard': () => json(GRID),
        'POST /genericItem/loadKanbanSwimlanes': () => json(ROWS),
        'POST /genericItem/loadKanbanCards': cellCards,
      },
    });
    renderApp({ path: '/runtime/3/kanban/7/Quadro' });
    const bruno = await screen.findByRole('button', { name: 'Bruno Analista' });
    expect(bruno.getAttribute('aria-expanded')).toBe('true');
    const none = screen.getByRole('button', { name: 'Sem responsável' });
    const brunoCell = await screen.findByRole('group', { name: 'Em análise — Bruno Analista' });
    expect(await within(brunoCell).findByText('Transporte 5')).toBeTruthy();
    const noneCell = screen.getByRole('group', { name: 'Em análise — Sem responsável' });
    expect(await within(noneCell).findByText('Transporte 6')).toBeTruthy();
    expect(within(noneCell).queryByText('Transporte 5')).toBeNull();
    const bodies = api.find('POST', '/genericItem/loadKanbanCards').map((request) => request.body);
    expect(bodies).toContainEqual(expect.objectContaining({ lane: 'emAnalise', responsibleId: 9 }));
    expect(bodies).toContainEqual(expect.objectContaining({ lane: 'emAnalise', responsibleId: null }));
    const page = screen.getByRole('heading', { name: 'Quadro de solicitações', level: 1 }).parentElement!;
    const results = await axe.run(page, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await user.click(bruno);
    expect(bruno.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: 'Em análise — Bruno Analista' })).toBeNull();
    expect(none.getAttribute('aria-expanded')).toBe('true');
  });

  it('a lane’s + on a field board opens the new item’s form with the lane’s option', async () => {
    const user = userEvent.setup();
    const byType: KanbanBoard = {
      ...BOARD,
      byStatus: false,
      laneField: 'tipo',
      lanes: BOARD.lanes.map((lane) => ({ ...lane, allowCreate: true })),
    };
    setupShellApi({ routes: { 'POST /genericItem/loadKanbanBoard': () => json(byType) } });
    renderApp({ path: '/runtime/3/kanban/7/Quadro' });
    await user.click(await screen.findByRole('button', { name: 'Novo cartão em Pendente de correção' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/runtime/3/insertItem/1/0/2?value.tipo=pendenteCorrecao',
      ),
    );
  });

  it('on a status board the + is on the initial status only, and the new item starts there', async () => {
    const user = userEvent.setup();
    const initial: KanbanBoard = {
      ...BOARD,
      lanes: BOARD.lanes.map((lane, index) => ({ ...lane, allowCreate: index === 0 })),
    };
    setupShellApi({ routes: { 'POST /genericItem/loadKanbanBoard': () => json(initial) } });
    renderApp({ path: '/runtime/3/kanban/7/Quadro' });
    expect(await screen.findByRole('button', { name: 'Novo cartão em Em análise' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Novo cartão em Pendente de correção' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Novo cartão em Em análise' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/runtime/3/insertItem/1/0/2'),
    );
  });
});
