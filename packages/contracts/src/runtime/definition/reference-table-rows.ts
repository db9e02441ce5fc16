import type { ValidationMessageKey } from '../../common/validation-messages.ts';
import type { ReferenceCell, ReferenceTable, ReferenceTableColumn } from './reference-table.ts';

/** Longest text a reference table's cell holds (the schema's own cap). */
export const REFERENCE_CELL_MAX_LENGTH = 2_000;
/** Most rows a reference table holds (the schema's own cap). */
export const REFERENCE_TABLE_MAX_ROWS = 5_000;

/**
 * A bad cell of edited rows: `row` counts from 1 as the administrator's grid shows it, `column` is the column's
 * key (its label goes into the message), `message` a validation message key (validation-messages.ts).
 */
export interface ReferenceCellIssue {
  row: number;
  column: string;
  message: ValidationMessageKey;
  params: Record<string, string | number>;
}

function cellProblem(column: ReferenceTableColumn, cell: unknown): ValidationMessageKey | null {
  if (cell === null) return null;
  switch (column.type) {
    case 'number':
      return typeof cell === 'number' && Number.isFinite(cell) ? null : 'referenceCellNumber';
    case 'boolean':
      return typeof cell === 'boolean' ? null : 'referenceCellBoolean';
    case 'date':
      return typeof cell === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(cell) &&
        !Number.isNaN(Date.parse(`${cell}T00:00:00Z`))
        ? null
        : 'referenceCellDate';
    case 'string':
      return typeof cell === 'string' && cell.length <= REFERENCE_CELL_MAX_LENGTH
        ? null
        : 'referenceCellText';
  }
}

/**
 * Every bad cell of rows edited for `table` (a number column holding text, an unknown column…), each naming
 * its row and column: what the administrator's grid shows as they type and what the server refuses (400)
 * before it versions the definition. The schema checks the same shapes; this says it in the user's words.
 */
export function referenceRowIssues(
  table: Pick<ReferenceTable, 'columns'>,
  rows: ReadonlyArray<Record<string, unknown>>,
  label: (column: ReferenceTableColumn) => string,
): ReferenceCellIssue[] {
  const columns = new Map(table.columns.map((column) => [column.key, column]));
  const issues: ReferenceCellIssue[] = [];
  if (rows.length > REFERENCE_TABLE_MAX_ROWS)
    issues.push({
      row: 0,
      column: '',
      message: 'referenceTooManyRows',
      params: { maximum: REFERENCE_TABLE_MAX_ROWS },
    });
  rows.forEach((row, index) => {
    for (const [key, cell] of Object.entries(row)) {
      const column = columns.get(key);
      if (!column) {
        issues.push({
          row: index + 1,
          column: key,
          message: 'referenceUnknownColumn',
          params: { row: index + 1, column: key },
        });
        continue;
      }
      const problem = cellProblem(column, cell);
      if (problem)
        issues.push({
          row: index + 1,
          column: key,
          message: problem,
          params: { row: index + 1, column: label(column), maximum: REFERENCE_CELL_MAX_LENGTH },
        });
    }
  });
  return issues;
}

/** Rows with every column present (null where empty), in the columns' order: what is saved. */
export function completeReferenceRows(
  table: Pick<ReferenceTable, 'columns'>,
  rows: ReadonlyArray<Record<string, unknown>>,
): Array<Record<string, ReferenceCell>> {
  return rows.map((row) =>
    Object.fromEntries(
      table.columns.map((column) => [column.key, (row[column.key] ?? null) as ReferenceCell]),
    ),
  );
}
