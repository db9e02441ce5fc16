import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema, ExpressionSchema, FieldReferenceSchema } from './primitives.ts';

/**
 * Roles a workflow action or a notification can name besides groups: relative to the item (its creator, its
 * responsible, its project's manager or members) or platform-wide (administrators).
 */
export const ITEM_ROLES = [
  'creator',
  'responsible',
  'projectManager',
  'projectMember',
  'administrator',
] as const;
export type ItemRole = (typeof ITEM_ROLES)[number];
export const ItemRoleSchema = z.enum(ITEM_ROLES);

/** Who receives a notification: a role of the item, a group by name, or the users held by a field. */
export const RecipientSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('role'), role: ItemRoleSchema }),
  z.object({ kind: z.literal('group'), group: z.string().trim().min(1).max(100) }),
  /** A USERS, GROUPS or USERS_OR_GROUPS field of the item. */
  z.object({ kind: z.literal('field'), field: FieldReferenceSchema }),
]);
export type Recipient = z.infer<typeof RecipientSchema>;

export const NOTIFICATION_CHANNELS = ['message', 'email', 'push'] as const;

/**
 * A side effect, run inside the transaction that saves the item: when a workflow status is entered, or by a
 * business-rule action.
 */
export const EffectSchema = z.discriminatedUnion('kind', [
  /** Sets a configured field (or Title) to the value of an expression over the item. */
  z.object({ kind: z.literal('setField'), field: FieldReferenceSchema, expression: ExpressionSchema }),
  z.object({
    kind: z.literal('notify'),
    recipients: z.array(RecipientSchema).min(1),
    subject: LocalizedTextSchema,
    message: LocalizedTextSchema,
    channels: z.array(z.enum(NOTIFICATION_CHANNELS)).min(1).default(['message']),
  }),
  /** Renders a print layout of the same component into a PDF, attached to the item. */
  z.object({
    kind: z.literal('generateDocument'),
    printLayoutId: DefinitionIdSchema,
    attach: z.boolean().default(true),
    sign: z.boolean().default(false),
  }),
]);
export type Effect = z.infer<typeof EffectSchema>;
export type EffectInput = z.input<typeof EffectSchema>;
