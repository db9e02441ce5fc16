import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import type { DataTableQuery } from './dataTableTypes.ts';
import { buildRow, COLUMNS } from './testing/dataTableFixtures.ts';

const ROWS = [buildRow(1), buildRow(2), buildRow(3)];

function renderTable(props: Partial<DataTableProps> = {}, language: 'pt-BR' | 'en' = 'pt-BR') {
  const queries: DataTableQuery[] = [];
  const onQueryChange = vi.fn((query: DataTableQuery) => queries.push(query));
  const result = renderApp({
    language,
    children: (
      <DataTable
        title="Solicitações de AET"
        columns={COLUMNS}
        rows={ROWS}
        total={ROWS.length}
        capped={false}
        onQueryChange={onQueryChange}
        getEditHref={(row) => `/runtime/1/editItem/1/${row.id}/1`}
        onCellEdit={vi.fn(async () => {})}
        onBulkUpdate={vi.fn(async () => {})}
        {...props}
      />
    ),
  });
  const lastQuery = () => queries[queries.length - 1]!;
  return { ...result, queries, lastQuery, onQueryChange };
}

async function findTable() {
  return screen.findByRole('table', { name: 'Solicitações de AET' }, { timeout: 15_000 });
}

function bodyRows() {
  return screen.getAllByRole('row').filter((row) => row.hasAttribute('data-row-id'));
}

