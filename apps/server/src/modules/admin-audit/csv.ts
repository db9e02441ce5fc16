/** Byte order mark: Excel opens a UTF-8 CSV as UTF-8 only when it starts with one. */
export const CSV_BOM = '\uFEFF';
/** Brazilian Excel reads `;` as the separator (`,` is the decimal mark). */
export const CSV_SEPARATOR = ';';

// Cells Excel or LibreOffice would read as a formula (CSV/formula injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-looking text gets a leading `'`, then quoted when it holds a separator, quote or break. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  if (/[";\r\n]/.test(text)) text = `"${text.replaceAll('"', '""')}"`;
  return text;
}

export function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}
