import { z } from 'zod';
import { ColorSchema, DefinitionIdSchema } from '../definition/primitives.ts';
import { ComponentIdSchema, ItemIdSchema } from '../items/items.schemas.ts';
import {
  CalendarDaySchema,
  calendarDaysBetween,
  MAX_CALENDAR_DAYS,
} from '../project-widgets/project-widgets.schemas.ts';

/**
 * The entries one application calendar call answers at most: every view of the application over six weeks (a
 * busy month of inspections runs to thousands), where a project's calendar answers MAX_CALENDAR_ENTRIES.
 */
export const MAX_APP_CALENDAR_ENTRIES = 5000;

/**
 * The range one application calendar call covers (São Paulo days): a month grid's six weeks at most, so the
 * answer stays bounded (400 naming `to` otherwise).
 */
export const LoadAppCalendarQuerySchema = z
  .object({
    applicationId: z.coerce.number().int().positive(),
    from: CalendarDaySchema,
    to: CalendarDaySchema,
  })
  .refine(({ from, to }) => from <= to && calendarDaysBetween(from, to) < MAX_CALENDAR_DAYS, {
    path: ['to'],
    error: 'invalidValue',
  });
export type LoadAppCalendarQuery = z.input<typeof LoadAppCalendarQuerySchema>;

/** A calendar view of the application (a component's `calendarViews` entry) as the page lists it. */
export const AppCalendarViewSchema = z.object({
  viewId: DefinitionIdSchema,
  name: z.string(),
  componentId: ComponentIdSchema,
  /** The view's fixed colour, shown beside its name; entries may still be coloured by status or option. */
  color: ColorSchema.optional(),
  /** Whether an entry may be dragged: its dates are fields (a system date such as CreationDate is not). */
  movable: z.boolean(),
});
export type AppCalendarView = z.infer<typeof AppCalendarViewSchema>;

/** An item on the application calendar: from `start`, to `end` when the view has an end field (ISO instants). */
export const AppCalendarEntrySchema = z.object({
  viewId: DefinitionIdSchema,
  itemId: ItemIdSchema,
  componentId: ComponentIdSchema,
  /** The version a move is made at (409 when the item changed meanwhile). */
  version: z.number().int().nonnegative(),
  /** The component's first standard form (what a click opens); null when it has none. */
  formId: z.number().int().positive().nullable(),
  formattedId: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string().optional(),
  color: ColorSchema.optional(),
  statusName: z.string().optional(),
});
export type AppCalendarEntry = z.infer<typeof AppCalendarEntrySchema>;

export const AppCalendarSchema = z.object({
  views: z.array(AppCalendarViewSchema),
  entries: z.array(AppCalendarEntrySchema),
  /** More entries matched than MAX_APP_CALENDAR_ENTRIES: the first ones by date are answered. */
  capped: z.boolean(),
});
export type AppCalendar = z.infer<typeof AppCalendarSchema>;

/**
 * A dragged (or resized) entry: its new start, and its new end when the view has an end field — written to the
 * view's date fields through the one save at `version`.
 */
export const MoveCalendarEntryBodySchema = z.object({
  viewId: DefinitionIdSchema,
  itemId: ItemIdSchema,
  version: z.number().int().nonnegative(),
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type MoveCalendarEntryBody = z.input<typeof MoveCalendarEntryBodySchema>;
