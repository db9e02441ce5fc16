import { type ColumnDefinition, columnDecimals, defaultColumnWidth } from '@der/contracts';
import type { DataTableRow } from '../dataTableTypes.ts';

export function buildColumn(
  overrides: Partial<ColumnDefinition> & Pick<ColumnDefinition, 'name' | 'type'>,
): ColumnDefinition {
  return {
    header: overrides.name,
    system: false,
    visible: true,
    sortable: true,
    filterable: true,
    items: [],
    filterAsList: false,
    isFileIndex: false,
    interval: overrides.type === 'DATE_TIME' ? 15 : null,
    dateTimeFormatType: overrides.type === 'DATE_TIME' ? 1 : null,
    dateTimeFormat: null,
    decimals: columnDecimals(overrides.type),
    editInGrid: false,
    columnWidth: defaultColumnWidth(overrides.type, overrides.dateTimeFormatType ?? null),
    givenName: null,
    ...overrides,
  };
}

export const SITUATION_ITEMS = [
  { value: 'aberta', text: 'Aberta', color: '#2E7D32', image: null, isFontAwesome: false },
  { value: 'fechada', text: 'Fechada', color: '#C62828', image: null, isFontAwesome: false },
];

/** The columns of an AET-like list: one of each kind the table draws differently. */
export const COLUMNS: ColumnDefinition[] = [
  buildColumn({ name: 'FormattedID', type: 'STRING', header: 'Código', system: true }),
  buildColumn({ name: 'Title', type: 'STRING', header: 'Título', system: true }),
  buildColumn({ name: 'StatusName', type: 'ITEM_TYPE_STATUS', header: 'Status', system: true, items: [] }),
  buildColumn({ name: 'ResponsibleName', type: 'USERS', header: 'Responsável', system: true }),
  buildColumn({ name: 'eixos', type: 'INTEGER', header: 'Eixos', editInGrid: true }),
  buildColumn({ name: 'taxa', type: 'CURRENCY', header: 'Taxa', editInGrid: true }),
  buildColumn({ name: 'partida', type: 'DATE_TIME', header: 'Partida', dateTimeFormatType: 0 }),
  buildColumn({ name: 'indivisivel', type: 'BOOLEAN', header: 'Carga indivisível', editInGrid: true }),
  buildColumn({
    name: 'situacao',
    type: 'PICKLIST',
    header: 'Situação',
    items: SITUATION_ITEMS,
    editInGrid: true,
  }),
  buildColumn({ name: 'observacao', type: 'STRING', header: 'Observação', visible: false }),
];

export function buildRow(id: number, overrides: Partial<DataTableRow> = {}): DataTableRow {
  const formattedId = `AET-2026-${String(id).padStart(6, '0')}`;
  return {
    id,
    version: 1,
    label: formattedId,
    values: {
      FormattedID: formattedId,
      Title: `Transporte ${id}`,
      StatusName: 'analise',
      ResponsibleName: 'Ana Souza',
      eixos: 6 + id,
      taxa: 1234.5 * id,
      partida: '2026-03-05T14:30:00.000Z',
      indivisivel: id % 2 === 1,
      situacao: id % 2 === 1 ? 'aberta' : 'fechada',
      observacao: '',
    },
    display: {
      StatusName: [{ id: 'analise', text: 'Em análise', color: '#1565C0' }],
      ResponsibleName: [{ id: 7, text: 'Ana Souza', color: null, avatar: '' }],
    },
    hasAttachment: id === 1,
    hasDigitalContent: id === 2,
    statusColor: '#1565C0',
    position: id,
    ...overrides,
  };
}
