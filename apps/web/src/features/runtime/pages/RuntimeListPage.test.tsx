import type { ExecuteFilterBody, ListRow } from '@der/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, type FakeRequest, json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';
import { buildControlData, buildFilterResult, buildListRow } from '../testing/listFixtures.ts';

const LIST_PATH = `/runtime/1/list/1/2/1/0/${encodeURIComponent('Minhas solicitações')}`;

function filterBodies(api: { find: (method: string, path: string) => FakeRequest[] }) {
  return api.find('POST', '/genericItem/executeFilter').map((request) => request.body as ExecuteFilterBody);
}

/** executeFilter answering the page rows, or one row when asked for an ID (the reload after an edit). */
function executeFilter(pages: ListRow[][], reloaded?: (id: number) => ListRow) {
  return (request: FakeRequest) => {
    const body = request.body as ExecuteFilterBody;
    const conditions = (body.filters ?? []) as { field?: string; value?: unknown }[];
    const byId = conditions.find((node) => node.field === 'ID');
    if (byId && reloaded) return json(buildFilterResult([reloaded(byId.value as number)]));
    const page = body.after ? 2 : (body.page ?? 1);
    return json(
      buildFilterResult(pages[page - 1] ?? [], {
        total: 1000,
        capped: true,
        nextCursor: page < pages.length ? `cursor-${page + 1}` : null,
      }),
    );
  };
}

async function findTable() {
  return screen.findByRole('table', { name: 'Minhas solicitações' }, { timeout: 15_000 });
}

function row(id: number) {
  return document.querySelector(`tr[data-row-id="${id}"]`) as HTMLElement;
}

