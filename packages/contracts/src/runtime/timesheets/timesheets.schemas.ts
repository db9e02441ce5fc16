import { z } from 'zod';
import { AutoTimesheetTypeSchema, TimesheetTypeSchema } from '../../admin/users.schemas.ts';
import { ComponentIdSchema, ItemIdSchema } from '../items/items.schemas.ts';
import {
  CalendarDaySchema,
  calendarDaysBetween,
  MAX_CALENDAR_DAYS,
} from '../project-widgets/project-widgets.schemas.ts';

const idFromQuery = z.coerce.number().int().positive();

/** 'YYYY-MM': a month of time entry (what is closed and reopened). */
export const TimesheetMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'invalidValue' });

/** 'HH:mm' of a note's start or end (00:00–24:00). */
export const TimeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: 'invalidValue' });

/** The minutes of one entry: a day at most. */
export const MAX_ENTRY_MINUTES = 24 * 60;

/** A timesheet range: a week or a month grid (`to` not before `from`, at most 42 days; 400 naming `to`). */
const RANGE = { from: CalendarDaySchema, to: CalendarDaySchema };
const withinRange = ({ from, to }: { from: string; to: string }) =>
  from <= to && calendarDaysBetween(from, to) < MAX_CALENDAR_DAYS;
const RANGE_REFUSAL = { path: ['to'], error: 'invalidValue' };

/** Whose timesheet: the caller's own, or (supervisors, administrators) another user's. */
export const LoadTimesheetQuerySchema = z
  .object({ applicationId: idFromQuery, ...RANGE, userId: idFromQuery.optional() })
  .refine(withinRange, RANGE_REFUSAL);
export type LoadTimesheetQuery = z.input<typeof LoadTimesheetQuerySchema>;

/** A day of the grid and what the user's calendar expects of it. */
export const TimesheetDaySchema = z.object({
  day: CalendarDaySchema,
  /** Minutes of work the calendar expects (0 on a weekend or holiday). */
  expectedMinutes: z.number().int().nonnegative(),
  /** A contracted day: the calendar expects work on it. */
  contracted: z.boolean(),
  holiday: z.boolean(),
  /** The day's month is closed (for the user's resource or for every project): nothing changes in it. */
  closed: z.boolean(),
});
export type TimesheetDay = z.infer<typeof TimesheetDaySchema>;

/** A task or activity time may be entered on (a row of the grid). */
export const TimesheetRowSchema = z.object({
  itemId: ItemIdSchema,
  componentId: ComponentIdSchema,
  /** The component's first standard form (what a click opens); null when it has none. */
  formId: z.number().int().positive().nullable(),
  kind: z.enum(['task', 'activity']),
  formattedId: z.string(),
  title: z.string(),
  projectId: ItemIdSchema.nullable(),
  projectTitle: z.string(),
  /** Time may be entered on it now (the user's timesheetType admits its kind). */
  open: z.boolean(),
});
export type TimesheetRow = z.infer<typeof TimesheetRowSchema>;

export const TimesheetEntrySchema = z.object({
  id: z.number().int().positive(),
  itemId: ItemIdSchema,
  day: CalendarDaySchema,
  minutes: z.number().int().positive(),
  startTime: TimeOfDaySchema.nullable(),
  endTime: TimeOfDaySchema.nullable(),
  note: z.string(),
  origin: z.enum(['manual', 'automatic']),
  version: z.number().int().positive(),
});
export type TimesheetEntry = z.infer<typeof TimesheetEntrySchema>;

export const TimesheetSchema = z.object({
  userId: z.number().int().positive(),
  userName: z.string(),
  /** The user's settings (spec §3): what they may enter on, and their automatic notes. */
  timesheetType: TimesheetTypeSchema,
  autoTimesheetType: AutoTimesheetTypeSchema,
  /** The caller may change this timesheet (their own; no manual entry when timesheetType is '4'). */
  editable: z.boolean(),
  days: z.array(TimesheetDaySchema),
  rows: z.array(TimesheetRowSchema),
  entries: z.array(TimesheetEntrySchema),
});
export type Timesheet = z.infer<typeof TimesheetSchema>;

/**
 * One change of the grid or of a note: a new entry (no id), a changed one (id and the version it was read at;
 * 409 when stale). A note gives `startTime` and `endTime` and its minutes are their difference; a cell gives
 * `minutes` alone.
 */
export const TimesheetEntryInputSchema = z.object({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  itemId: ItemIdSchema,
  day: CalendarDaySchema,
  minutes: z.number().int().min(1).max(MAX_ENTRY_MINUTES).optional(),
  startTime: TimeOfDaySchema.optional(),
  endTime: TimeOfDaySchema.optional(),
  note: z.string().max(1000).optional(),
});
export type TimesheetEntryInput = z.input<typeof TimesheetEntryInputSchema>;

