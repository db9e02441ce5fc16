import { z } from 'zod';
import {
  ComponentIdSchema,
  ItemChangesSchema,
  ItemIdSchema,
  ItemWriteResultSchema,
} from '../items/items.schemas.ts';

const ActionKeySchema = z.string().trim().min(1).max(64);
const ReasonSchema = z.string().max(4000).nullish();
const UserIdSchema = z.number().int().positive();

/** One item a workflow call is about (spec §7.6 Workflow). */
export const WorkflowItemBodySchema = z.object({
  itemId: ItemIdSchema,
  componentId: ComponentIdSchema,
});
export type WorkflowItemBody = z.input<typeof WorkflowItemBodySchema>;

/** A status as the web app shows it: the definition's name in the caller's language and its colour. */
export const WorkflowStatusViewSchema = z.object({
  key: z.string(),
  name: z.string(),
  color: z.string(),
  initial: z.boolean(),
  final: z.boolean(),
});
export type WorkflowStatusView = z.infer<typeof WorkflowStatusViewSchema>;

/** Approvals an action waits for before it fires: `given` of `required`, and whether the caller gave one. */
export const ActionApprovalsSchema = z.object({
  required: z.number().int().positive(),
  given: z.number().int().min(0),
  givenByMe: z.boolean(),
});
export type ActionApprovals = z.infer<typeof ActionApprovalsSchema>;

/** An action this user may run on this item in its current status (spec §4 "Actions are fetched per item state"). */
export const AvailableActionSchema = z.object({
  key: z.string(),
  name: z.string(),
  to: WorkflowStatusViewSchema,
  reasonRequired: z.boolean(),
  responsibleRequired: z.boolean(),
  /** The definition's confirmation text in the caller's language, shown before the action runs. */
  confirmation: z.string().nullable(),
  approvals: ActionApprovalsSchema.nullable(),
});
export type AvailableAction = z.infer<typeof AvailableActionSchema>;

/** Spec §7.6 getActions: the item's status, responsible and the actions the caller may run now. */
export const GetActionsResultSchema = z.object({
  itemId: ItemIdSchema,
  version: z.number().int().positive(),
  status: WorkflowStatusViewSchema.nullable(),
  responsible: z.object({ id: UserIdSchema, name: z.string() }).nullable(),
  responsibleGroup: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
  actions: z.array(AvailableActionSchema),
});
export type GetActionsResult = z.infer<typeof GetActionsResultSchema>;

/** The action asked of an item; `values` are unsaved form values the condition is checked over. */
export const ActionBodySchema = WorkflowItemBodySchema.extend({
  action: ActionKeySchema,
  values: ItemChangesSchema.optional(),
});
export type ActionBody = z.input<typeof ActionBodySchema>;

/** Spec §7.6 validateByRule: whether the action's condition holds; `message` is its refusal text. */
export const ValidateByRuleResultSchema = z.object({
  valid: z.boolean(),
  message: z.string().nullable(),
});
export type ValidateByRuleResult = z.infer<typeof ValidateByRuleResultSchema>;

/** Spec §7.6 loadResponsibles: who the action may hand the item to (its candidates: a group, a field, the project). */
export const LoadResponsiblesResultSchema = z.object({
  responsibles: z.array(z.object({ id: UserIdSchema, name: z.string() })),
});
export type LoadResponsiblesResult = z.infer<typeof LoadResponsiblesResultSchema>;

/**
 * Spec §7.6 executeTaskAction: runs an action on one item at the version the client holds, with the reason and
 * responsible of the dialog and the form's unsaved `changes`, through the one write path (409 when stale).
 */
export const ExecuteTaskActionBodySchema = WorkflowItemBodySchema.extend({
  action: ActionKeySchema,
  version: z.number().int().positive(),
  reason: ReasonSchema,
  responsibleId: UserIdSchema.nullish(),
  changes: ItemChangesSchema.optional(),
});
export type ExecuteTaskActionBody = z.input<typeof ExecuteTaskActionBodySchema>;

/** What running an action did: the saved item, and `pendingApprovals` when it only recorded an approval. */
export const ActionResultSchema = z.object({
  saved: ItemWriteResultSchema,
  status: WorkflowStatusViewSchema.nullable(),
  responsibleId: UserIdSchema.nullable(),
  /** The action waits for more approvals: the item did not move. */
  pendingApprovals: ActionApprovalsSchema.nullable(),
});
export type ActionResult = z.infer<typeof ActionResultSchema>;

