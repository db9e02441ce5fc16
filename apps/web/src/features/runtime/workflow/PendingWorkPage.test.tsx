import type { PendingWorkItem } from '@der/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { type FakeRequest, json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';
import { EM_ANALISE, PENDENTE } from './testing/workflowFixtures.ts';

configure({ asyncUtilTimeout: 8000 });

function pendingItem(id: number, overrides: Partial<PendingWorkItem> = {}): PendingWorkItem {
  return {
    id,
    componentId: 1,
    componentName: 'Solicitação de AET',
    formId: 1,
    projectId: 4,
    formattedId: `AET-2026-${String(id).padStart(6, '0')}`,
    title: `Transporte ${id}`,
    status: EM_ANALISE,
    responsibleName: null,
    responsibleGroupName: 'Analistas AET',
    modifiedAt: '2026-03-02T12:00:00.000Z',
    ...overrides,
  };
}

/** loadPendingWork over 60 items: 55 in analysis, 5 waiting for correction, a page at a time. */
function pendingWork(request: FakeRequest) {
  const body = request.body as { status?: string | null; page: number; pageSize: number };
  const all = Array.from({ length: 60 }, (_, index) =>
    pendingItem(index + 1, index >= 55 ? { status: PENDENTE, responsibleName: 'Bruno Analista' } : {}),
  ).filter((item) => !body.status || item.status?.key === body.status);
  const start = (body.page - 1) * body.pageSize;
  return json({
    byStatus: [
      { status: EM_ANALISE, count: 55 },
      { status: PENDENTE, count: 5 },
    ],
    items: all.slice(start, start + body.pageSize),
    total: all.length,
  });
}

/** A viewport as narrow as a phone: every `max-width` query of the theme matches (fakeApi unstubs it after). */
function stubPhoneViewport() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe("'Minhas pendências'", () => {
  it('shows cards on a phone, each opening its item by a click or Enter', async () => {
    const user = userEvent.setup();
    setupShellApi({ routes: { 'POST /genericItem/loadPendingWork': pendingWork } });
    stubPhoneViewport();
    renderApp({ path: '/runtime/3/pendingWork' });
    await screen.findByText('Transporte 1', {}, { timeout: 15_000 });
    // On a phone the side menu opens over the page: close it first.
    await user.keyboard('{Escape}');
    const cards = await screen.findByRole('list', { name: 'Itens pendentes' }, { timeout: 15_000 });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second] = within(cards).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'AET-2026-000001' })).toBeTruthy();
    expect(within(first!).getByText('Transporte 1')).toBeTruthy();
    second!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/runtime/3/editItem/1/2/1'));
  });

  it('lists the pending items, filters by status and pages, each row opening its form', async () => {
    const user = userEvent.setup();
    const api = setupShellApi({ routes: { 'POST /genericItem/loadPendingWork': pendingWork } });
    renderApp({ path: '/runtime/3/pendingWork' });
    expect(
      await screen.findByRole('heading', { name: 'Minhas pendências' }, { timeout: 15_000 }),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Itens pendentes' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getAllByText('Grupo Analistas AET').length).toBeGreaterThan(0);
    expect(api.find('POST', '/genericItem/loadPendingWork')[0]?.body).toEqual({
      applicationId: 3,
      status: null,
      page: 1,
      pageSize: 50,
    });
    const filters = screen.getByRole('group', { name: 'Filtrar por status' });
    expect(within(filters).getByRole('button', { name: 'Todas (60)' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(screen.getByText('51–60 de 60')).toBeTruthy();

    await user.click(within(filters).getByRole('button', { name: 'Pendente de correção (5)' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(api.find('POST', '/genericItem/loadPendingWork').at(-1)?.body).toMatchObject({
      status: 'pendenteCorrecao',
      page: 1,
    });
    expect(within(table).getAllByText('Bruno Analista')).toHaveLength(5);

    await user.click(within(table).getByRole('link', { name: 'AET-2026-000056' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/runtime/3/editItem/1/56/1'),
    );
  });

  it('is axe-clean with its list and with the delegation dialog open', async () => {
    const user = userEvent.setup();
    setupShellApi({
      routes: {
        'POST /genericItem/loadPendingWork': pendingWork,
        'GET /genericItem/loadDelegations': () => json({ given: [], received: [] }),
      },
    });
    renderApp({ path: '/runtime/3/pendingWork' });
    await screen.findByRole('table', { name: 'Itens pendentes' }, { timeout: 15_000 });
    const options = { rules: { 'color-contrast': { enabled: false } } };
    const violations = (result: axe.AxeResults) => result.violations.map((violation) => violation.id);
    expect(violations(await axe.run(document.body, options))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delegar minhas pendências' }));
    await screen.findByText('Minhas delegações');
    expect(violations(await axe.run(document.body, options))).toEqual([]);
  });

  it('says so when nothing is pending', async () => {
    setupShellApi({
      routes: {
        'POST /genericItem/loadPendingWork': () => json({ byStatus: [], items: [], total: 0 }),
      },
    });
    renderApp({ path: '/runtime/3/pendingWork' });
    expect(
      await screen.findByText(
        'Nenhuma pendência. Os itens que aguardam você ou seus grupos aparecem aqui.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
  });

  it('delegates the pending work to another user for a period, and ends a delegation', async () => {
    const user = userEvent.setup();
    const delegation = {
      id: 9,
      fromUserId: 42,
      fromUserName: 'José da Silva',
      toUserId: 7,
      toUserName: 'Carla Técnica',
      startsOn: '2026-03-10',
      endsOn: '2026-03-20',
    };
    const api = setupShellApi({
      routes: {
        'POST /genericItem/loadPendingWork': () => json({ byStatus: [], items: [], total: 0 }),
        'GET /genericItem/loadDelegations': () => json({ given: [], received: [] }),
        'POST /genericItem/loadUsers': () => json({ users: [{ id: 7, name: 'Carla Técnica', avatar: '' }] }),
        'POST /genericItem/saveDelegation': () => json({ given: [delegation], received: [] }),
        'POST /genericItem/deleteDelegation': () => json({ given: [], received: [] }),
      },
    });
    renderApp({ path: '/runtime/3/pendingWork' });
    await user.click(
      await screen.findByRole('button', { name: 'Delegar minhas pendências' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delegar minhas pendências' });
    const save = within(dialog).getByRole('button', { name: 'Delegar' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /Delegar para/ }));
    await user.click(await screen.findByRole('option', { name: 'Carla Técnica' }));
    await user.type(within(dialog).getByRole('group', { name: /^De/ }), '10032026');
    await user.type(within(dialog).getByRole('group', { name: /^Até/ }), '20032026');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(api.find('POST', '/genericItem/saveDelegation')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/saveDelegation')[0]?.body).toEqual({
      toUserId: 7,
      startsOn: '2026-03-10',
      endsOn: '2026-03-20',
    });
    expect(await within(dialog).findByText('Para Carla Técnica, de 10/03/2026 a 20/03/2026')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar a delegação para Carla Técnica' }));
    await waitFor(() =>
      expect(api.find('POST', '/genericItem/deleteDelegation')[0]?.body).toEqual({ id: 9 }),
    );
    await waitFor(() => expect(within(dialog).queryByText(/Para Carla Técnica/)).toBeNull());
  });
});