function headers() {
  return screen.getAllByRole('columnheader').map((header) => header.textContent);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DataTable (spec §2.9 shared data table)', () => {
  it('shows columns by field type, formatted values, markers, widths, and is axe-clean', async () => {
    const { lastQuery } = renderTable();
    await findTable();
    expect(headers()).toEqual([
      '',
      'Ações',
      'Código',
      // After the first column, which stays in place with the row's controls while the table scrolls.
      'Anexos',
      'Conteúdo digital',
      'Título',
      'Status',
      'Responsável',
      'Eixos',
      'Taxa',
      'Partida',
      'Carga indivisível',
      'Situação',
    ]);
    const first = within(bodyRows()[0]!);
    expect(first.getByText('R$ 1.234,50')).toBeTruthy();
    expect(first.getByText('05/03/2026 11:30')).toBeTruthy();
    expect(first.getByText('Sim')).toBeTruthy();
    expect(first.getByText('Aberta')).toBeTruthy();
    expect(first.getByText('Em análise')).toBeTruthy();
    expect(first.getByText('Ana Souza')).toBeTruthy();
    expect(first.getByTitle('Tem anexos')).toBeTruthy();
    expect(within(bodyRows()[1]!).getByTitle('Tem conteúdo digital')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Editar AET-2026-000001' }).getAttribute('href')).toBe(
      '/runtime/1/editItem/1/1/1',
    );
    // Hidden by the definition (visible: false): not shown, and asked to be left out of the rows.
    expect(screen.queryByRole('columnheader', { name: 'Observação' })).toBeNull();
    expect(lastQuery()).toMatchObject({
      page: 1,
      rowsPerPage: 50,
      hiddenColumns: ['observacao'],
      filters: [],
    });
    expect(screen.getByRole('columnheader', { name: 'Taxa' }).style.width).toBe('200px');
    expect(screen.getByRole('columnheader', { name: 'Código' }).style.width).toBe('300px');
    expect(screen.getByRole('columnheader', { name: 'Status' }).style.width).toBe('250px');
    const searchBox = screen.getByRole('searchbox', { name: 'Pesquisar na lista' });
    expect((searchBox.closest('.MuiTextField-root') as HTMLElement).style.width).toBe('400px');
    // Alone on the page, the table sits outside any landmark: 'region' belongs to the pages that hold it.
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('numeric filters accept only numbers (integers 0 decimals, currency 2) and ask for matching rows', async () => {
    const { lastQuery } = renderTable();
    await findTable();
    const user = userEvent.setup();
    const eixosFrom = screen.getByRole('textbox', { name: 'Eixos a partir de' });
    await user.type(eixosFrom, 'abc7,5x');
    expect((eixosFrom as HTMLInputElement).value).toBe('75');
    const taxaTo = screen.getByRole('textbox', { name: 'Taxa até' });
    await user.type(taxaTo, 'R$ 1.234,567');
    expect((taxaTo as HTMLInputElement).value).toBe('1.23');
    await waitFor(() =>
      expect(lastQuery().filters).toEqual([
        { field: 'eixos', operator: 'gte', value: 75 },
        { field: 'taxa', operator: 'lte', value: 1.23 },
      ]),
    );
    expect(lastQuery().page).toBe(1);
  });

  it('keeps a date filter only when the date is valid (1753–9999), and filters by choices', async () => {
    const { lastQuery } = renderTable();
    await findTable();
    const from = screen.getByLabelText('Partida a partir de') as HTMLInputElement;
    fireEvent.change(from, { target: { value: '1700-05-01' } });
    expect(await screen.findByText('Data incorreta')).toBeTruthy();
    fireEvent.change(from, { target: { value: '2026-03-05' } });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrar Situação' }), 'Fechada');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrar Carga indivisível' }), 'Sim');
    await waitFor(() =>
      expect(lastQuery().filters).toEqual([
        { field: 'partida', operator: 'gte', value: '2026-03-05T03:00:00.000Z' },
        { field: 'indivisivel', operator: 'eq', value: true },
        { field: 'situacao', operator: 'eq', value: 'fechada' },
      ]),
    );
    expect(screen.queryByText('Data incorreta')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(lastQuery().filters).toEqual([]));
  });

  it('searches the shown text columns', async () => {
    const { lastQuery } = renderTable();
    await findTable();
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Pesquisar na lista' }), 'SP-280');
    await waitFor(() =>
      expect(lastQuery().filters).toEqual([
        {
          logicSeparator: 'OR',
          filters: [
            { field: 'FormattedID', operator: 'contains', value: 'SP-280' },
            { field: 'Title', operator: 'contains', value: 'SP-280' },
          ],
        },
      ]),
    );
  });

  it('hides and shows columns from the column menu', async () => {
    const { lastQuery } = renderTable();
    await findTable();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Colunas' }));
    const menu = await screen.findByRole('menu', { name: 'Mostrar ou ocultar colunas' });
    const taxa = within(menu).getByRole('menuitemcheckbox', { name: 'Taxa' });
    expect(taxa.getAttribute('aria-checked')).toBe('true');
    await user.click(taxa);
    expect(taxa.getAttribute('aria-checked')).toBe('false');
    expect(lastQuery().hiddenColumns).toEqual(['taxa', 'observacao']);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Observação' }));
    expect(lastQuery().hiddenColumns).toEqual(['taxa']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.queryByRole('columnheader', { name: 'Taxa' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Observação' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Colunas' }));
  });

  it("asks for a selection before a bulk update ('Selecione pelo menos um item!'), then updates the selected rows", async () => {
    const onBulkUpdate = vi.fn(async () => {});
    renderTable({ onBulkUpdate });
    await findTable();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Atualizar selecionados' }));
    expect(await screen.findByText('Selecione pelo menos um item!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Selecionar AET-2026-000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar AET-2026-000003' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('2 item(ns) selecionado(s)');
    await user.click(screen.getByRole('button', { name: 'Atualizar selecionados' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atualizar 2 item(ns)' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Campo' }), 'Situação');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Novo valor' }), 'Fechada');
    await user.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(onBulkUpdate).toHaveBeenCalledTimes(1));
    const [rows, column, value] = onBulkUpdate.mock.calls[0] as unknown as [
      { id: number; version: number }[],
      { name: string },
      unknown,
    ];
    expect(rows.map((row) => [row.id, row.version])).toEqual([
      [1, 1],
      [3, 1],
    ]);
    expect(column.name).toBe('situacao');
    expect(value).toBe('fechada');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('selection-count')).toBeNull();
  });

  it('selects every row of the page from the header checkbox', async () => {
    renderTable();
    await findTable();
    await userEvent
      .setup()
      .click(screen.getByRole('checkbox', { name: 'Selecionar todas as linhas da página' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('3 item(ns) selecionado(s)');
  });

  it('downloads the shown rows and columns as CSV', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('Solicitações de AET.csv');
    });
    renderTable();
    await findTable();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Baixar CSV' }));
    expect(clicks).toHaveBeenCalledTimes(1);
    const text = await blobs[0]!.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Código;Título;Status;Responsável;Eixos;Taxa;Partida;Carga indivisível;Situação');
    expect(lines[1]).toBe(
      'AET-2026-000001;Transporte 1;Em análise;Ana Souza;7;R$ 1.234,50;05/03/2026 11:30;Sim;Aberta',
    );
    expect(lines).toHaveLength(5);
    // The BOM is the first character of the file (Excel needs it to read accents).
    expect(new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 3)).toEqual(
      new Uint8Array([0xef, 0xbb, 0xbf]),
    );
  });

  it("shows a capped total as '1.000+' and pages forward while there is a next page", async () => {
    const { lastQuery } = renderTable({ total: 1000, capped: true, hasNextPage: true, rows: ROWS });
    await findTable();
    expect(screen.getByText('1–3 de 1.000+')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(lastQuery().page).toBe(2);
  });

  it('prints only the table: the page is marked while the browser prints', async () => {
    let markedWhilePrinting = false;
    let tableMarked = false;
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      markedWhilePrinting = document.body.hasAttribute('data-printing-table');
      tableMarked = document.querySelector('[data-print-root]') !== null;
    });
    renderTable();
    await findTable();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(markedWhilePrinting).toBe(true);
    expect(tableMarked).toBe(true);
    await waitFor(() => expect(document.body.hasAttribute('data-printing-table')).toBe(false));
  });

  it('shows the empty text', async () => {
    renderTable({ rows: [], total: 0 });
    await findTable();
    expect(screen.getByText('Nenhum registro foi encontrado.')).toBeTruthy();
  });

  it('is usable from the keyboard: sort, edit a cell with Enter, cancel with Escape', async () => {
    const onCellEdit = vi.fn(async () => {});
    const { lastQuery } = renderTable({
      onCellEdit,
      initialSort: { field: 'FormattedID', sortDirection: 'asc' },
    });
    await findTable();
    const user = userEvent.setup();
    expect(screen.getByRole('columnheader', { name: /Código/ }).getAttribute('aria-sort')).toBe('ascending');
    screen.getByRole('button', { name: 'Eixos' }).focus();
    await user.keyboard('{Enter}');
    expect(lastQuery().sort).toEqual({ field: 'eixos', sortDirection: 'asc' });
    await user.keyboard('{Enter}');
    expect(lastQuery().sort).toEqual({ field: 'eixos', sortDirection: 'desc' });

    const editButton = screen.getByRole('button', { name: 'Editar Eixos de AET-2026-000002' });
    editButton.focus();
    await user.keyboard('{Enter}');
    const editor = screen.getByRole('textbox', { name: 'Eixos de AET-2026-000002' });
    expect(document.activeElement).toBe(editor);
    expect((editor as HTMLInputElement).value).toBe('8');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Eixos de AET-2026-000002' })).toBeNull();
    expect(onCellEdit).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Editar Eixos de AET-2026-000002' }),
      ),
    );

    await user.keyboard('{Enter}');
    await user.clear(screen.getByRole('textbox', { name: 'Eixos de AET-2026-000002' }));
    await user.keyboard('9,5{Enter}');
    await waitFor(() => expect(onCellEdit).toHaveBeenCalledTimes(1));
    const [row, column, value] = onCellEdit.mock.calls[0] as unknown as [
      { id: number },
      { name: string },
      unknown,
    ];
    expect([row.id, column.name, value]).toEqual([2, 'eixos', 95]);
  });

  it('edits a currency cell and a picklist cell in the grid', async () => {
    const onCellEdit = vi.fn(async (_row: unknown, _column: unknown, _value: unknown) => {});
    renderTable({ onCellEdit });
    await findTable();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Editar Taxa de AET-2026-000001' }));
    const taxa = screen.getByRole('textbox', { name: 'Taxa de AET-2026-000001' });
    expect((taxa as HTMLInputElement).value).toBe('1234,5');
    await user.clear(taxa);
    await user.type(taxa, '99,999{Enter}');
    await waitFor(() => expect(onCellEdit).toHaveBeenCalledTimes(1));
    expect(onCellEdit.mock.calls[0]![2]).toBe(99.99);
    await user.click(screen.getByRole('button', { name: 'Editar Situação de AET-2026-000001' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Situação de AET-2026-000001' }),
      'Fechada',
    );
    await waitFor(() => expect(onCellEdit).toHaveBeenCalledTimes(2));
    expect(onCellEdit.mock.calls[1]![2]).toBe('fechada');
  });

  it('answers in English', async () => {
    renderTable({ rows: [], total: 0 }, 'en');
    await findTable();
    expect(screen.getByText('No records were found.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update selected' }));
    expect(await screen.findByText('Select at least one item!')).toBeTruthy();
  });

  it('shows the progress of an import and disables export and import while it runs', async () => {
    let finish: () => void = () => {};
    const onImport = vi.fn(
      (_file: File, onProgress: (fraction: number) => void) =>
        new Promise<void>((resolve) => {
          onProgress(0.4);
          finish = resolve;
        }),
    );
    renderTable({ onImport, onExport: vi.fn(async () => {}) });
    await findTable();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['x'], 'aet.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByRole('progressbar', { name: 'Importando… 40%' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Exportar para Excel' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: /Importando/ })).toBeNull());
    expect(onImport.mock.calls[0]![0].name).toBe('aet.xlsx');
  });
});
