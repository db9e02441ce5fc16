import type { ExecuteFilterResult, ListControlData, ListRow } from '@der/contracts';
import { buildColumn, SITUATION_ITEMS } from '../../../shared/ui/DataTable/testing/dataTableFixtures.ts';

export const STATUS_ITEMS = [
  { value: 'rascunho', text: 'Rascunho', color: '#757575', image: null, isFontAwesome: false },
  { value: 'analise', text: 'Em análise', color: '#1565C0', image: null, isFontAwesome: false },
];

/** getListControlData of an AET request list (component 1). */
export function buildControlData(overrides: Partial<ListControlData> = {}): ListControlData {
  return {
    component: {
      id: 1,
      name: 'solicitacaoAet',
      label: 'Solicitação de AET',
      pluralLabel: 'Solicitações de AET',
      isProject: false,
      applicationId: 1,
    },
    projectId: null,
    projectTitle: null,
    columns: [
      buildColumn({ name: 'FormattedID', type: 'STRING', header: 'Código', system: true }),
      buildColumn({ name: 'Title', type: 'STRING', header: 'Título', system: true }),
      buildColumn({ name: 'eixos', type: 'INTEGER', header: 'Eixos', editInGrid: true }),
      buildColumn({ name: 'taxa', type: 'CURRENCY', header: 'Taxa', editInGrid: true }),
      buildColumn({ name: 'partida', type: 'DATE_TIME', header: 'Partida' }),
      buildColumn({
        name: 'situacao',
        type: 'PICKLIST',
        header: 'Situação',
        items: SITUATION_ITEMS,
        editInGrid: true,
      }),
      buildColumn({
        name: 'StatusName',
        type: 'ITEM_TYPE_STATUS',
        header: 'Status',
        system: true,
        items: STATUS_ITEMS,
      }),
      buildColumn({ name: 'ResponsibleName', type: 'USERS', header: 'Responsável', system: true }),
      buildColumn({
        name: 'CreationDate',
        type: 'DATE_TIME',
        header: 'Data de criação',
        system: true,
        visible: false,
      }),
    ],
    queries: [{ id: 1, name: 'Minhas solicitações' }],
    views: [],
    defaultSort: { field: 'FormattedID', sortDirection: 'desc' },
    maxRowsPerPage: 500,
    defaultFormId: null,
    countCap: 1000,
    canBulkUpdate: true,
    canImport: true,
    ...overrides,
  };
}

export function buildListRow(id: number, overrides: Partial<ListRow> = {}): ListRow {
  return {
    ID: id,
    FormattedID: `AET-2026-${String(id).padStart(6, '0')}`,
    Title: `Transporte ${id}`,
    Parent: null,
    ProjectID: null,
    ProjectName: null,
    ProjectManager: null,
    CreationDate: '2026-03-01T12:00:00.000Z',
    LastModify: '2026-03-02T12:00:00.000Z',
    CreatorName: 'Ana Souza',
    ModifierName: 'Ana Souza',
    ResponsibleName: 'Bruno Lima',
    ResponsibleID: 8,
    Status: 'analise',
    StatusName: 'Em análise',
    StatusColor: '#1565C0',
    Version: 3,
    Reason: null,
    Position: id,
    HasAttachment: false,
    HasDigitalContent: false,
    values: { eixos: 6, taxa: 1500, partida: '2026-03-05T14:30:00.000Z', situacao: 'aberta' },
    display: { situacao: [{ id: 'aberta', text: 'Aberta', color: '#2E7D32' }] },
    ...overrides,
  };
}

export function buildFilterResult(
  rows: ListRow[],
  overrides: Partial<ExecuteFilterResult> = {},
): ExecuteFilterResult {
  return {
    rows,
    total: rows.length,
    capped: false,
    page: 1,
    rowsPerPage: 50,
    nextCursor: null,
    users: { '8': { id: 8, name: 'Bruno Lima', avatar: '' } },
    ...overrides,
  };
}
