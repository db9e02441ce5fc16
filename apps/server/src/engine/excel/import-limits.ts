import { assertNever, IMPORT_MAX_ROWS } from '@der/contracts';
import { type AppError, errorWithParams } from '../../infra/http/app-error.ts';

/**
 * The safety limits of a spreadsheet import, checked before any cell is read (the ZIP's directory, then its
 * parts while they inflate: import-archive-guard.ts) and while rows are read (import-sheet-source.ts). The
 * defaults take a 100 000-row sheet of a few dozen columns (about 60 MiB of XML for 15 columns, compressed 10
 * to 16 times); each can be changed by an environment variable (config/env.ts, README "Configuration").
 */
export interface ImportLimits {
  /** IMPORT_MAX_UNCOMPRESSED_MIB: every part of the file together, inflated. */
  maxUncompressedBytes: number;
  /** IMPORT_MAX_COMPRESSION_RATIO: of a part larger than RATIO_CHECKED_FROM_BYTES (real sheets: 10–20). */
  maxCompressionRatio: number;
  /** IMPORT_MAX_ZIP_ENTRIES: files inside the .xlsx (a workbook has a dozen or two). */
  maxEntries: number;
  /** IMPORT_MAX_CELL_CHARS: characters of one cell or shared string (Excel's own limit is 32 767). */
  maxCellChars: number;
  /**
   * IMPORT_MAX_SHARED_STRINGS: entries of the shared strings table, which both readers hold in memory whole
   * (millions of one-letter strings fit the size limit and take gigabytes as JavaScript strings).
   */
  maxSharedStrings: number;
  /** IMPORT_MAX_ROWS (contracts): non-empty data rows. */
  maxRows: number;
  /** IMPORT_MAX_COLUMNS: columns of a row, up to its last filled cell. */
  maxColumns: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxUncompressedBytes: 256 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxEntries: 1_000,
  maxCellChars: 32_767,
  maxSharedStrings: 2_000_000,
  maxRows: IMPORT_MAX_ROWS,
  maxColumns: 1_000,
};

/** Small parts compress far better than data (empty styles, repeated relationships): their ratio is not checked. */
export const RATIO_CHECKED_FROM_BYTES = 1024 * 1024;

/** Which limit refused a file: the variant of the IMPORT_LIMIT_EXCEEDED message that names it. */
export type ImportLimitName =
  | 'uncompressedSize'
  | 'compressionRatio'
  | 'entries'
  | 'cellLength'
  | 'sharedStrings'
  | 'rows'
  | 'columns';

function limitValue(name: ImportLimitName, limits: ImportLimits): number {
  switch (name) {
    case 'uncompressedSize':
      return Math.floor(limits.maxUncompressedBytes / (1024 * 1024));
    case 'compressionRatio':
      return limits.maxCompressionRatio;
    case 'entries':
      return limits.maxEntries;
    case 'cellLength':
      return limits.maxCellChars;
    case 'sharedStrings':
      return limits.maxSharedStrings;
    case 'rows':
      return limits.maxRows;
    case 'columns':
      return limits.maxColumns;
    default:
      return assertNever(name);
  }
}

/**
 * 413 IMPORT_LIMIT_EXCEEDED naming the limit and its value (MiB for the size), which fill the message's
 * placeholders.
 */
export function importLimitExceeded(name: ImportLimitName, limits: ImportLimits): AppError {
  return errorWithParams('IMPORT_LIMIT_EXCEEDED', {
    variant: name,
    limit: name,
    max: String(limitValue(name, limits)),
  });
}
