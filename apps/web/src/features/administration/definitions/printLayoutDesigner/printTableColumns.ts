import type { PrintField, PrintLayout } from '@der/contracts';
import { type FieldRef, updatePageField } from './printLayoutDesign.ts';

export type TableField = Extract<PrintField, { type: 'table' }>;
export type TableColumn = TableField['columns'][number];

/** The contract's limit of columns in one table. */
export const MAX_TABLE_COLUMNS = 20;

const round2 = (value: number) => Math.round(value * 100) / 100;

export function columnWidthTotal(columns: readonly TableColumn[]): number {
  return round2(columns.reduce((sum, column) => sum + column.width, 0));
}

/** The columns' shares scaled to add up to `total` (two decimals: within the contract's half-percent tolerance). */
function scaledTo(columns: TableColumn[], total: number): TableColumn[] {
  const current = columns.reduce((sum, column) => sum + column.width, 0);
  if (current <= 0) return columns.map((column) => ({ ...column, width: round2(total / columns.length) }));
  return columns.map((column) => ({
    ...column,
    width: Math.max(0.01, round2((column.width * total) / current)),
  }));
}

function updateTable(
  layout: PrintLayout,
  ref: FieldRef,
  update: (table: TableField) => TableField,
): PrintLayout {
  if (ref.area !== 'page') return layout;
  return updatePageField(layout, ref, (field) => (field.type === 'table' ? update(field) : field));
}

/** A column added at the end with an equal share; the others shrink in proportion so the shares still add up. */
export function addColumn(
  layout: PrintLayout,
  ref: FieldRef,
  column: Omit<TableColumn, 'width'>,
): PrintLayout {
  return updateTable(layout, ref, (table) => {
    if (table.columns.length >= MAX_TABLE_COLUMNS) return table;
    const total = columnWidthTotal(table.columns);
    const share = round2(total / (table.columns.length + 1));
    return { ...table, columns: [...scaledTo(table.columns, total - share), { ...column, width: share }] };
  });
}

/** A column removed, its share given to the others in proportion; a table keeps at least one column. */
export function removeColumn(layout: PrintLayout, ref: FieldRef, index: number): PrintLayout {
  return updateTable(layout, ref, (table) => {
    if (table.columns.length <= 1) return table;
    const total = columnWidthTotal(table.columns);
    return {
      ...table,
      columns: scaledTo(
        table.columns.filter((_, current) => current !== index),
        total,
      ),
    };
  });
}

export function updateColumn(
  layout: PrintLayout,
  ref: FieldRef,
  index: number,
  change: Partial<TableColumn>,
): PrintLayout {
  return updateTable(layout, ref, (table) => ({
    ...table,
    columns: table.columns.map((column, current) => (current === index ? { ...column, ...change } : column)),
  }));
}
