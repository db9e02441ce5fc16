import { z } from 'zod';
import { ComponentIdSchema, ItemChangesSchema, ItemIdSchema } from '../items/items.schemas.ts';
import { ListQueryBodySchema } from '../listing/listing.schemas.ts';
import { AvailableActionSchema } from '../workflow/workflow.schemas.ts';

/** A bulk job never covers more items than this (a selection or every item of a filter). */
export const MAX_BULK_ITEMS = 20_000;

/** Spec §4 "Bulk operation. Running, Finished, Pending", plus the state of a job the user stopped. */
export const BULK_JOB_STATUSES = ['pending', 'running', 'finished', 'interrupted'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];

/** One item of a job: waiting, taken by a worker, written, refused (its error kept), or left by an interruption. */
export const BULK_ITEM_STATES = ['pending', 'claimed', 'done', 'failed', 'interrupted'] as const;
export type BulkItemState = (typeof BULK_ITEM_STATES)[number];

/** What a job does to each item: a workflow action (with the dialog's reason and responsible) or field values. */
export const BulkOperationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('action'),
    action: z.string().trim().min(1).max(64),
    reason: z.string().max(4000).nullish(),
    responsibleId: z.number().int().positive().nullish(),
  }),
  z.object({ kind: z.literal('update'), changes: ItemChangesSchema }),
]);
export type BulkOperation = z.infer<typeof BulkOperationSchema>;

/** Every item of the list's current filter (its project, saved query and filter tree), resolved by the server. */
export const BulkFilterSchema = ListQueryBodySchema.pick({
  projectId: true,
  queryId: true,
  filters: true,
  logicSeparator: true,
});
export type BulkFilter = z.input<typeof BulkFilterSchema>;

/**
 * Spec §7.6 executeBulkOperation: the operation over the selected `itemIds`, or — with `filter` and no
 * selection — over every item of that filter the caller sees. Neither: 400 'Select at least one item!'.
 */
export const ExecuteBulkOperationBodySchema = z.object({
  componentId: ComponentIdSchema,
  operation: BulkOperationSchema,
  itemIds: z.array(ItemIdSchema).max(MAX_BULK_ITEMS).default([]),
  filter: BulkFilterSchema.optional(),
});
export type ExecuteBulkOperationBody = z.input<typeof ExecuteBulkOperationBodySchema>;

/** A job as its creator follows it: the operation, its state and the counts of its items. */
export const BulkJobSchema = z.object({
  id: z.number().int().positive(),
  componentId: ComponentIdSchema,
  componentName: z.string(),
  applicationId: z.number().int(),
  /** The action's name, or the labels of the updated fields, in the caller's language. */
  description: z.string(),
  operation: BulkOperationSchema,
  target: z.enum(['selection', 'filter']),
  status: z.enum(BULK_JOB_STATUSES),
  creatorId: z.number().int(),
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  failed: z.number().int().min(0),
  interrupted: z.number().int().min(0),
  /** Items not run yet (waiting or being run). */
  remaining: z.number().int().min(0),
  /** ISO instants. */
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkJob = z.infer<typeof BulkJobSchema>;

/** An item a job did not write: why (the write path's refusal: field, code and translated text). */
export const BulkItemErrorSchema = z.object({
  itemId: ItemIdSchema,
  formattedId: z.string().nullable(),
  title: z.string().nullable(),
  state: z.enum(['failed', 'interrupted']),
  field: z.string().nullable(),
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type BulkItemError = z.infer<typeof BulkItemErrorSchema>;

/** getBulkJob: the job and the first of its failed or interrupted items (up to MAX_BULK_ERRORS_SHOWN). */
export const BulkJobDetailSchema = z.object({ job: BulkJobSchema, errors: z.array(BulkItemErrorSchema) });
export type BulkJobDetail = z.infer<typeof BulkJobDetailSchema>;
export const MAX_BULK_ERRORS_SHOWN = 200;

export const BulkJobIdBodySchema = z.object({ id: z.number().int().positive() });
export type BulkJobIdBody = z.input<typeof BulkJobIdBodySchema>;

export const ListBulkJobsBodySchema = z.object({
  /** Only the jobs of this application's components. */
  applicationId: z.number().int().positive().optional(),
});
export type ListBulkJobsBody = z.input<typeof ListBulkJobsBodySchema>;
export const ListBulkJobsResultSchema = z.object({ jobs: z.array(BulkJobSchema) });
export type ListBulkJobsResult = z.infer<typeof ListBulkJobsResultSchema>;

/** The value kinds (field-type-registry.ts) a bulk update offers. */
export const BULK_VALUE_KINDS = ['text', 'number', 'boolean', 'choice'] as const;
export type BulkValueKind = (typeof BULK_VALUE_KINDS)[number];

/** What a bulk operation on a component may do: its workflow actions and the fields a bulk update may set. */
export const BulkOptionsSchema = z.object({
  /** As getActions answers them (the action dialog shows them alike), without an item's approvals. */
  actions: z.array(AvailableActionSchema.omit({ approvals: true })),
  /** Fields a bulk update may set from one plain value: text, number, yes/no, or one of a picklist's options. */
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      kind: z.enum(BULK_VALUE_KINDS),
      /** A choice's options (value stored, text shown). */
      options: z.array(z.object({ value: z.string(), text: z.string() })),
    }),
  ),
});
export type BulkOptions = z.infer<typeof BulkOptionsSchema>;

/**
 * loadBulkResponsibles: whom the action may hand the items of a job to — the same target as executeBulkOperation
 * (the selection, or every item of the filter). One responsible is given to every item, so only the people
 * valid for all of them are offered: `differ` says the items' candidates differ (other projects, other
 * people in the field the action reads) and the list is what they have in common — empty when nothing is, or
 * when the items draw on more than MAX_BULK_RESPONSIBLE_SOURCES projects or values.
 */
export const LoadBulkResponsiblesBodySchema = ExecuteBulkOperationBodySchema.pick({
  componentId: true,
  itemIds: true,
  filter: true,
}).extend({ action: z.string().trim().min(1).max(64) });
export type LoadBulkResponsiblesBody = z.input<typeof LoadBulkResponsiblesBodySchema>;
export const LoadBulkResponsiblesResultSchema = z.object({
  responsibles: z.array(z.object({ id: z.number().int().positive(), name: z.string() })),
  differ: z.boolean(),
});
export type LoadBulkResponsiblesResult = z.infer<typeof LoadBulkResponsiblesResultSchema>;
export const MAX_BULK_RESPONSIBLE_SOURCES = 20;
