import { z } from 'zod';

/** The content type of every spreadsheet the API sends (spec §9: exports use .xlsx). */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Largest spreadsheet importExcel accepts, and most data rows in it. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** The answer lists at most this many errors (the error report holds them all). */
export const IMPORT_MAX_LISTED_ERRORS = 1000;

/** Spec §7.6 exportFullListToExcel: every visible item of the component (or of one project), every column. */
export const ExportFullListBodySchema = z.object({
  componentID: z.coerce.number().int().positive(),
  projectId: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined)),
});
export type ExportFullListBody = z.input<typeof ExportFullListBodySchema>;

/** importExcel: the target of the upload (the file itself is the multipart part `file`). */
export const ImportExcelQuerySchema = ExportFullListBodySchema;
export type ImportExcelQuery = z.input<typeof ImportExcelQuerySchema>;

/**
 * importExcel's idempotency key, one per file the person chose (the web makes a UUID): sent as the header
 * IMPORT_IDEMPOTENCY_HEADER, or as the multipart field IMPORT_IDEMPOTENCY_FIELD before the file. The same key
 * with the same file answers the first import's result instead of importing again; with another file, 409
 * IMPORT_KEY_REUSED; while the first is still running, 409 IMPORT_IN_PROGRESS. Keys are per user and are
 * forgotten after IMPORT_IDEMPOTENCY_KEY_TTL_HOURS. Without a key the file is imported every time.
 */
export const IMPORT_IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IMPORT_IDEMPOTENCY_FIELD = 'idempotencyKey';
export const IMPORT_IDEMPOTENCY_KEY_TTL_HOURS = 24;
export const ImportIdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_.:-]{8,128}$/);

/** One problem of an imported spreadsheet: its row number in the sheet and the column (header), translated. */
export const ImportErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof ImportErrorSchema>;

/**
 * The outcome of importExcel. The import is all or nothing: `imported` is the number of items created when
 * every row was valid, else 0 with the errors (row by row and column by column) and a spreadsheet listing them
 * (`errorReport`, base64 .xlsx) for download.
 */
export const ImportExcelResultSchema = z.object({
  success: z.boolean(),
  imported: z.number().int(),
  rows: z.number().int(),
  errors: z.array(ImportErrorSchema),
  /** More errors than listed in `errors` (all of them are in the report). */
  errorsTruncated: z.boolean(),
  errorReport: z.object({ fileName: z.string(), contentBase64: z.string() }).nullable(),
});
export type ImportExcelResult = z.infer<typeof ImportExcelResultSchema>;
