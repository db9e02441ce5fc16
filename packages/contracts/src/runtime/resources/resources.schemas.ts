import { z } from 'zod';
import { ColorSchema } from '../definition/primitives.ts';
import { ComponentIdSchema, ItemIdSchema } from '../items/items.schemas.ts';

/** Spec §7.4: a resource is a person (a user) or a named asset (a vehicle, a machine). */
export const RESOURCE_KINDS = ['user', 'asset'] as const;
export const ResourceKindSchema = z.enum(RESOURCE_KINDS);
export type ResourceKind = z.infer<typeof ResourceKindSchema>;

/** Highest cost per hour the column holds (numeric(12, 2)). */
export const MAX_RESOURCE_COST_PER_HOUR = 9_999_999_999.99;

const positiveId = z.number().int().positive();
const idFromQuery = z.coerce.number().int().positive();

/**
 * Resources are read from an application's page (/runtime/{appID}/resourcesList/{title}) or from a form's
 * RESOURCES field: the caller names the application, or the component whose form asks; either must be granted
 * to them (403 otherwise).
 */
const scopeRefinement = (scope: { applicationId?: number | undefined; componentId?: number | undefined }) =>
  (scope.applicationId === undefined) !== (scope.componentId === undefined);

/** POST /resource/getResources: a page of the resources, filtered. */
export const GetResourcesBodySchema = z
  .object({
    applicationId: positiveId.optional(),
    componentId: ComponentIdSchema.optional(),
    /** Contains, ignoring case and accents: the resource's name (an asset's, or its person's). */
    search: z.string().trim().max(200, { error: 'tooLong' }).optional(),
    kind: ResourceKindSchema.optional(),
    active: z.boolean().optional(),
    /** Only these resources (a form resolving the ids it holds). */
    ids: z.array(positiveId).max(500).optional(),
    /** 1-based. */
    page: z.number().int().min(1).max(100_000).optional().default(1),
    pageSize: z.number().int().min(1).max(500).optional().default(100),
  })
  .refine(scopeRefinement, { path: ['applicationId'], error: 'required' });
export type GetResourcesBody = z.input<typeof GetResourcesBodySchema>;

/** A row of the resource list. */
export const ResourceRowSchema = z.object({
  id: positiveId,
  kind: ResourceKindSchema,
  /** An asset's name, or its person's. */
  name: z.string(),
  userId: positiveId.nullable(),
  /** The person's e-mail: personal data, answered to administrators only (null otherwise and for assets). */
  email: z.string().nullable(),
  calendarId: positiveId.nullable(),
  calendarName: z.string().nullable(),
  costPerHour: z.number().min(0),
  supervisorId: positiveId.nullable(),
  supervisorName: z.string().nullable(),
  /** The resource's projects the caller may see. */
  projectCount: z.number().int().min(0),
  active: z.boolean(),
  /** The caller may change it (an administrator, or its supervisor). */
  canEdit: z.boolean(),
});
export type ResourceRow = z.infer<typeof ResourceRowSchema>;

export const ResourcesPageSchema = z.object({
  rows: z.array(ResourceRowSchema),
  /** Resources matching the filters (all pages). */
  total: z.number().int().min(0),
  /** The caller may create and delete resources (administrators). */
  canManage: z.boolean(),
});
export type ResourcesPage = z.infer<typeof ResourcesPageSchema>;

/** `?resourceId=&applicationId=`; resourceId 0 = a new resource (form data, blank record). */
export const ResourceQuerySchema = z.object({
  resourceId: z.coerce.number().int().min(0),
  applicationId: idFromQuery,
});
export type ResourceQuery = z.input<typeof ResourceQuerySchema>;

export const ResourceChoiceSchema = z.object({ id: positiveId, name: z.string() });
export type ResourceChoice = z.infer<typeof ResourceChoiceSchema>;

/** A project as a resource form or page names it. */
export const ResourceProjectSchema = z.object({
  id: ItemIdSchema,
  componentId: ComponentIdSchema,
  /** The component's first standard form (what its edit route opens); null when it has none. */
  formId: z.number().int().positive().nullable(),
  formattedId: z.string(),
  title: z.string(),
});
export type ResourceProject = z.infer<typeof ResourceProjectSchema>;

/** What the resource form offers: people not yet resources, calendars, the caller's projects, supervisors. */
export const ResourceFormInitialDataSchema = z.object({
  /** Active department users that are no resource yet (and the edited resource's own person). */
  users: z.array(ResourceChoiceSchema),
  calendars: z.array(ResourceChoiceSchema),
  projects: z.array(ResourceProjectSchema),
  /** Active department users. */
  supervisors: z.array(ResourceChoiceSchema),
});
export type ResourceFormInitialData = z.infer<typeof ResourceFormInitialDataSchema>;

