import {
  formatValidationMessage,
  IMPORT_MAX_LISTED_ERRORS,
  type ImportError,
  type ImportExcelResult,
} from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { ZIP_SIGNATURE } from '../files/zip-archive.ts';
import { type CreateItemInput, type ItemActor, startItemCreation } from '../items/create-items.ts';
import { SaveRefusedError } from '../items/save-refusals.ts';
import { projectAccess } from '../projects/item-access.ts';
import type { ListComponent } from '../query/list-component.ts';
import { FastSheetUnsupported } from './fast-sheet-unsupported.ts';
import { checkWorkbookArchive } from './import-archive-guard.ts';
import { type ImportColumn, mapHeaders } from './import-columns.ts';
import { buildErrorReport, clipText } from './import-error-report.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits, importLimitExceeded } from './import-limits.ts';
import {
  excelJsSheetSource,
  fastSheetSource,
  type SheetRow,
  type SheetSource,
} from './import-sheet-source.ts';
import { buildReferenceResolver, fieldInput } from './import-values.ts';

/** The report keeps this many errors at most (the answer lists IMPORT_MAX_LISTED_ERRORS of them). */
const REPORT_MAX_ERRORS = 10_000;

export interface ImportTarget {
  db: Db;
  actor: ItemActor;
  component: ListComponent;
  projectId: number | undefined;
  now: Date;
  fileName: string;
  /** The safety limits (import-limits.ts); the defaults when not given. */
  limits?: ImportLimits;
  /**
   * Called in the import's transaction with its successful answer, before it commits: what the answer is
   * recorded with (an idempotency key) commits or rolls back with the rows.
   */
  recordResult?: (tx: Db, result: ImportExcelResult) => Promise<void>;
}

/** Rows read, checked and (while all are valid) written per slice; the next is read while one is written. */
const SLICE_ROWS = 2_000;
/** A short first slice, so that the database starts writing early instead of waiting for a whole slice. */
const FIRST_SLICE_ROWS = 250;

/** Thrown inside the import's transaction to roll it back when any row is refused; carries the refusals. */
class ImportRefused extends Error {
  readonly errors: ImportError[];
  readonly rows: number;

  constructor(errors: ImportError[], rows: number) {
    super('import refused');
    this.errors = errors;
    this.rows = rows;
  }
}

/**
 * Spec §7.6 importExcel, all or nothing: the first sheet's header row names the fields (keys or labels), each
 * row becomes an item through the write side's item creation (the same validation as every save: types,
 * bounds, required fields, references), in ONE transaction. Slices of rows are read, checked and written in
 * turn — a slice is read and checked while the database writes the one before —, and any invalid row means
 * nothing is kept: the transaction rolls back, and the answer lists the errors by row and column and carries
 * a spreadsheet of them.
 */
export async function importXlsx(target: ImportTarget, content: Buffer): Promise<ImportExcelResult> {
  const { db, actor, projectId } = target;
  const limits = target.limits ?? DEFAULT_IMPORT_LIMITS;
  if (content.length < 4 || !content.subarray(0, 4).equals(ZIP_SIGNATURE))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (projectId !== undefined) {
    const access = await projectAccess(db, actor, projectId);
    if (access === 'none') throw new AppError('NOT_FOUND');
    if (access === 'read') throw new AppError('ITEM_EDIT_FORBIDDEN');
  }
  // Before either reader sees the file: neither can then inflate more than the limits allow.
  await checkWorkbookArchive(content, limits);
  try {
    try {
      return await importRows(
        target,
        limits,
        fastSheetSource(content, limits) ?? excelJsSheetSource(content, limits),
      );
    } catch (error) {
      if (!(error instanceof FastSheetUnsupported)) throw error;
      // The fast reader met something it leaves to ExcelJS: what it wrote is rolled back; read again.
      return await importRows(target, limits, excelJsSheetSource(content, limits));
    }
  } catch (error) {
    if (!(error instanceof ImportRefused)) throw error;
    const report = await buildErrorReport(error.errors, actor.language);
    return {
      success: false,
      imported: 0,
      rows: error.rows,
      errors: error.errors.slice(0, IMPORT_MAX_LISTED_ERRORS),
      errorsTruncated: error.errors.length > IMPORT_MAX_LISTED_ERRORS,
      errorReport: {
        fileName: `${clipText(target.fileName.replace(/\.xlsx$/i, ''), 100) || 'importacao'}-erros.xlsx`,
        contentBase64: report.toString('base64'),
      },
    };
  }
}

