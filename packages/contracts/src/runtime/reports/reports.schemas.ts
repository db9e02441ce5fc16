import { z } from 'zod';
import {
  REPORT_AGGREGATES,
  REPORT_CHARTS,
  REPORT_GROUPINGS,
  REPORT_PARAMETER_TYPES,
} from '../definition/report.ts';
import { ColumnDefinitionSchema } from '../listing/columns.ts';
import { ListRowSchema, ListUserSchema, MAX_ROWS_PER_PAGE } from '../listing/listing.schemas.ts';

/** The report a call names (`{reportID}` of `report/{reportID}/{title}`). */
export const ReportIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The values of a report's parameters by key: text, a number, a day 'YYYY-MM-DD', a range of days
 * `{ from, to }` (either may be missing), a boolean, a picklist value or status key, a user or project id.
 * Checked against the definition by the server (400 naming `parameters.<key>`).
 */
export const ReportParameterValuesSchema = z.record(z.string().max(64), z.unknown()).default({});
export type ReportParameterValues = z.input<typeof ReportParameterValuesSchema>;

export const GetReportQuerySchema = z.object({ reportId: ReportIdSchema });

export const ReportChoiceSchema = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });
export type ReportChoice = z.infer<typeof ReportChoiceSchema>;

/** A parameter as the form asks it, with its choices (picklists, statuses, projects, users). */
export const ReportParameterInfoSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_PARAMETER_TYPES),
  required: z.boolean(),
  choices: z.array(ReportChoiceSchema).nullable(),
});
export type ReportParameterInfo = z.infer<typeof ReportParameterInfoSchema>;

/** How a measure's numbers read: plain counts, decimals, BRL, percent, hours. */
export const REPORT_NUMBER_FORMATS = ['integer', 'decimal', 'currency', 'percent', 'duration'] as const;
export type ReportNumberFormat = (typeof REPORT_NUMBER_FORMATS)[number];

export const ReportMeasureInfoSchema = z.object({
  aggregate: z.enum(REPORT_AGGREGATES),
  label: z.string(),
  format: z.enum(REPORT_NUMBER_FORMATS),
});
export type ReportMeasureInfo = z.infer<typeof ReportMeasureInfoSchema>;

/** getReport: what the viewer shows before running — the parameters, the groups' and measures' names. */
export const ReportInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  componentId: z.number().int(),
  applicationId: z.number().int(),
  parameters: z.array(ReportParameterInfoSchema),
  groups: z.array(z.object({ label: z.string(), by: z.enum(REPORT_GROUPINGS) })),
  measures: z.array(ReportMeasureInfoSchema),
  chart: z.enum(REPORT_CHARTS),
  columns: z.array(ColumnDefinitionSchema),
  /** The form a row of the table opens its item on; null: rows are not links. */
  itemFormId: z.number().int().nullable(),
});
export type ReportInfo = z.infer<typeof ReportInfoSchema>;

export const RunReportBodySchema = z.object({
  reportId: ReportIdSchema,
  parameters: ReportParameterValuesSchema,
  page: z.number().int().min(1).max(1_000_000).default(1),
  rowsPerPage: z.number().int().min(1).max(MAX_ROWS_PER_PAGE).default(25),
});
export type RunReportBody = z.input<typeof RunReportBodySchema>;

/** One group: its key per grouping level (`value` as stored: a month is 'YYYY-MM'), and the measures' numbers. */
export const ReportGroupRowSchema = z.object({
  keys: z.array(
    z.object({ value: z.union([z.string(), z.number(), z.boolean()]).nullable(), label: z.string() }),
  ),
  values: z.array(z.number().nullable()),
});
export type ReportGroupRow = z.infer<typeof ReportGroupRowSchema>;

/** Most groups a report answers (a chart of more is unreadable; the export holds the same). */
export const MAX_REPORT_GROUPS = 1000;

export const ReportResultSchema = z.object({
  groups: z.array(ReportGroupRowSchema),
  /** More groups than MAX_REPORT_GROUPS matched; the first ones are answered. */
  groupsTruncated: z.boolean(),
  /** The measures over every matching item. */
  totals: z.array(z.number().nullable()),
  /** The page of the items' table (null when the report has no columns). */
  table: z
    .object({
      rows: z.array(ListRowSchema),
      total: z.number().int(),
      capped: z.boolean(),
      page: z.number().int(),
      rowsPerPage: z.number().int(),
      users: z.record(z.string(), ListUserSchema),
    })
    .nullable(),
});
export type ReportResult = z.infer<typeof ReportResultSchema>;

export const REPORT_EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** Most item rows an export lists (the groups and totals always cover every matching item). */
export const MAX_REPORT_EXPORT_ROWS = 100_000;

export const ExportReportBodySchema = z.object({
  reportId: ReportIdSchema,
  parameters: ReportParameterValuesSchema,
  format: z.enum(REPORT_EXPORT_FORMATS),
});
export type ExportReportBody = z.input<typeof ExportReportBodySchema>;

/** Spec §4 "Running, Finished, Pending" of background work, plus a job that failed. */
export const REPORT_JOB_STATUSES = ['pending', 'running', 'finished', 'failed'] as const;
export type ReportJobStatus = (typeof REPORT_JOB_STATUSES)[number];

/** An export job as its creator follows it; `downloadId` is what scheduleDownload takes once it is finished. */
export const ReportJobSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  format: z.enum(REPORT_EXPORT_FORMATS),
  status: z.enum(REPORT_JOB_STATUSES),
  /** Rows written and rows to write (0 of 0 until the count is known). */
  done: z.number().int(),
  total: z.number().int(),
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportJob = z.infer<typeof ReportJobSchema>;

export const ReportJobIdBodySchema = z.object({ jobId: z.number().int().positive() });

/**
 * Spec §7.6 scheduleDownload (GET: projectId): the legacy call names its argument `projectId`; here it is the
 * id of the scheduled download — the finished export job — as the original reused the name.
 */
export const ScheduleDownloadQuerySchema = z.object({ projectId: z.coerce.number().int().positive() });
