import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema, DefinitionKeySchema, FieldReferenceSchema } from './primitives.ts';
import { PRINT_LAYOUT_FORMATS } from './print-layout.ts';

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

/** A value the user enters before the report runs; with `field`, it filters the items on that field. */
export const ReportParameterSchema = z.object({
  key: DefinitionKeySchema,
  label: LocalizedTextSchema,
  type: z.enum(REPORT_PARAMETER_TYPES),
  required: z.boolean().default(false),
  field: FieldReferenceSchema.optional(),
});
export type ReportParameter = z.infer<typeof ReportParameterSchema>;

export const REPORT_AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;

const reportBase = {
  /** The `{reportID}` of `report/{reportID}/{title}`. */
  id: DefinitionIdSchema,
  name: LocalizedTextSchema,
  parameters: z.array(ReportParameterSchema).default([]),
};

/**
 * A report of a component (the report viewer of spec §2.9): a listing of a saved query with a view's columns,
 * a summary grouped by fields (optionally charted), or a document rendered from a template.
 */
export const ReportDefinitionSchema = z.discriminatedUnion('kind', [
  z.object({
    ...reportBase,
    kind: z.literal('list'),
    queryId: DefinitionIdSchema,
    viewId: DefinitionIdSchema,
  }),
  z.object({
    ...reportBase,
    kind: z.literal('summary'),
    queryId: DefinitionIdSchema.optional(),
    groupBy: z.array(FieldReferenceSchema).min(1).max(3),
    /** `field` is required for every aggregate but count (checked by validateApplicationDefinition). */
    measures: z
      .array(z.object({ aggregate: z.enum(REPORT_AGGREGATES), field: FieldReferenceSchema.optional() }))
      .min(1),
    chart: z.enum(['none', 'bar', 'pie', 'line']).default('none'),
  }),
  z.object({
    ...reportBase,
    kind: z.literal('document'),
    template: z.string().regex(/^[a-z0-9][a-z0-9_./-]{0,199}$/),
    format: z.enum(PRINT_LAYOUT_FORMATS).default('pdf'),
  }),
]);
export type ReportDefinition = z.infer<typeof ReportDefinitionSchema>;
export type ReportDefinitionInput = z.input<typeof ReportDefinitionSchema>;
