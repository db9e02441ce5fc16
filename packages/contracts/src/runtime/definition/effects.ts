import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import {
  DefinitionIdSchema,
  DefinitionKeySchema,
  ExpressionSchema,
  FieldReferenceSchema,
} from './primitives.ts';

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

const GroupNameSchema = z.string().trim().min(1).max(100);

/**
 * Who receives a notification: a role of the item, a group by name, the users held by a field, the item's
 * followers, or the members of the group whose queue the item waits in (its responsible group).
 */
export const RecipientSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('role'), role: ItemRoleSchema }),
  z.object({ kind: z.literal('group'), group: GroupNameSchema }),
  /** A USERS, GROUPS or USERS_OR_GROUPS field of the item. */
  z.object({ kind: z.literal('field'), field: FieldReferenceSchema }),
  z.object({ kind: z.literal('followers') }),
  z.object({ kind: z.literal('responsibleGroup') }),
]);
export type Recipient = z.infer<typeof RecipientSchema>;

export const NOTIFICATION_CHANNELS = ['message', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

const SetFieldEffectSchema = z.object({
  kind: z.literal('setField'),
  field: FieldReferenceSchema,
  expression: ExpressionSchema,
});

/**
 * A message to people. `subject` and `message` are templates: `{{key}}` takes the item's value of that field
 * or system key (`{{FormattedID}}`, `{{Title}}`, `{{StatusName}}`, `{{Reason}}`), and `{{ActorName}}` the name
 * of who ran the action. 'message' is the bell (with a web push to the recipient's devices), 'email' an e-mail
 * through the outbox, 'push' a web push alone.
 */
const NotifyEffectSchema = z.object({
  kind: z.literal('notify'),
  recipients: z.array(RecipientSchema).min(1),
  subject: LocalizedTextSchema,
  message: LocalizedTextSchema,
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)).min(1).default(['message']),
});

/** Renders a print layout of the same component into a PDF, attached to the item (the documents issue runs it). */
const GenerateDocumentEffectSchema = z.object({
  kind: z.literal('generateDocument'),
  printLayoutId: DefinitionIdSchema,
  attach: z.boolean().default(true),
  sign: z.boolean().default(false),
});

/**
 * A side effect of a business-rule action (and of workflows, see WorkflowEffectSchema), run inside the
 * transaction that saves the item.
 */
export const EffectSchema = z.discriminatedUnion('kind', [
  /** Sets a configured field (or Title) to the value of an expression over the item. */
  SetFieldEffectSchema,
  NotifyEffectSchema,
  GenerateDocumentEffectSchema,
]);
export type Effect = z.infer<typeof EffectSchema>;
export type EffectInput = z.input<typeof EffectSchema>;

/**
 * Who an action hands the item to: the user a USERS field holds, the actor, nobody, or a group's queue (the
 * item waits for any member of the group — 'Analistas' — and the responsible user is cleared).
 */
export const ResponsibleTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('field'), field: FieldReferenceSchema }),
  z.object({ kind: z.literal('actor') }),
  z.object({ kind: z.literal('group'), group: GroupNameSchema }),
  z.object({ kind: z.literal('none') }),
]);
export type ResponsibleTarget = z.infer<typeof ResponsibleTargetSchema>;

/** One criterion of a runCheck: met when its expression is true over the item's values (and $table). */
export const CheckCriterionSchema = z.object({
  key: DefinitionKeySchema,
  label: LocalizedTextSchema,
  expression: ExpressionSchema,
  /** What the result row shows besides met/not met (e.g. '3,20 m > 2,60 m'); a text, or both languages. */
  detail: ExpressionSchema.optional(),
});
export type CheckCriterion = z.infer<typeof CheckCriterionSchema>;

/** The columns a runCheck writes in its result field's rows (a TABLE field that has them). */
export const CHECK_RESULT_COLUMNS = {
  criterion: 'STRING',
  passed: 'BOOLEAN',
  detail: 'STRING',
} as const;

/**
 * Checks the item against criteria kept as configuration (e.g. the AET's automatic-issuance envelope: the
 * expressions read the department's thresholds with $table) after it is saved: each criterion's result is
 * written as a row of `resultField`, then, as the process (a system account), the `onPass` actions run in
 * order when every criterion is met, otherwise the `onFail` action — each through the one write path. An
 * `onPass` action that is refused (its condition, a failing document) sends the item down `onFail` instead,
 * with that refusal as one more unmet criterion: a check never loses the save that triggered it.
 */
const RunCheckEffectSchema = z.object({
  kind: z.literal('runCheck'),
  criteria: z.array(CheckCriterionSchema).min(1).max(50),
  resultField: FieldReferenceSchema,
  onPass: z.array(DefinitionKeySchema).min(1).max(5),
  onFail: DefinitionKeySchema,
});
export type RunCheckEffect = z.infer<typeof RunCheckEffectSchema>;

/**
 * Stamps every PDF file of a BINARY field (a drawing set's sheets) with the stamp's lines and a QR code to the
 * public check of that sheet, signs it with the department's A1 when `sign` (and one is configured), and attaches
 * each as a document of the item, so /validarDocumento answers for it. The stamp is a template over the item's
 * values and system keys (ActorName, DateTime, FormattedID …) plus Sheet and Sheets (the file's position and the
 * count). A file that is not a PDF refuses the action, naming the file.
 */
const StampFilesEffectSchema = z.object({
  kind: z.literal('stampFiles'),
  field: FieldReferenceSchema,
  stamp: LocalizedTextSchema,
  sign: z.boolean().default(true),
});
export type StampFilesEffect = z.infer<typeof StampFilesEffectSchema>;

/**
 * Effects of a workflow action and of entering a status. setField and assignResponsible are evaluated before
 * the save (the one save writes them); notify, runOperation, generateDocument, stampFiles and runCheck run after the write,
 * in the same transaction. A kind not listed here is refused when the definition is imported.
 */
export const WorkflowEffectSchema = z.discriminatedUnion('kind', [
  SetFieldEffectSchema,
  NotifyEffectSchema,
  GenerateDocumentEffectSchema,
  z.object({ kind: z.literal('assignResponsible'), to: ResponsibleTargetSchema }),
  /** Runs an operation of the application (by id) as the actor, after the item is saved. */
  z.object({ kind: z.literal('runOperation'), operationId: DefinitionIdSchema }),
  RunCheckEffectSchema,
  StampFilesEffectSchema,
]);
export type WorkflowEffect = z.infer<typeof WorkflowEffectSchema>;
export type WorkflowEffectInput = z.input<typeof WorkflowEffectSchema>;

/** Keys a notify template may name besides the component's fields: who ran the action, and system values. */
export const NOTIFY_TEMPLATE_KEYS = [
  'ActorName',
  'FormattedID',
  'Title',
  'StatusName',
  'Reason',
  'ResponsibleName',
] as const;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The keys a notify template names (`{{FormattedID}}` → 'FormattedID'), in order, repeats included. */
export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** Fills a notify template; a key without a value becomes the empty text. */
export function fillTemplate(template: string, textOf: (key: string) => string): string {
  return template.replace(PLACEHOLDER, (_, key: string) => textOf(key));
}
