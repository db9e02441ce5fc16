import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';
import { buildAction, PENDENTE } from '../workflow/testing/workflowFixtures.ts';
import { BOARD, card, cards, layLanesOut } from './testing/kanbanFixtures.ts';

configure({ asyncUtilTimeout: 8000 });

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
    // The lanes' first pages come with the board: the first paint is one request.
    expect(api.find('POST', '/genericItem/loadKanbanCards')).toHaveLength(0);
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
          json({
            card: card(5, PENDENTE),
            users: {},
            lane: 'pendenteCorrecao',
            pendingApprovals: null,
            counts: [
              { value: 'emAnalise', count: 0, capped: false },
              { value: 'pendenteCorrecao', count: 1, capped: false },
            ],
          }),
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
