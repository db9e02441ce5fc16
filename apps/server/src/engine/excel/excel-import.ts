import { Readable } from 'node:stream';
import {
  formatValidationMessage,
  IMPORT_MAX_LISTED_ERRORS,
  IMPORT_MAX_ROWS,
  type ImportError,
  type ImportExcelResult,
} from '@der/contracts';
import ExcelJS from 'exceljs';
import type { Db } from '../../infra/db/database.ts';
import { AppError, isAppError } from '../../infra/http/app-error.ts';
import { type CreateItemInput, createItems, type ItemActor } from '../items/create-items.ts';
import { projectAccess } from '../projects/item-access.ts';
import type { ListComponent } from '../query/list-component.ts';
import { type ImportColumn, mapHeaders } from './import-columns.ts';
import { buildErrorReport } from './import-error-report.ts';
import { readFirstSheetFast } from './import-sheet-reader.ts';
import { buildReferenceResolver, fieldInput, type RawCell, rawCell } from './import-values.ts';

/** Every .xlsx is a ZIP archive: checked by content, not by the file's name (architecture "uploads"). */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The report keeps this many errors at most (the answer lists IMPORT_MAX_LISTED_ERRORS of them). */
const REPORT_MAX_ERRORS = 10_000;

export interface ImportTarget {
  db: Db;
  actor: ItemActor;
  component: ListComponent;
  projectId: number | undefined;
  now: Date;
  fileName: string;
}

interface SheetRow {
  /** The row's number in the sheet (1 is the header). */
  number: number;
  cells: RawCell[];
}

/** The first worksheet: its header texts and its non-empty data rows. */
async function readSheet(content: Buffer): Promise<{ headers: string[]; rows: SheetRow[] }> {
  let headers: string[] | null = null;
  let rows: SheetRow[] = [];
  const take = (number: number, rowValues: unknown[]) => {
    // ExcelJS row values are 1-based: index 0 is always empty.
    const values = rowValues.slice(1).map(rawCell);
    if (headers === null) {
      headers = values.map((value) => (value === null ? '' : String(value)));
      return;
    }
    if (values.every((value) => value === null)) return;
    if (rows.length >= IMPORT_MAX_ROWS) throw new AppError('PAYLOAD_TOO_LARGE');
    rows.push({ number, cells: values });
  };
  const readFast = readFirstSheetFast(content, (row) => {
    take(row.number, row.values);
    return true;
  });
  if (readFast) return { headers: headers ?? [], rows };
  // A file the fast reader leaves to ExcelJS: start again with its streaming reader.
  headers = null;
  rows = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Date cells are numbers with a date format: styles tell them apart.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet) take(row.number, row.values as unknown[]);
    break;
  }
  return { headers: headers ?? [], rows };
}

/**
 * Spec §7.6 importExcel, all or nothing: the first sheet's header row names the fields (keys or labels), each
 * row becomes an item through the write side's createItems (the same validation as every save: types, bounds,
 * required fields, references), every row checked before any is written, in ONE transaction. Any invalid row
 * means nothing is written; the answer then lists the errors by row and column and carries a spreadsheet of
 * them.
 */
export async function importXlsx(target: ImportTarget, content: Buffer): Promise<ImportExcelResult> {
  const { db, actor, component, projectId } = target;
  const { definition } = component;
  if (content.length < 4 || !content.subarray(0, 4).equals(ZIP_SIGNATURE))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (projectId !== undefined) {
    const access = await projectAccess(db, actor, projectId);
    if (access === 'none') throw new AppError('NOT_FOUND');
    if (access === 'read') throw new AppError('ITEM_EDIT_FORBIDDEN');
  }

  let sheet: Awaited<ReturnType<typeof readSheet>>;
  try {
    sheet = await readSheet(content);
  } catch (error) {
    if (isAppError(error)) throw error;
    // Not a readable workbook (a ZIP of something else, a damaged file).
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', undefined, { cause: error });
  }
  const errors: ImportError[] = [];
  const { columns, unknown } = mapHeaders(definition, sheet.headers);
  for (const header of unknown) {
    errors.push({ row: 1, column: header, message: formatValidationMessage('unknownField', actor.language) });
  }
  if (sheet.rows.length === 0 && errors.length === 0) {
    errors.push({ row: 2, column: null, message: formatValidationMessage('importEmpty', actor.language) });
  }

  const fieldCells = sheet.rows.flatMap((row) =>
    columns.flatMap((column, index) =>
      column.kind === 'field' ? [{ field: column.field, raw: row.cells[index] ?? null }] : [],
    ),
  );
  const resolveReference = await buildReferenceResolver(db, actor, fieldCells);
  const headerOf = new Map<string, string>();
  for (const column of columns) {
    if (column.kind === 'field') headerOf.set(column.field.key, column.header);
    if (column.kind === 'system') headerOf.set(column.key, column.header);
  }
  const inputOf = (row: SheetRow): CreateItemInput => {
    const input: CreateItemInput = { componentId: definition.id, projectId: projectId ?? null, data: {} };
    columns.forEach((column: ImportColumn, index) => {
      const raw = row.cells[index] ?? null;
      if (column.kind === 'field') {
        const value = fieldInput(definition, column.field, raw, resolveReference);
        if (value !== null) input.data![column.field.key] = value;
      } else if (column.kind === 'system' && raw !== null) {
        if (column.key === 'Title') input.title = String(raw);
        else input.position = raw as number;
      }
    });
    return input;
  };

  let imported = 0;
  if (errors.length === 0) {
    try {
      // One call, one transaction: the write side checks every row before it writes any.
      imported = (await createItems(db, actor, sheet.rows.map(inputOf), target.now)).length;
    } catch (error) {
      if (!isAppError(error) || error.code !== 'VALIDATION_FAILED') throw error;
      const details = (error.details ?? []) as Array<{ field: string; message: string; row?: number }>;
      for (const detail of details.slice(0, REPORT_MAX_ERRORS)) {
        const field = definition.fields.find((candidate) => candidate.key === detail.field);
        errors.push({
          row: sheet.rows[detail.row ?? 0]!.number,
          column: headerOf.get(detail.field) ?? (field ? field.label[actor.language] : detail.field),
          message: detail.message,
        });
      }
    }
  }

  if (errors.length === 0) {
    return {
      success: true,
      imported,
      rows: sheet.rows.length,
      errors: [],
      errorsTruncated: false,
      errorReport: null,
    };
  }
  const report = await buildErrorReport(errors, actor.language);
  return {
    success: false,
    imported: 0,
    rows: sheet.rows.length,
    errors: errors.slice(0, IMPORT_MAX_LISTED_ERRORS),
    errorsTruncated: errors.length > IMPORT_MAX_LISTED_ERRORS,
    errorReport: {
      fileName: `${target.fileName.replace(/\.xlsx$/i, '') || 'importacao'}-erros.xlsx`,
      contentBase64: report.toString('base64'),
    },
  };
}