/** One attempt at the import, in its own transaction: answers its success or throws ImportRefused. */
async function importRows(
  target: ImportTarget,
  limits: ImportLimits,
  source: SheetSource,
): Promise<ImportExcelResult> {
  const { actor } = target;
  const { definition } = target.component;
  return target.db.transaction(async (tx) => {
    const [header] = await source.next(1);
    const headers = (header?.cells ?? []).map((value) => (value === null ? '' : String(value)));
    const errors: ImportError[] = [];
    const { columns, unknown } = mapHeaders(definition, headers);
    for (const name of unknown) {
      errors.push({
        row: 1,
        column: clipText(name),
        message: formatValidationMessage('unknownField', actor.language),
      });
    }
    const headerOf = new Map<string, string>();
    for (const column of columns) {
      if (column.kind === 'field') headerOf.set(column.field.key, column.header);
      if (column.kind === 'system') headerOf.set(column.key, column.header);
    }
    const creation =
      errors.length === 0
        ? // At most maxRows rows: their formatted IDs are reserved at once, the rest given back.
          await startItemCreation(tx, actor, definition.id, target.now, limits.maxRows)
        : null;
    // The sheet row of each input, for the refusals (which name inputs by index).
    const rowNumbers: number[] = [];
    for (
      let slice = await source.next(FIRST_SLICE_ROWS);
      slice.length > 0;
      slice = await source.next(SLICE_ROWS)
    ) {
      const rows = slice.filter((row) => row.cells.some((value) => value !== null));
      if (rowNumbers.length + rows.length > limits.maxRows) throw importLimitExceeded('rows', limits);
      for (const row of rows) rowNumbers.push(row.number);
      if (creation) await creation.add(await inputsOf(tx, target, columns, rows));
    }
    if (rowNumbers.length === 0 && errors.length === 0) {
      errors.push({ row: 2, column: null, message: formatValidationMessage('importEmpty', actor.language) });
    }

    let imported = 0;
    if (creation && errors.length === 0) {
      try {
        imported = (await creation.finish()).length;
      } catch (error) {
        // The one save's refusals as data (row, field, code, message): the report lists them as they are.
        if (!(error instanceof SaveRefusedError)) throw error;
        for (const detail of error.refusals.slice(0, REPORT_MAX_ERRORS)) {
          const field = definition.fields.find((candidate) => candidate.key === detail.field);
          errors.push({
            row: rowNumbers[detail.row ?? 0]!,
            column: clipText(
              headerOf.get(detail.field) ?? (field ? field.label[actor.language] : detail.field),
            ),
            message: clipText(detail.message),
          });
        }
      }
    }
    if (errors.length > 0) throw new ImportRefused(errors, rowNumbers.length);
    const result: ImportExcelResult = {
      success: true,
      imported,
      rows: rowNumbers.length,
      errors: [],
      errorsTruncated: false,
      errorReport: null,
    };
    await target.recordResult?.(tx, result);
    return result;
  });
}

/** The rows as item inputs, their references (names, formatted IDs) resolved for the actor. */
async function inputsOf(
  tx: Db,
  target: ImportTarget,
  columns: readonly ImportColumn[],
  rows: readonly SheetRow[],
): Promise<CreateItemInput[]> {
  const { definition } = target.component;
  const fieldCells = rows.flatMap((row) =>
    columns.flatMap((column, index) =>
      column.kind === 'field' ? [{ field: column.field, raw: row.cells[index] ?? null }] : [],
    ),
  );
  const resolveReference = await buildReferenceResolver(tx, target.actor, fieldCells);
  return rows.map((row) => {
    const input: CreateItemInput = {
      componentId: definition.id,
      projectId: target.projectId ?? null,
      data: {},
    };
    columns.forEach((column, index) => {
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
  });
}
