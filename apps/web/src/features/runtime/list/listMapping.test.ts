import { describe, expect, it } from 'vitest';
import { buildControlData, buildListRow } from '../testing/listFixtures.ts';
import { applyListView } from './applyListView.ts';
import { listQueryBody } from './listRequest.ts';
import { toDataTableRow } from './toDataTableRow.ts';

describe('list rows for the shared data table', () => {
  it('maps system fields, statuses, users with avatars and the row markers', () => {
    const control = buildControlData();
    const row = toDataTableRow(
      buildListRow(5, { HasAttachment: true, StatusColor: '#123456', Version: 7 }),
      control.columns,
      { '8': { id: 8, name: 'Bruno Lima', avatar: 'data:image/png;base64,x' } },
    );
    expect(row).toMatchObject({
      id: 5,
      version: 7,
      label: 'AET-2026-000005',
      hasAttachment: true,
      hasDigitalContent: false,
      statusColor: '#123456',
      position: 5,
    });
    expect(row.values).toMatchObject({ FormattedID: 'AET-2026-000005', StatusName: 'analise', eixos: 6 });
    expect(row.display.StatusName).toEqual([{ id: 'analise', text: 'Em análise', color: '#123456' }]);
    expect(row.display.ResponsibleName).toEqual([
      { id: 8, text: 'Bruno Lima', color: null, avatar: 'data:image/png;base64,x' },
    ]);
    expect(row.values.CreationDate).toBe('2026-03-01T12:00:00.000Z');
  });

  it("orders and shows a route's view, hiding the other columns", () => {
    const control = buildControlData({
      views: [{ id: 3, name: 'Resumo', columns: ['taxa', 'FormattedID'] }],
    });
    const columns = applyListView(control, 3);
    expect(columns.slice(0, 2).map((column) => [column.name, column.visible])).toEqual([
      ['taxa', true],
      ['FormattedID', true],
    ]);
    expect(columns.slice(2).every((column) => !column.visible)).toBe(true);
    expect(applyListView(control, 9)).toBe(control.columns);
  });

  it('sends only the saved queries and views the definition has, and the shown columns', () => {
    const control = buildControlData();
    const body = listQueryBody({ componentId: 1, projectId: 7, queryId: 1, viewId: 4 }, control, {
      page: 1,
      rowsPerPage: 50,
      sort: null,
      filters: [],
      hiddenColumns: ['taxa', 'CreationDate'],
    });
    expect(body).toMatchObject({
      componentID: 1,
      projectId: 7,
      queryId: 1,
      viewId: undefined,
      sort: undefined,
    });
    expect(body.viewColumns).toEqual([
      'FormattedID',
      'Title',
      'eixos',
      'partida',
      'situacao',
      'StatusName',
      'ResponsibleName',
    ]);
  });
});
