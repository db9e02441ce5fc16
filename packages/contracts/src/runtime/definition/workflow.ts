import { z } from 'zod';
import { EffectSchema, ItemRoleSchema } from './effects.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { ColorSchema, DefinitionKeySchema, ExpressionSchema } from './primitives.ts';

/** A status of a component's workflow (spec §3 "Items have statuses and actions"). */
export const WorkflowStatusSchema = z.object({
  key: DefinitionKeySchema,
  name: LocalizedTextSchema,
  color: ColorSchema.default('#9E9E9E'),
  /** New items start here; a workflow has exactly one initial status. */
  initial: z.boolean().default(false),
  /** No action leaves a final status. */
  final: z.boolean().default(false),
  /** Effects run when an item enters this status (set fields, notify, generate a document). */
  onEnter: z.array(EffectSchema).default([]),
});
export type WorkflowStatus = z.infer<typeof WorkflowStatusSchema>;

/** A rule an action checks before it runs; the expression is true when the item may move on. */
export const ActionValidationSchema = z.object({
  expression: ExpressionSchema,
  message: LocalizedTextSchema,
});

/**
 * An action moves an item from one of `from` to `to`. Who may run it: members of `allowedGroups` or holders of
 * `allowedRoles`; when both are empty, anyone who may edit the item. The user's edit permission (§6) is always
 * required as well.
 */
export const WorkflowActionSchema = z.object({
  key: DefinitionKeySchema,
  name: LocalizedTextSchema,
  from: z.array(DefinitionKeySchema).min(1),
  to: DefinitionKeySchema,
  allowedGroups: z.array(z.string().trim().min(1).max(100)).default([]),
  allowedRoles: z.array(ItemRoleSchema).default([]),
  reasonRequired: z.boolean().default(false),
  responsibleRequired: z.boolean().default(false),
  validation: ActionValidationSchema.optional(),
});
export type WorkflowAction = z.infer<typeof WorkflowActionSchema>;

export const WorkflowDefinitionSchema = z.object({
  statuses: z.array(WorkflowStatusSchema).min(1),
  actions: z.array(WorkflowActionSchema).default([]),
});
export type WorkflowDefinition = z.infer<typeof WorkflowDefinitionSchema>;
export type WorkflowDefinitionInput = z.input<typeof WorkflowDefinitionSchema>;
