import { z } from 'zod';
import { ColorSchema, DefinitionIdSchema } from '../definition/primitives.ts';
import { ComponentIdSchema, ItemIdSchema } from '../items/items.schemas.ts';

/**
 * The rows one schedule answers at most (activities and their tasks): a large works project runs to a few
 * thousand; past this the first ones in WBS order are answered and `capped` says so.
 */
export const MAX_SCHEDULE_ITEMS = 10_000;

/** MS Project's XML (MSPDI) as the schedule export answers it. */
export const MS_PROJECT_XML_CONTENT_TYPE = 'application/vnd.ms-project+xml';

/**
 * Spec §7.6 getAllActivitiesToEAP: the schedule view `viewId` of one project. Without `projectId` the first
 * project the caller sees that holds items of the view's component is answered (the page's default).
 */
export const LoadScheduleBodySchema = z.object({
  viewId: DefinitionIdSchema,
  projectId: ItemIdSchema.optional(),
});
export type LoadScheduleBody = z.input<typeof LoadScheduleBodySchema>;

/** A project the caller may see, offered by the page's project selector. */
export const ScheduleProjectSchema = z.object({
  id: ItemIdSchema,
  formattedId: z.string(),
  title: z.string(),
});
export type ScheduleProject = z.infer<typeof ScheduleProjectSchema>;

/**
 * One row of the schedule: an item of the view's component (an activity, with the view's dates) or an item
 * that hangs on one through a reference field (a task, drawn under its activity at its own date). Dates are
 * ISO instants. The critical-path figures come from the server's CPM (forward and backward pass over the
 * finish-to-start predecessors, durations from the dates).
 */
export const ScheduleItemSchema = z.object({
  itemId: ItemIdSchema,
  componentId: ComponentIdSchema,
  /** The version a reschedule is made at (409 when the item changed meanwhile). */
  version: z.number().int().nonnegative(),
  /** The component's first standard form (what opening the row shows); null when it has none. */
  formId: z.number().int().positive().nullable(),
  formattedId: z.string(),
  title: z.string(),
  /** `activity`: an item of the view's component; `task`: an item hanging on an activity. */
  kind: z.enum(['activity', 'task']),
  /** The activity a task hangs on (when the caller sees it); null for activities and loose tasks. */
  parentId: ItemIdSchema.nullable(),
  /** The WBS code (the view query's first sort field, e.g. codigoEap), else the row's outline number. */
  wbs: z.string(),
  start: z.string(),
  end: z.string(),
  /** A single date (a task's due date): drawn as a milestone. */
  milestone: z.boolean(),
  /** False when the item has no date of its own and is drawn at its activity's end (not movable). */
  dated: z.boolean(),
  /** 0–100 from the view's progress field; null without one. */
  progress: z.number().min(0).max(100).nullable(),
  statusName: z.string().nullable(),
  statusColor: ColorSchema.nullable(),
  /** The caller may change the item and its dates are fields: dragging it writes them through the one save. */
  movable: z.boolean(),
  critical: z.boolean(),
  /** Total float in hours (how far the item may slip without moving the project's end); ≥ 0. */
  totalFloatHours: z.number().nonnegative(),
  earlyStart: z.string(),
  earlyFinish: z.string(),
  lateStart: z.string(),
  lateFinish: z.string(),
});
export type ScheduleItem = z.infer<typeof ScheduleItemSchema>;

/** A finish-to-start dependency: `to` starts when `from` (its predecessor) finishes. */
export const ScheduleLinkSchema = z.object({
  from: ItemIdSchema,
  to: ItemIdSchema,
  critical: z.boolean(),
});
export type ScheduleLink = z.infer<typeof ScheduleLinkSchema>;

/**
 * The outcome of the critical path: computed (the project's start and CPM finish), or refused because the
 * predecessors close a cycle (the items of one cycle, named, with the message in the caller's language).
 */
export const CriticalPathSummarySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('computed'), projectStart: z.string(), projectFinish: z.string() }),
  z.object({ status: z.literal('empty') }),
  z.object({ status: z.literal('cycle'), cycle: z.array(z.string()), message: z.string() }),
]);
export type CriticalPathSummary = z.infer<typeof CriticalPathSummarySchema>;

export const ScheduleSchema = z.object({
  viewId: DefinitionIdSchema,
  name: z.string(),
  componentId: ComponentIdSchema,
  applicationId: z.number().int().positive(),
  /** The project shown; null when the caller sees none. */
  project: ScheduleProjectSchema.nullable(),
  /** The projects the caller may pick (of the application's project components), by title. */
  projects: z.array(ScheduleProjectSchema),
  items: z.array(ScheduleItemSchema),
  links: z.array(ScheduleLinkSchema),
  criticalPath: CriticalPathSummarySchema,
  /** More rows than MAX_SCHEDULE_ITEMS: the first ones in WBS order are answered. */
  capped: z.boolean(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

/**
 * A bar dragged (or its dates edited) on the schedule: an activity's new start and end go to the view's date
 * fields, a task's new date to its own date field — through the one save at `version`, so validation rules
 * (end after start), field permissions and version conflicts refuse it exactly as they refuse the form.
 */
export const RescheduleItemBodySchema = z.object({
  viewId: DefinitionIdSchema,
  itemId: ItemIdSchema,
  version: z.number().int().nonnegative(),
  start: z.iso.datetime({ offset: true }),
  // An end before the start is the component's rules' to refuse (e.g. 'fimAposInicio'), as in the form.
  end: z.iso.datetime({ offset: true }),
});
export type RescheduleItemBody = z.input<typeof RescheduleItemBodySchema>;

/** The schedule of one project as a file (XLSX, or MS Project XML so planners can open it). */
export const ExportScheduleQuerySchema = z.object({
  viewId: z.coerce.number().int().positive().max(2_147_483_647),
  projectId: z.coerce.number().int().positive(),
});
export type ExportScheduleQuery = z.input<typeof ExportScheduleQuerySchema>;
