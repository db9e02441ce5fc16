import { restoreNeutralized } from './excel-cells.ts';

/** A cell as the import reads it: ExcelJS rich texts, links and formulas reduced to what the cell shows. */
export type RawCell = string | number | boolean | Date | null;

export function rawCell(value: unknown): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : restoreNeutralized(value.trim());
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    const cell = value as {
      richText?: Array<{ text: string }>;
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (cell.richText) return rawCell(cell.richText.map((part) => part.text).join(''));
    // A formula's last computed result is what the person saw in the cell.
    if ('result' in cell) return rawCell(cell.result);
    if ('text' in cell) return rawCell(cell.text);
  }
  return null;
}
