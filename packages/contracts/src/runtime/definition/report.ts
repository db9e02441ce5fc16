import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema, DefinitionKeySchema, FieldReferenceSchema } from './primitives.ts';

/**
 * What a parameter asks for, and how its value filters the items on its field: text contained, number equal,
 * a day, a range of days (either end open), yes/no, one option of a picklist (or a status), a user, a project.
 */
export const REPORT_PARAMETER_TYPES = [
  'string',
  'number',
  'date',
  'dateRange',
  'boolean',
  'picklist',
  'user',
  'project',
] as const;
export type ReportParameterType = (typeof REPORT_PARAMETER_TYPES)[number];

/** A value the user enters before the report runs; it filters the items on `field`. */
export const ReportParameterSchema = z.object({
  key: DefinitionKeySchema,
  label: LocalizedTextSchema,
  type: z.enum(REPORT_PARAMETER_TYPES),
  required: z.boolean().default(false),
  field: FieldReferenceSchema,
});
export type ReportParameter = z.infer<typeof ReportParameterSchema>;

export const REPORT_AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type ReportAggregate = (typeof REPORT_AGGREGATES)[number];

/** Field types whose values sum and average (checked by validateApplicationDefinition). */
export const AGGREGATABLE_FIELD_TYPES = ['INTEGER', 'DECIMAL', 'CURRENCY', 'PERCENTILE', 'DURATION'] as const;

/** `value`: one group per distinct value; `month` / `year`: per calendar month or year of a date field. */
export const REPORT_GROUPINGS = ['value', 'month', 'year'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const ReportGroupSchema = z.object({
  field: FieldReferenceSchema,
  by: z.enum(REPORT_GROUPINGS).default('value'),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

/** `field` is required for every aggregate but count (checked by validateApplicationDefinition). */
export const ReportMeasureSchema = z.object({
  aggregate: z.enum(REPORT_AGGREGATES),
  field: FieldReferenceSchema.optional(),
  label: LocalizedTextSchema.optional(),
});
export type ReportMeasure = z.infer<typeof ReportMeasureSchema>;

export const REPORT_CHARTS = ['none', 'bar', 'line', 'pie'] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];

/**
 * A report of a component (the report viewer of spec §2.9 and §7.7): the visible items of the component, narrowed
 * by a saved query and by the parameters asked before running, grouped (up to two levels; a date by month or
 * year) with aggregates per group, drawn as a chart of the first measure, and optionally listed as a table of
 * the items themselves (`columns`, paged). With no grouping there is one group: the totals.
 *
 * There is no 'document' kind any more: a document of one item is a print layout (printLayouts), so a second
 * way to declare templates would only be two places to look for the same thing.
 */
export const ReportDefinitionSchema = z.object({
  /** The `{reportID}` of `report/{reportID}/{title}`. */
  id: DefinitionIdSchema,
  name: LocalizedTextSchema,
  description: LocalizedTextSchema.optional(),
  queryId: DefinitionIdSchema.optional(),
  parameters: z.array(ReportParameterSchema).max(10).default([]),
  groupBy: z.array(ReportGroupSchema).max(2).default([]),
  measures: z
    .array(ReportMeasureSchema)
    .min(1)
    .max(6)
    .default([{ aggregate: 'count' }]),
  chart: z.enum(REPORT_CHARTS).default('none'),
  /** The items' columns of the detail table; none: the report shows its groups only. */
  columns: z.array(FieldReferenceSchema).max(20).default([]),
  /** The form each row of the table opens the item on (its documents, its history); none: rows are text. */
  itemFormId: DefinitionIdSchema.optional(),
});
export type ReportDefinition = z.infer<typeof ReportDefinitionSchema>;
export type ReportDefinitionInput = z.input<typeof ReportDefinitionSchema>;
