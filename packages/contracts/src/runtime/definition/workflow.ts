import { z } from 'zod';
import { ItemRoleSchema, WorkflowEffectSchema } from './effects.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { ColorSchema, DefinitionKeySchema, ExpressionSchema, FieldReferenceSchema } from './primitives.ts';

const GroupNameSchema = z.string().trim().min(1).max(100);

/**
 * How long an item may stay in a status (the kanban issue reads it: lanes, late cards, reminders). Only the
 * shape is fixed here; the engine of this issue does not act on it.
 */
export const StatusSlaSchema = z.object({
  /** Hours in the status before the item is late. */
  hours: z.number().positive().max(100_000),
  /** Counted in working time (the department's calendar) rather than calendar hours. */
  workingTime: z.boolean().default(true),
  /** The share of `hours` after which the item is shown as due soon. */
  warnAtPercent: z.number().int().min(1).max(100).optional(),
});
export type StatusSla = z.infer<typeof StatusSlaSchema>;

/** A status of a component's workflow (spec §3 "Items have statuses and actions"). */
export const WorkflowStatusSchema = z.object({
  key: DefinitionKeySchema,
  name: LocalizedTextSchema,
  color: ColorSchema.default('#9E9E9E'),
  /** New items start here; a workflow has exactly one initial status. */
  initial: z.boolean().default(false),
  /** No action leaves a final status. */
  final: z.boolean().default(false),
  /** Effects run when an item enters this status, whichever action brought it (before the action's own). */
  onEnter: z.array(WorkflowEffectSchema).default([]),
  sla: StatusSlaSchema.optional(),
});
export type WorkflowStatus = z.infer<typeof WorkflowStatusSchema>;

/** A rule an action checks before it runs; the expression is true when the item may move on. */
export const ActionValidationSchema = z.object({
  expression: ExpressionSchema,
  message: LocalizedTextSchema,
});

/**
 * Whom the action's dialog offers as the next responsible: the members of a group, the users a USERS field
 * holds, or the members of the item's project. Without it: the project's members for items in a project, else
 * the members of the action's `allowedGroups`.
 */
export const ResponsibleCandidatesSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('group'), group: GroupNameSchema }),
  z.object({ kind: z.literal('field'), field: FieldReferenceSchema }),
  z.object({ kind: z.literal('projectMembers') }),
]);
export type ResponsibleCandidates = z.infer<typeof ResponsibleCandidatesSchema>;

/**
 * The action fires only once `count` different members of `group` ran it (each approval recorded with its
 * reason); until then each run records one approval and the item stays where it is.
 */
export const ActionApprovalsRuleSchema = z.object({
  count: z.number().int().min(1).max(50),
  group: GroupNameSchema,
});

/**
 * An action moves an item from one of `from` to `to`. Who may run it: administrators; holders of one of
 * `allowedRoles`, members of one of `allowedGroups`, or users a field of `allowedUserFields` names; when all
 * three are empty, anyone who may edit the item. A user to whom one of those delegated their work today may
 * run it as well. The user's edit permission (§6) is always required.
 */
export const WorkflowActionSchema = z.object({
  key: DefinitionKeySchema,
  name: LocalizedTextSchema,
  from: z.array(DefinitionKeySchema).min(1),
  to: DefinitionKeySchema,
  allowedGroups: z.array(GroupNameSchema).default([]),
  allowedRoles: z.array(ItemRoleSchema).default([]),
  /** USERS (or USERS_OR_GROUPS) fields whose users may run the action. */
  allowedUserFields: z.array(FieldReferenceSchema).default([]),
  reasonRequired: z.boolean().default(false),
  /** The dialog asks for the next responsible (unless the item has one already). */
  responsibleRequired: z.boolean().default(false),
  responsibleCandidates: ResponsibleCandidatesSchema.optional(),
  /** Shown before the action runs (the user confirms). */
  confirmation: LocalizedTextSchema.optional(),
  validation: ActionValidationSchema.optional(),
  approvals: ActionApprovalsRuleSchema.optional(),
  /** Run when the action fires, after the entered status's onEnter effects. */
  effects: z.array(WorkflowEffectSchema).default([]),
});
export type WorkflowAction = z.infer<typeof WorkflowActionSchema>;

export const WorkflowDefinitionSchema = z.object({
  statuses: z.array(WorkflowStatusSchema).min(1),
  actions: z.array(WorkflowActionSchema).default([]),
});
export type WorkflowDefinition = z.infer<typeof WorkflowDefinitionSchema>;
export type WorkflowDefinitionInput = z.input<typeof WorkflowDefinitionSchema>;
