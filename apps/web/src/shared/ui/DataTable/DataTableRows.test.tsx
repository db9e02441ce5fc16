import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { buildRow, COLUMNS } from './testing/dataTableFixtures.ts';

const ROWS = [buildRow(1), buildRow(2), buildRow(3)];

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderTable(props: Partial<DataTableProps> = {}) {
  return renderApp({
    path: '/lista',
    children: (
      <>
        <DataTable
          title="Solicitações de AET"
          columns={COLUMNS}
          rows={ROWS}
          total={ROWS.length}
          capped={false}
          onQueryChange={() => {}}
          getEditHref={(row) => `/runtime/1/editItem/1/${row.id}/1`}
          onBulkUpdate={vi.fn(async () => {})}
          {...props}
        />
        <LocationProbe />
      </>
    ),
  });
}

const location = () => screen.getByTestId('location').textContent;
const bodyRow = (id: number) => document.querySelector(`tr[data-row-id="${id}"]`) as HTMLElement;
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

/** A viewport as narrow as a phone: every `max-width` query of the theme matches. */
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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DataTable rows: opening, markers, sticky first column, remembered columns, cards', () => {
  it('opens the item from a click anywhere on its row', async () => {
    renderTable();
    await screen.findByRole('table', { name: 'Solicitações de AET' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(within(bodyRow(2)).getByText('Em análise'));
    await waitFor(() => expect(location()).toBe('/runtime/1/editItem/1/2/1'));
  });

  it('opens the item with Enter on a focused row', async () => {
    renderTable();
    await screen.findByRole('table', { name: 'Solicitações de AET' }, { timeout: 15_000 });
    const user = userEvent.setup();
    bodyRow(3).focus();
    expect(document.activeElement).toBe(bodyRow(3));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/runtime/1/editItem/1/3/1'));
  });

  it('does not open the item from the row checkbox, nor from an in-grid editable cell', async () => {
    renderTable({ onCellEdit: vi.fn(async () => {}) });
    await screen.findByRole('table', { name: 'Solicitações de AET' }, { timeout: 15_000 });
    const user = userEvent.setup();
    const checkbox = screen.getByRole('checkbox', { name: 'Selecionar AET-2026-000001' });
    await user.click(checkbox);
    expect((checkbox as HTMLInputElement).checked).toBe(true);
    // 'Taxa' is editable in the grid: its click is the first half of the double click that edits it.
    await user.click(within(bodyRow(1)).getByText('R$ 1.234,50'));
    // Space on the checkbox selects; Enter on a control inside a row is the control's.
    screen.getByRole('checkbox', { name: 'Selecionar AET-2026-000002' }).focus();
    await user.keyboard('{Enter}');
    expect(location()).toBe('/lista');
  });

  it('without an item form, rows are not focusable and a click opens nothing', async () => {
    renderTable({ getEditHref: undefined });
    await screen.findByRole('table', { name: 'Solicitações de AET' }, { timeout: 15_000 });
    expect(bodyRow(1).hasAttribute('tabindex')).toBe(false);
    await userEvent.setup().click(within(bodyRow(1)).getByText('Em análise'));
    expect(location()).toBe('/lista');
  });

  it('shows a marker column only when a row of the page carries that marker', async () => {
    renderTable({ rows: [buildRow(1), buildRow(3)] });
    await screen.findByRole('table', { name: 'Solicitações de AET' }, { timeout: 15_000 });
    expect(headers()).toContain('Anexos');
    expect(headers()).not.toContain('Conteúdo digital');
  });

  it('keeps the row controls and the first column in place while the table scrolls sideways', async () => {
    renderTable();
    await screen.findByRole('table', { name: 'Solicitações de AET' }, { timeout: 15_000 });
    const code = screen.getByRole('columnheader', { name: 'Código' });
    expect(getComputedStyle(code).position).toBe('sticky');
    expect(getComputedStyle(code).left).toBe('144px');
    expect(getComputedStyle(screen.getByRole('columnheader', { name: 'Título' })).position).not.toBe(
      'sticky',
    );
    const firstCell = bodyRow(1).querySelectorAll('td')[2] as HTMLElement;
    expect(within(firstCell).getByText('AET-2026-000001')).toBeTruthy();
    expect(getComputedStyle(firstCell).position).toBe('sticky');
  });

  it('remembers the hidden columns under the storage key (a user and a view), not under another', async () => {
    const first = renderTable({ columnsStorageKey: '7.runtime.1.0.1.1' });
    await screen.findByRole('table', { name: 'Solicitações de AET' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Colunas' }));
    const menu = await screen.findByRole('menu', { name: 'Mostrar ou ocultar colunas' });
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Taxa' }));
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Observação' }));
    first.unmount();

    const again = renderTable({ columnsStorageKey: '7.runtime.1.0.1.1' });
    await screen.findByRole('table', { name: 'Solicitações de AET' }, { timeout: 15_000 });
    expect(headers()).not.toContain('Taxa');
    expect(headers()).toContain('Observação');
    again.unmount();

    // Another person (or view): the definition's defaults.
    renderTable({ columnsStorageKey: '8.runtime.1.0.1.1' });
    await screen.findByRole('table', { name: 'Solicitações de AET' }, { timeout: 15_000 });
    expect(headers()).toContain('Taxa');
    expect(headers()).not.toContain('Observação');
  });

  it('shows the rows as cards on a phone, each opening its item, and is axe-clean', async () => {
    stubPhoneViewport();
    renderTable();
    const cards = await screen.findByRole('list', { name: 'Solicitações de AET' }, { timeout: 15_000 });
    expect(screen.queryByRole('table')).toBeNull();
    const first = within(within(cards).getAllByRole('listitem')[0]!);
    expect(first.getByRole('heading', { name: 'AET-2026-000001' })).toBeTruthy();
    expect(first.getByText('Taxa')).toBeTruthy();
    expect(first.getByText('R$ 1.234,50')).toBeTruthy();
    expect(first.getByRole('checkbox', { name: 'Selecionar AET-2026-000001' })).toBeTruthy();
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
    await userEvent.setup().click(first.getByText('Em análise'));
    await waitFor(() => expect(location()).toBe('/runtime/1/editItem/1/1/1'));
  });
});
