import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { ColorSchema, DefinitionIdSchema, FieldReferenceSchema } from './primitives.ts';

/**
 * The `{viewID}` of `schedule/{viewID}/{title}`: a Gantt-like schedule of items between two date fields
 * (DATE_TIME fields or the date system keys CreationDate / LastModify).
 */
export const ScheduleViewSchema = z.object({
  id: DefinitionIdSchema,
  name: LocalizedTextSchema,
  startField: FieldReferenceSchema,
  endField: FieldReferenceSchema,
  /** A PERCENTILE field drawn as the bar's progress. */
  progressField: FieldReferenceSchema.optional(),
  /** A GENERIC_ITEM_TYPE field (multiple) holding the predecessors, drawn as dependencies. */
  predecessorsField: FieldReferenceSchema.optional(),
  queryId: DefinitionIdSchema.optional(),
});
export type ScheduleView = z.infer<typeof ScheduleViewSchema>;
export type ScheduleViewInput = z.input<typeof ScheduleViewSchema>;

/** A view of `calendar/{title}`: items placed on a calendar by a date field (or a span of two). */
export const CalendarViewSchema = z.object({
  id: DefinitionIdSchema,
  name: LocalizedTextSchema,
  startField: FieldReferenceSchema,
  endField: FieldReferenceSchema.optional(),
  /** A PICKLIST field (or StatusName) whose option colours colour the entries; else `color`. */
  colorField: FieldReferenceSchema.optional(),
  color: ColorSchema.optional(),
  queryId: DefinitionIdSchema.optional(),
});
export type CalendarView = z.infer<typeof CalendarViewSchema>;
export type CalendarViewInput = z.input<typeof CalendarViewSchema>;
