import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError, isAppError } from '../../infra/http/app-error.ts';
import { FastSheetUnsupported } from './fast-sheet-unsupported.ts';
import { type ImportLimits, importLimitExceeded } from './import-limits.ts';
import { type FastSheetRow, openFirstSheetFast } from './import-sheet-reader.ts';
import { type RawCell, rawCell } from './raw-cell.ts';

/** A worksheet row: its number in the sheet (1 is the header) and its cells from column A. */
export interface SheetRow {
  number: number;
  cells: RawCell[];
}

/** The first worksheet's rows, a slice at a time: `next(max)` answers up to `max` rows, none at the end. */
export interface SheetSource {
  next(max: number): Promise<SheetRow[]>;
}

/**
 * ExcelJS row values are 1-based: index 0 is always empty. Both readers' rows pass here, so the limits on
 * columns and on a cell's length hold whichever read the file (the archive guard bounded the bytes already).
 */
function sheetRow(number: number, values: unknown[], limits: ImportLimits): SheetRow {
  if (values.length - 1 > limits.maxColumns) throw importLimitExceeded('columns', limits);
  const cells = values.slice(1).map(rawCell);
  for (const cell of cells) {
    if (typeof cell === 'string' && cell.length > limits.maxCellChars)
      throw importLimitExceeded('cellLength', limits);
  }
  return { number, cells };
}

/** What reading the file threw, as the import answers it: a file that is not a readable workbook is a 415. */
function asReadError(error: unknown): unknown {
  if (isAppError(error) || error instanceof FastSheetUnsupported) return error;
  // Not a readable workbook (a ZIP of something else, a damaged file).
  return new AppError('UNSUPPORTED_MEDIA_TYPE', undefined, { cause: error });
}

/**
 * The fast reader's rows (import-sheet-reader.ts), or null when it leaves the file to ExcelJS from the start.
 * `next` may still throw a FastSheetUnsupported: whatever was done with earlier rows must then be undone and
 * the file read again with excelJsSheetSource.
 */
export function fastSheetSource(content: Buffer, limits: ImportLimits): SheetSource | null {
  let reader: ReturnType<typeof openFirstSheetFast>;
  try {
    reader = openFirstSheetFast(content);
  } catch (error) {
    throw asReadError(error);
  }
  if (!reader) return null;
  const rows = reader;
  return {
    async next(max) {
      try {
        return rows.next(max).map((row) => sheetRow(row.number, row.values, limits));
      } catch (error) {
        throw asReadError(error);
      }
    },
  };
}

/** The first worksheet's rows as ExcelJS's streaming reader gives them (number and 1-based `row.values`). */
export async function* excelJsFirstSheetRows(content: Buffer): AsyncGenerator<FastSheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Date cells are numbers with a date format: styles tell them apart.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet) yield { number: row.number, values: row.values as unknown[] };
    break;
  }
}

/** ExcelJS's streaming reader over the first worksheet (formulas, styles, 1904 dates …). */
export function excelJsSheetSource(content: Buffer, limits: ImportLimits): SheetSource {
  const rows = excelJsFirstSheetRows(content);
  return {
    async next(max) {
      const slice: SheetRow[] = [];
      try {
        while (slice.length < max) {
          const next = await rows.next();
          if (next.done) break;
          slice.push(sheetRow(next.value.number, next.value.values, limits));
        }
      } catch (error) {
        throw asReadError(error);
      }
      return slice;
    },
  };
}
