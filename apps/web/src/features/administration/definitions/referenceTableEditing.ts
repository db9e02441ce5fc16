import type { ReferenceCell, ReferenceTable, ReferenceTableColumn } from '@der/contracts';
import { ApiError } from '../../../api/ApiError.ts';

/** A row of the grid: what the administrator typed per column (numbers as typed, '1,5'), and a stable id. */
export interface GridRow {
  id: number;
  cells: Record<string, string | boolean>;
}

let nextRowId = 1;

/** The reference tables of an exported definition document. */
export function tablesOf(document: unknown): ReferenceTable[] {
  const tables = (document as { referenceTables?: ReferenceTable[] } | undefined)?.referenceTables;
  return Array.isArray(tables) ? tables : [];
}

/** A stored cell as the grid edits it: numbers in the user's notation, dates as YYYY-MM-DD, '' for empty. */
function cellText(
  column: ReferenceTableColumn,
  cell: ReferenceCell | undefined,
  language: string,
): string | boolean {
  if (column.type === 'boolean') return cell === true;
  if (cell === null || cell === undefined) return '';
  if (column.type === 'number' && typeof cell === 'number')
    return language === 'en' ? String(cell) : String(cell).replace('.', ',');
  return String(cell);
}

export function toGridRows(table: ReferenceTable, language: string): GridRow[] {
  return table.rows.map((row) => ({
    id: nextRowId++,
    cells: Object.fromEntries(
      table.columns.map((column) => [column.key, cellText(column, row[column.key], language)]),
    ),
  }));
}

export function emptyGridRow(table: ReferenceTable): GridRow {
  return {
    id: nextRowId++,
    cells: Object.fromEntries(
      table.columns.map((column) => [column.key, column.type === 'boolean' ? false : '']),
    ),
  };
}

/**
 * A typed number in pt-BR ('1.234,5') or en ('1,234.5') notation; text that is no number is sent as typed, so
 * the server names the cell ('informe um número') rather than the grid guessing.
 */
function numberOf(text: string, language: string): number | string {
  const normalized = language === 'en' ? text.replace(/,/g, '') : text.replace(/\./g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalized.trim()) ? Number(normalized) : text;
}

/** The grid's rows as the server takes them: typed cells, empty ones null. */
export function toRequestRows(
  table: ReferenceTable,
  rows: readonly GridRow[],
  language: string,
): Array<Record<string, unknown>> {
  return rows.map((row) =>
    Object.fromEntries(
      table.columns.map((column) => {
        const value = row.cells[column.key];
        if (column.type === 'boolean') return [column.key, value === true];
        if (typeof value !== 'string' || value.trim() === '') return [column.key, null];
        return [column.key, column.type === 'number' ? numberOf(value, language) : value];
      }),
    ),
  );
}

/** The server's refusal of the rows (400): its messages by cell, `rows.<index>.<column>`. */
export function cellErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const details = (error.body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return {};
  return Object.fromEntries(
    details.flatMap((detail: { field?: unknown; message?: unknown }) =>
      typeof detail.field === 'string' && typeof detail.message === 'string'
        ? [[detail.field, detail.message]]
        : [],
    ),
  );
}