export const SaveTimesheetBodySchema = z.object({
  applicationId: z.number().int().positive(),
  entries: z.array(TimesheetEntryInputSchema).max(500).default([]),
  deletions: z
    .array(z.object({ id: z.number().int().positive(), version: z.number().int().positive() }))
    .max(500)
    .default([]),
});
export type SaveTimesheetBody = z.input<typeof SaveTimesheetBodySchema>;

export const SaveTimesheetResultSchema = z.object({ entries: z.array(TimesheetEntrySchema) });
export type SaveTimesheetResult = z.infer<typeof SaveTimesheetResultSchema>;

/** Automatic notes over a range: the caller's contracted days without entries (autoTimesheetType '1'). */
export const FillAutomaticEntriesBodySchema = z
  .object({ applicationId: z.number().int().positive(), ...RANGE })
  .refine(withinRange, RANGE_REFUSAL);
export const FillAutomaticEntriesResultSchema = z.object({ created: z.number().int().nonnegative() });

/** Supervisors' list: their resources' timesheets over a range, filtered by user or project. */
export const LoadTimesheetListQuerySchema = z
  .object({
    applicationId: idFromQuery,
    ...RANGE,
    userId: idFromQuery.optional(),
    projectId: idFromQuery.optional(),
  })
  .refine(withinRange, RANGE_REFUSAL);
export type LoadTimesheetListQuery = z.input<typeof LoadTimesheetListQuerySchema>;

export const TimesheetListRowSchema = z.object({
  userId: z.number().int().positive(),
  userName: z.string(),
  resourceId: z.number().int().positive().nullable(),
  expectedMinutes: z.number().int().nonnegative(),
  enteredMinutes: z.number().int().nonnegative(),
  /** Minutes entered per day of the range, in order. */
  perDay: z.array(z.number().int().nonnegative()),
  /** Contracted days of the range without any entry. */
  missingDays: z.number().int().nonnegative(),
});
export type TimesheetListRow = z.infer<typeof TimesheetListRowSchema>;

export const TimesheetListSchema = z.object({
  days: z.array(CalendarDaySchema),
  rows: z.array(TimesheetListRowSchema),
  /** The projects the filter offers (those of the listed resources the caller can see). */
  projects: z.array(z.object({ id: ItemIdSchema, title: z.string() })),
});
export type TimesheetList = z.infer<typeof TimesheetListSchema>;

/** A month closing's scope: a resource or a project. */
export const ClosingScopeSchema = z.union([
  z.object({ resourceId: z.number().int().positive() }),
  z.object({ projectId: z.number().int().positive() }),
]);
export type ClosingScope = z.infer<typeof ClosingScopeSchema>;

export const LoadMonthClosingsQuerySchema = z.object({ applicationId: idFromQuery });

export const MonthClosingRowSchema = z.object({
  resourceId: z.number().int().positive().nullable(),
  projectId: ItemIdSchema.nullable(),
  name: z.string(),
  /** Every month up to this one is closed; null when none is. */
  closedThrough: TimesheetMonthSchema.nullable(),
  closedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The caller may close months of it (administrators, the resource's supervisor, the project's manager). */
  canClose: z.boolean(),
});
export type MonthClosingRow = z.infer<typeof MonthClosingRowSchema>;

export const MonthClosingsSchema = z.object({
  resources: z.array(MonthClosingRowSchema),
  projects: z.array(MonthClosingRowSchema),
  /** Reopening needs the administration permission. */
  canReopen: z.boolean(),
});
export type MonthClosings = z.infer<typeof MonthClosingsSchema>;

export const CloseMonthBodySchema = z.object({ scope: ClosingScopeSchema, month: TimesheetMonthSchema });
export type CloseMonthBody = z.input<typeof CloseMonthBodySchema>;

export const ReopenMonthBodySchema = z.object({
  scope: ClosingScopeSchema,
  month: TimesheetMonthSchema,
  reason: z.string().trim().min(3).max(500),
});
export type ReopenMonthBody = z.input<typeof ReopenMonthBodySchema>;

/** The `timesheets` form component (spec §3): the time entered on one item. */
export const LoadItemTimesheetQuerySchema = z.object({ itemId: idFromQuery });

/** Most entries the form component lists (the latest first); the totals count them all. */
export const MAX_ITEM_TIMESHEET_ENTRIES = 100;

export const ItemTimesheetSchema = z.object({
  itemId: ItemIdSchema,
  totalMinutes: z.number().int().nonnegative(),
  /** Who entered time on the item, with their totals. */
  people: z.array(
    z.object({ userId: z.number().int().positive(), name: z.string(), minutes: z.number().int() }),
  ),
  entries: z.array(
    TimesheetEntrySchema.omit({ itemId: true, version: true }).extend({ userName: z.string() }),
  ),
});
export type ItemTimesheet = z.infer<typeof ItemTimesheetSchema>;