/**
 * Spec §7.6 triggerAction: the same action on several items (lists, kanban, bulk), each through the one write
 * path in its own savepoint; refusals come back per item as data, the others are saved.
 */
export const TriggerActionBodySchema = z.object({
  componentId: ComponentIdSchema,
  itemIds: z.array(ItemIdSchema).min(1).max(1000),
  action: ActionKeySchema,
  reason: ReasonSchema,
  responsibleId: UserIdSchema.nullish(),
});
export type TriggerActionBody = z.input<typeof TriggerActionBodySchema>;

/**
 * The codes of the workflow's own refusals (details[].code of a 400, WriteRefusal.code of triggerAction):
 * 'condition' is the action's validation rule (its message is the definition's text).
 */
export const WORKFLOW_REFUSAL_CODES = [
  'unknown',
  'noWorkflow',
  'notAvailable',
  'notAllowed',
  'reasonRequired',
  'responsibleRequired',
  'notCandidate',
  'notApprover',
  'alreadyApproved',
  'unknownGroup',
  'expressionFailed',
  'operationLoop',
  'unknownOperation',
  'delegateSelf',
  'delegateUnknown',
  'delegateRange',
  'delegatePast',
  'delegateOverlap',
  'signatureMissing',
  'condition',
] as const;
export type WorkflowRefusalCode = (typeof WORKFLOW_REFUSAL_CODES)[number];

/** A refusal as data: which item, which field (or 'action', 'reason', 'responsibleId') and the translated text. */
export const WriteRefusalSchema = z.object({
  itemId: ItemIdSchema.nullable(),
  row: z.number().int().min(0).nullable(),
  field: z.string(),
  code: z.string(),
  message: z.string(),
});
export type WriteRefusal = z.infer<typeof WriteRefusalSchema>;

export const TriggerActionResultSchema = z.object({
  saved: z.array(ItemWriteResultSchema),
  refused: z.array(WriteRefusalSchema),
});
export type TriggerActionResult = z.infer<typeof TriggerActionResultSchema>;

/** A user hands their work (items whose responsible they are) to another for a date range. */
export const DelegationSchema = z.object({
  id: z.number().int().positive(),
  fromUserId: UserIdSchema,
  fromUserName: z.string(),
  toUserId: UserIdSchema,
  toUserName: z.string(),
  /** ISO dates (YYYY-MM-DD), both included. */
  startsOn: z.string(),
  endsOn: z.string(),
});
export type Delegation = z.infer<typeof DelegationSchema>;

export const SaveDelegationBodySchema = z.object({
  toUserId: UserIdSchema,
  startsOn: z.iso.date(),
  endsOn: z.iso.date(),
});
export type SaveDelegationBody = z.input<typeof SaveDelegationBodySchema>;

export const DelegationsResultSchema = z.object({
  /** Mine to others, and others' to me. */
  given: z.array(DelegationSchema),
  received: z.array(DelegationSchema),
});
export type DelegationsResult = z.infer<typeof DelegationsResultSchema>;

/** 'Minhas pendências': items whose responsible is the caller, one of their groups or who delegated to them. */
export const PendingWorkBodySchema = z.object({
  applicationId: z.number().int().positive(),
  /** Only this status key, when given. */
  status: z.string().max(100).nullish(),
  page: z.number().int().min(1).max(10000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});
export type PendingWorkBody = z.input<typeof PendingWorkBodySchema>;

export const PendingWorkItemSchema = z.object({
  id: ItemIdSchema,
  componentId: ComponentIdSchema,
  componentName: z.string(),
  /** The form the item opens in. */
  formId: z.number().int().positive(),
  projectId: z.number().int().positive().nullable(),
  formattedId: z.string(),
  title: z.string().nullable(),
  status: WorkflowStatusViewSchema.nullable(),
  responsibleName: z.string().nullable(),
  responsibleGroupName: z.string().nullable(),
  /** ISO instant of the last change. */
  modifiedAt: z.string(),
});
export type PendingWorkItem = z.infer<typeof PendingWorkItemSchema>;

export const PendingWorkResultSchema = z.object({
  /** Counts per status (for the status chips), over every page. */
  byStatus: z.array(z.object({ status: WorkflowStatusViewSchema, count: z.number().int().min(0) })),
  items: z.array(PendingWorkItemSchema),
  total: z.number().int().min(0),
});
export type PendingWorkResult = z.infer<typeof PendingWorkResultSchema>;
