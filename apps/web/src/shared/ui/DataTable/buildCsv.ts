import { storageKindOf } from '@der/contracts';
import { formatCellText } from '../../format/formatCellText.ts';
import type { FormatContext } from '../../format/formatContext.ts';
import type { DataTableColumn, DataTableRow } from './dataTableTypes.ts';

/** Spec §2.9 CSV download: a UTF-8 byte-order mark (so Excel reads accents) and ';' between fields. */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection); text cells get a
// leading apostrophe, which spreadsheets show as plain text.
const FORMULA_START = /^[=+\-@\t\r]/;

function quote(text: string): string {
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function neutralize(column: DataTableColumn, text: string): string {
  const isNumber = storageKindOf({ type: column.type, multiple: false }) === 'number';
  return !isNumber && FORMULA_START.test(text) ? `'${text}` : text;
}

/** The rows as CSV: a header line with the columns' headers, then one line per row of formatted values. */
export function buildCsv(
  columns: readonly DataTableColumn[],
  rows: readonly DataTableRow[],
  context: FormatContext,
): string {
  const lines = [columns.map((column) => quote(neutralize(column, column.header))).join(CSV_SEPARATOR)];
  for (const row of rows) {
    lines.push(
      columns
        .map((column) =>
          quote(
            neutralize(
              column,
              formatCellText(column, row.values[column.name], row.display[column.name], context),
            ),
          ),
        )
        .join(CSV_SEPARATOR),
    );
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
