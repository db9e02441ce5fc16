import { z } from 'zod';
import { ItemRoleSchema, WorkflowEffectSchema } from './effects.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import {
  ColorSchema,
  DefinitionIdSchema,
  DefinitionKeySchema,
  ExpressionSchema,
  FieldReferenceSchema,
} from './primitives.ts';

const GroupNameSchema = z.string().trim().min(1).max(100);

/** How a status's deadline is counted: working days or hours of the calendar (engine/deadlines), or clock hours. */
export const SLA_UNITS = ['workingDays', 'workingHours', 'hours'] as const;
export type SlaUnit = (typeof SLA_UNITS)[number];

/** The share of the deadline's working time after which an item is due soon (and its responsible warned). */
export const DEFAULT_SLA_WARN_AT_PERCENT = 75;

const SlaShapeSchema = z
  .object({
    /** '2 dias úteis' is `{ amount: 2, unit: 'workingDays' }`: one working day is one day of the calendar. */
    amount: z.number().positive().max(10_000),
    unit: z.enum(SLA_UNITS),
    /** The share of the deadline's working time after which the item is due soon and the warning goes out. */
    warnAtPercent: z.number().int().min(1).max(99).default(DEFAULT_SLA_WARN_AT_PERCENT),
    /** Told when the deadline passes; without it the group whose queue holds the item, or the responsible's. */
    escalateToGroup: GroupNameSchema.optional(),
  })
  .refine((sla) => sla.unit !== 'workingDays' || Number.isInteger(sla.amount), {
    error: 'workingDays counts whole days',
    path: ['amount'],
  });

/** The first shape (hours only), still read from stored definitions: working hours unless `workingTime` is false. */
const LegacySlaSchema = z
  .object({
    hours: z.number().positive().max(100_000),
    workingTime: z.boolean().default(true),
    warnAtPercent: z.number().int().min(1).max(99).optional(),
  })
  .strict()
  .transform((legacy) => ({
    amount: legacy.hours,
    unit: legacy.workingTime ? ('workingHours' as const) : ('hours' as const),
    warnAtPercent: legacy.warnAtPercent ?? DEFAULT_SLA_WARN_AT_PERCENT,
  }));

/**
 * How long an item may stay in a status (spec issue 16 "Deadlines"): entering the status gives the item its
 * due date; the sweeper warns and escalates (engine/deadlines).
 */
export const StatusSlaSchema = z.union([SlaShapeSchema, LegacySlaSchema]);
/** The read SLA (either shape comes out as this one). */
export type StatusSla = z.output<typeof SlaShapeSchema>;

/** A status of a component's workflow (spec §3 "Items have statuses and actions"). */
export const WorkflowStatusSchema = z.object({
  key: DefinitionKeySchema,
  name: LocalizedTextSchema,
  color: ColorSchema.default('#9E9E9E'),
  /** New items start here; a workflow has exactly one initial status. */
  initial: z.boolean().default(false),
  /** No action leaves a final status. */
  final: z.boolean().default(false),
  /**
   * Work on an item here is over though an action may still reopen it ('Concluída'): pending lists, resources'
   * pending work and timesheets leave it out, as they leave out a final status.
   */
  done: z.boolean().default(false),
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
 * A signature the action waits for: the current version of the document last generated from the print layout
 * (a workflow's generateDocument) must carry a digital signature by the user running the action — a
 * co-signature such as the permissionário's A1 on the TPEU the department signed. That user may sign the
 * document (the attachment's 'Assinar') while the item waits in one of the action's `from` statuses, even when
 * they may change nothing else.
 */
export const ActionSignatureSchema = z.object({ printLayoutId: DefinitionIdSchema });
export type ActionSignature = z.infer<typeof ActionSignatureSchema>;

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
  signatureRequired: ActionSignatureSchema.optional(),
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