describe('runtime list page (/runtime/{appID}/list/{componentID}/{form}/{query}/{view}/{title})', () => {
  it('loads the columns and the first page, shows formatted rows in the shell and is axe-clean', async () => {
    const api = setupShellApi({
      routes: {
        'GET /genericItem/getListControlData': () => json(buildControlData()),
        'POST /genericItem/executeFilter': executeFilter([[buildListRow(1), buildListRow(2)]]),
      },
    });
    renderApp({ path: LIST_PATH });
    expect(await screen.findByRole('heading', { name: 'Minhas solicitações', level: 1 })).toBeTruthy();
    await findTable();
    await waitFor(() => expect(row(1)).toBeTruthy());
    expect(api.find('GET', '/genericItem/getListControlData')[0]!.query.get('componentID')).toBe('1');
    const [body] = filterBodies(api);
    expect(body).toMatchObject({
      componentID: 1,
      projectId: null,
      queryId: 1,
      page: 1,
      rowsPerPage: 50,
      filters: [],
      logicSeparator: 'AND',
      sort: { field: 'FormattedID', sortDirection: 'desc' },
      hidedColumns: ['CreationDate'],
    });
    // View 0 is no view: nothing is sent for it.
    expect(body!.viewId).toBeUndefined();
    const first = within(row(1));
    expect(first.getByText('R$ 1.500,00')).toBeTruthy();
    expect(first.getByText('05/03/2026')).toBeTruthy();
    expect(first.getByText('Aberta')).toBeTruthy();
    expect(first.getByText('Em análise')).toBeTruthy();
    expect(first.getByText('Bruno Lima')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Editar AET-2026-000001' }).getAttribute('href')).toBe(
      '/runtime/1/editItem/1/1/2',
    );
    expect(screen.getByRole('link', { name: 'Novo' }).getAttribute('href')).toBe(
      '/runtime/1/insertItem/1/0/2',
    );
    expect(screen.getByText('1–2 de 1.000+')).toBeTruthy();
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: false } },
    });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('goes to the next page by the cursor of the previous one', async () => {
    const api = setupShellApi({
      routes: {
        'GET /genericItem/getListControlData': () => json(buildControlData()),
        'POST /genericItem/executeFilter': executeFilter([[buildListRow(1)], [buildListRow(2)]]),
      },
    });
    renderApp({ path: LIST_PATH });
    await findTable();
    await waitFor(() => expect(row(1)).toBeTruthy());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(row(2)).toBeTruthy());
    expect(filterBodies(api).at(-1)).toMatchObject({ page: 2, after: 'cursor-2' });
  });

  it('saves an in-grid edit at the row version and reloads the row', async () => {
    const api = setupShellApi({
      routes: {
        'GET /genericItem/getListControlData': () => json(buildControlData()),
        'POST /genericItem/executeFilter': executeFilter([[buildListRow(1)]], (id) =>
          buildListRow(id, { Version: 4, values: { eixos: 9, taxa: 1500, situacao: 'aberta' } }),
        ),
        'POST /genericItem/updateItemField': () =>
          json({ id: 1, formattedId: 'AET-2026-000001', version: 4, modifiedAt: '2026-03-06T10:00:00.000Z' }),
      },
    });
    renderApp({ path: LIST_PATH });
    await findTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar Eixos de AET-2026-000001' }));
    const editor = screen.getByRole('textbox', { name: 'Eixos de AET-2026-000001' });
    await user.clear(editor);
    await user.type(editor, '9{Enter}');
    expect(await screen.findByText('Item AET-2026-000001 atualizado.')).toBeTruthy();
    expect(api.find('POST', '/genericItem/updateItemField')[0]!.body).toEqual({
      itemId: 1,
      componentId: 1,
      field: 'eixos',
      value: 9,
      version: 3,
    });
    await waitFor(() => expect(within(row(1)).getByText('9')).toBeTruthy());
    expect(filterBodies(api).at(-1)).toMatchObject({ filters: [{ field: 'ID', operator: 'eq', value: 1 }] });
  });

  it('shows a 409 conflict and reloads the row with the values saved meanwhile', async () => {
    setupShellApi({
      routes: {
        'GET /genericItem/getListControlData': () => json(buildControlData()),
        'POST /genericItem/executeFilter': executeFilter([[buildListRow(1)]], (id) =>
          buildListRow(id, { Version: 5, values: { eixos: 12, taxa: 1500, situacao: 'aberta' } }),
        ),
        'POST /genericItem/updateItemField': () =>
          json(
            {
              Message: 'O item foi alterado por Carla em 06/03/2026 10:00 enquanto você o editava.',
              code: 'ITEM_VERSION_CONFLICT',
              requestId: 't',
            },
            409,
          ),
      },
    });
    renderApp({ path: LIST_PATH });
    await findTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar Eixos de AET-2026-000001' }));
    await user.type(screen.getByRole('textbox', { name: 'Eixos de AET-2026-000001' }), '0{Enter}');
    expect(await screen.findByText(/O item foi alterado por Carla/)).toBeTruthy();
    expect(await screen.findByText('A linha foi recarregada com os valores atuais.')).toBeTruthy();
    await waitFor(() => expect(within(row(1)).getByText('12')).toBeTruthy());
  });

  it('bulk-updates the selected rows in one call and reloads the page', async () => {
    const api = setupShellApi({
      routes: {
        'GET /genericItem/getListControlData': () => json(buildControlData()),
        'POST /genericItem/executeFilter': executeFilter([
          [buildListRow(1), buildListRow(2), buildListRow(3)],
        ]),
        'POST /genericItem/bulkUpdateItems': () => json({ items: [] }),
      },
    });
    renderApp({ path: LIST_PATH });
    await findTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Selecionar AET-2026-000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar AET-2026-000003' }));
    await user.click(screen.getByRole('button', { name: 'Atualizar selecionados' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Campo' }), 'Taxa');
    await user.type(within(dialog).getByRole('textbox', { name: 'Novo valor' }), '250,5');
    const before = filterBodies(api).length;
    await user.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('2 item(ns) atualizado(s).')).toBeTruthy();
    expect(api.find('POST', '/genericItem/bulkUpdateItems')[0]!.body).toEqual({
      component: 1,
      items: [
        { id: 1, version: 3, changes: { taxa: 250.5 } },
        { id: 3, version: 3, changes: { taxa: 250.5 } },
      ],
    });
    await waitFor(() => expect(filterBodies(api).length).toBeGreaterThan(before));
  });

  it("offers bulk update, selection and import only when the list's metadata says the viewer may run them", async () => {
    setupShellApi({
      routes: {
        'GET /genericItem/getListControlData': () =>
          json(buildControlData({ canBulkUpdate: false, canImport: false })),
        'POST /genericItem/executeFilter': executeFilter([[buildListRow(1)]]),
      },
    });
    renderApp({ path: LIST_PATH });
    await findTable();
    await waitFor(() => expect(row(1)).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Exportar para Excel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Atualizar selecionados' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Importar do Excel' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Exportar tudo/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Selecionar AET-2026-000001' })).toBeNull();
  });

  it('exports the filtered list as .xlsx', async () => {
    const api = setupShellApi({
      routes: {
        'GET /genericItem/getListControlData': () => json(buildControlData()),
        'POST /genericItem/executeFilter': executeFilter([[buildListRow(1)]]),
        'POST /genericItem/exportExcel': () =>
          new Response(new Blob(['xlsx']), {
            status: 200,
            headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
          }),
      },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:xlsx');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp({ path: LIST_PATH });
    await findTable();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Eixos a partir de' }), '6');
    await waitFor(() => expect(filterBodies(api).at(-1)!.filters).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Exportar para Excel' }));
    await waitFor(() => expect(names).toEqual(['Minhas solicitações.xlsx']));
    expect(api.find('POST', '/genericItem/exportExcel')[0]!.body).toMatchObject({
      componentID: 1,
      filters: [{ field: 'eixos', operator: 'gte', value: 6 }],
      hidedColumns: ['CreationDate'],
    });
    vi.restoreAllMocks();
  });

  it('exports every field of the whole list, not the filtered columns, as a sheet to import again', async () => {
    const api = setupShellApi({
      routes: {
        'GET /genericItem/getListControlData': () => json(buildControlData()),
        'POST /genericItem/executeFilter': executeFilter([[buildListRow(1)]]),
        'POST /genericItem/exportFullListToExcel': () =>
          new Response(new Blob(['xlsx']), {
            status: 200,
            headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
          }),
      },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:xlsx');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp({ path: LIST_PATH });
    await findTable();
    await userEvent.setup().click(
      screen.getByRole('button', {
        name: 'Exportar tudo para Excel: todos os campos, para importar de novo',
      }),
    );
    await waitFor(() => expect(names).toEqual(['Minhas solicitações.xlsx']));
    expect(api.find('POST', '/genericItem/exportFullListToExcel')[0]!.body).toEqual({
      componentID: 1,
      projectId: null,
    });
    expect(api.find('POST', '/genericItem/exportExcel')).toEqual([]);
    vi.restoreAllMocks();
  });

  it('shows the error of a list that cannot be loaded', async () => {
    setupShellApi({
      routes: { 'GET /genericItem/getListControlData': () => apiError(404, 'Registro não encontrado.') },
    });
    renderApp({ path: LIST_PATH });
    expect(await screen.findByText('Registro não encontrado.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
