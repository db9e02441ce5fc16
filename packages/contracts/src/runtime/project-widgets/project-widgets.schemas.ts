import { z } from 'zod';
import { ColorSchema } from '../definition/primitives.ts';
import { ComponentIdSchema, ItemIdSchema } from '../items/items.schemas.ts';

const idFromQuery = z.coerce.number().int().positive();
/** A calendar day `YYYY-MM-DD`, read in the platform's time zone (America/Sao_Paulo). */
export const CalendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalidValue' })
  // A real day: Date.parse would roll 2026-02-31 over into March.
  .refine((day) => new Date(Date.parse(`${day}T00:00:00Z`) || 0).toISOString().slice(0, 10) === day, {
    error: 'invalidValue',
  });

/** Most days one projectCalendar call covers: a month grid shows six weeks. */
export const MAX_CALENDAR_DAYS = 42;
/** Most entries one projectCalendar call answers (a month of a very busy project still fits). */
export const MAX_CALENDAR_ENTRIES = 1000;

/** The projects widgets are asked for the item a form shows: its project, or itself when it is one. */
export const ProjectWidgetQuerySchema = z.object({ itemId: idFromQuery });
export type ProjectWidgetQuery = z.input<typeof ProjectWidgetQuerySchema>;

/** The project a widget answers for; null when the item belongs to no project. */
const ProjectRefSchema = z
  .object({ id: ItemIdSchema, formattedId: z.string(), title: z.string() })
  .nullable();

/** Days between two day keys (both UTC midnights: no time-zone shift). */
export function calendarDaysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** A month grid's range: `to` not before `from`, at most MAX_CALENDAR_DAYS days (400 naming `to` otherwise). */
export const LoadProjectCalendarQuerySchema = z
  .object({ itemId: idFromQuery, from: CalendarDaySchema, to: CalendarDaySchema })
  .refine(({ from, to }) => from <= to && calendarDaysBetween(from, to) < MAX_CALENDAR_DAYS, {
    path: ['to'],
    error: 'invalidValue',
  });
export type LoadProjectCalendarQuery = z.input<typeof LoadProjectCalendarQuerySchema>;

/** An item of the project on the calendar: on `date`, or from `date` to `endDate` (ISO instants). */
export const ProjectCalendarEntrySchema = z.object({
  itemId: ItemIdSchema,
  componentId: ComponentIdSchema,
  /** The component's first standard form (what its edit route opens); null when it has none. */
  formId: z.number().int().positive().nullable(),
  formattedId: z.string(),
  title: z.string(),
  date: z.string(),
  endDate: z.string().optional(),
  /** The colour of the entry: the calendar view's colour field or colour, else the item's status colour. */
  statusColor: ColorSchema.optional(),
  /** The item's status name in the caller's language. */
  statusName: z.string().optional(),
});
export type ProjectCalendarEntry = z.infer<typeof ProjectCalendarEntrySchema>;
export const ProjectCalendarSchema = z.object({
  project: ProjectRefSchema,
  entries: z.array(ProjectCalendarEntrySchema),
  /** More entries matched than MAX_CALENDAR_ENTRIES: the first ones by date are answered. */
  capped: z.boolean(),
  /** The days of the range the project's working calendar does not work (weekends, holidays). */
  nonWorkingDays: z.array(CalendarDaySchema),
});
export type ProjectCalendar = z.infer<typeof ProjectCalendarSchema>;

/** A person of the project (spec §6 permissions): directly, through a group, or as its manager. */
export const ProjectResourceSchema = z.object({
  userId: z.number().int().positive(),
  name: z.string(),
  /** The avatar image (a data URL or an address); empty when none. */
  avatar: z.string(),
  access: z.enum(['edit', 'read']),
  /**
   * How they belong: a permission entry of their own, a group's entry, or only as the project's manager (the
   * manager may change the project whatever the entries say).
   */
  source: z.enum(['direct', 'group', 'manager']),
  /** Only through a group: its name (the first by name when several grant access). */
  viaGroup: z.string().optional(),
  /** The project's manager (its responsible). */
  isManager: z.boolean(),
  /** Visible items of the project this user is responsible for whose status is not final. */
  openItems: z.number().int().min(0),
});
export type ProjectResource = z.infer<typeof ProjectResourceSchema>;
export const ProjectResourcesSchema = z.object({
  project: ProjectRefSchema,
  members: z.array(ProjectResourceSchema),
});
export type ProjectResources = z.infer<typeof ProjectResourcesSchema>;

export const ProjectItemTypeCountSchema = z.object({
  componentId: ComponentIdSchema,
  name: z.string(),
  /** Items of this type in the project the caller may see. */
  count: z.number().int().min(0),
});
export const ProjectConfigurationSchema = z.object({
  project: ProjectRefSchema,
  /** Null when the item belongs to no project (the other fields are then empty). */
  manager: z.object({ userId: z.number().int().positive(), name: z.string() }).nullable(),
  statusName: z.string().nullable(),
  statusColor: ColorSchema.nullable(),
  /** Some permission entry restricts its grantee to the folders granted to them. */
  folderAccessRestricted: z.boolean(),
  readOnlyEntries: z.number().int().min(0),
  userEntries: z.number().int().min(0),
  groupEntries: z.number().int().min(0),
  /** The caller may change the project's permissions (its manager or an administrator). */
  canManagePermissions: z.boolean(),
  itemTypes: z.array(ProjectItemTypeCountSchema),
});
export type ProjectConfiguration = z.infer<typeof ProjectConfigurationSchema>;

/** The type of a saved item: its component, formatted-ID pattern and current status. */
export const ItemTypeInfoSchema = z.object({
  itemId: ItemIdSchema,
  componentId: ComponentIdSchema,
  /** The component's technical name. */
  name: z.string(),
  label: z.string(),
  pluralLabel: z.string(),
  formattedId: z.string(),
  formattedIdPattern: z.string(),
  isProject: z.boolean(),
  status: z.object({ key: z.string(), name: z.string(), color: ColorSchema, final: z.boolean() }).nullable(),
  project: ProjectRefSchema,
});
export type ItemTypeInfo = z.infer<typeof ItemTypeInfoSchema>;

export const ProjectItemTypeChoicesQuerySchema = z.object({ projectId: idFromQuery });
export type ProjectItemTypeChoicesQuery = z.input<typeof ProjectItemTypeChoicesQuerySchema>;
/** An item type a new item of the project may be: the form its insert route opens (null: none). */
export const ProjectItemTypeChoiceSchema = z.object({
  componentId: ComponentIdSchema,
  label: z.string(),
  formId: z.number().int().positive().nullable(),
});
export type ProjectItemTypeChoice = z.infer<typeof ProjectItemTypeChoiceSchema>;
export const ProjectItemTypeChoicesSchema = z.object({ choices: z.array(ProjectItemTypeChoiceSchema) });
export type ProjectItemTypeChoices = z.infer<typeof ProjectItemTypeChoicesSchema>;