/** The edit record of a resource (a blank one for resourceId 0). `version` goes back on save. */
export const ResourceEditSchema = z.object({
  id: z.number().int().min(0),
  kind: ResourceKindSchema,
  userId: positiveId.nullable(),
  userName: z.string().nullable(),
  name: z.string(),
  calendarId: positiveId.nullable(),
  calendarName: z.string().nullable(),
  costPerHour: z.number().min(0),
  supervisorId: positiveId.nullable(),
  supervisorName: z.string().nullable(),
  /** The resource's projects the caller may see (others it has are kept by a save). */
  projects: z.array(ResourceProjectSchema),
  active: z.boolean(),
  /** 0 for a new (blank) record. */
  version: z.number().int().min(0),
  /** The caller may save it: administrators; a supervisor their resources. */
  canEdit: z.boolean(),
  /** The caller may change its kind, person and supervisor (administrators). */
  canChangeOwnership: z.boolean(),
});
export type ResourceEdit = z.infer<typeof ResourceEditSchema>;

export const ResourceProjectsSchema = z.object({ projects: z.array(ResourceProjectSchema) });
export type ResourceProjects = z.infer<typeof ResourceProjectsSchema>;

/** `?resourceId=&projectId=&applicationId=`: the open work of a resource in one of its projects. */
export const ResourcePendingQuerySchema = z.object({
  resourceId: idFromQuery,
  projectId: idFromQuery,
  applicationId: idFromQuery,
});
export type ResourcePendingQuery = z.input<typeof ResourcePendingQuerySchema>;

/** Most pending items one call answers (the first by due date). */
export const MAX_RESOURCE_PENDING_ITEMS = 500;

export const ResourcePendingItemSchema = z.object({
  itemId: ItemIdSchema,
  componentId: ComponentIdSchema,
  /** The component's label in the caller's language ('Tarefa'). */
  componentLabel: z.string(),
  formId: z.number().int().positive().nullable(),
  formattedId: z.string(),
  title: z.string(),
  statusName: z.string().nullable(),
  statusColor: ColorSchema.nullable(),
  /** When the item's current status is due (its SLA), ISO; null without one. */
  dueAt: z.string().nullable(),
});
export type ResourcePendingItem = z.infer<typeof ResourcePendingItemSchema>;

export const ResourcePendingItemsSchema = z.object({
  items: z.array(ResourcePendingItemSchema),
  /** More matched than MAX_RESOURCE_PENDING_ITEMS. */
  capped: z.boolean(),
});
export type ResourcePendingItems = z.infer<typeof ResourcePendingItemsSchema>;

/** At most two decimal places (cents), read from the number's shortest decimal text. */
const hasCents = (value: number) => Number(value.toFixed(2)) === value;

/**
 * The record the resource form sends. `id` 0 creates one (administrators). A person needs `userId`, an asset a
 * `name`; `version` is the one read (0 for a new resource): a stale one answers 409.
 */
export const SaveResourceBodySchema = z
  .object({
    id: z.number().int().min(0),
    kind: ResourceKindSchema,
    userId: positiveId.nullable().optional().default(null),
    name: z.string().trim().max(200, { error: 'tooLong' }).optional().default(''),
    calendarId: positiveId.nullable().optional().default(null),
    costPerHour: z
      .number({ error: 'invalidValue' })
      .min(0, { error: 'numberOutOfRange' })
      .max(MAX_RESOURCE_COST_PER_HOUR, { error: 'numberOutOfRange' })
      .refine(hasCents, { error: 'currencyDecimals' }),
    supervisorId: positiveId.nullable().optional().default(null),
    projectIds: z.array(ItemIdSchema).max(500).optional().default([]),
    active: z.boolean().optional().default(true),
    version: z.number().int().min(0),
  })
  .superRefine((body, context) => {
    if (body.kind === 'asset' && body.name === '')
      context.addIssue({ code: 'custom', path: ['name'], message: 'required' });
    if (body.kind === 'user' && body.userId === null)
      context.addIssue({ code: 'custom', path: ['userId'], message: 'required' });
  });
export type SaveResourceBody = z.input<typeof SaveResourceBodySchema>;

/** `message`: the translated success notice. */
export const SaveResourceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: positiveId,
  version: z.number().int().min(1),
});
export type SaveResourceResponse = z.infer<typeof SaveResourceResponseSchema>;

export const DeleteResourcesBodySchema = z.object({ ids: z.array(positiveId).min(1).max(1000) });
export type DeleteResourcesBody = z.input<typeof DeleteResourcesBodySchema>;

export const DeleteResourcesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  deleted: z.array(positiveId),
});
export type DeleteResourcesResponse = z.infer<typeof DeleteResourcesResponseSchema>;

/** The activityResource form component (spec §3): the resources of an item (an activity) of a project. */
export const ActivityResourcesQuerySchema = z.object({ itemId: z.coerce.number().int().positive() });
export type ActivityResourcesQuery = z.input<typeof ActivityResourcesQuerySchema>;

/** A resource of the item's project with the time its person entered on the item and what that cost. */
export const ActivityResourceSchema = z.object({
  resourceId: positiveId,
  kind: ResourceKindSchema,
  name: z.string(),
  costPerHour: z.number().min(0),
  minutes: z.number().int().min(0),
  /** minutes / 60 × costPerHour, in reais (two decimals). */
  cost: z.number().min(0),
});
export type ActivityResource = z.infer<typeof ActivityResourceSchema>;

export const ActivityResourcesSchema = z.object({
  itemId: ItemIdSchema,
  resources: z.array(ActivityResourceSchema),
  totalMinutes: z.number().int().min(0),
  totalCost: z.number().min(0),
});
export type ActivityResources = z.infer<typeof ActivityResourcesSchema>;
