import { z } from 'zod';
import { EffectSchema } from './effects.ts';
import { FIELD_REQUIREMENT_STAGES } from './field.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionKeySchema, ExpressionSchema, FieldReferenceSchema } from './primitives.ts';

/**
 * Business rules of a component. Every expression is the TEXT of the safe expression language (JSONata-like,
 * over the item's values by field key, e.g. `pbtc <= cmtCavalo`); the rule engine evaluates it on the server
 * (and mirrors it on forms). Nothing here is ever passed to `eval`.
 */
const ruleBase = {
  /** Unique within the component; named by buttons and by error reports. */
  id: DefinitionKeySchema,
  description: z.string().max(500).optional(),
};

/** When an action rule runs: when a form loads, when a field changes, or before the item is saved. */
export const RuleTriggerSchema = z.discriminatedUnion('on', [
  z.object({ on: z.literal('load') }),
  z.object({ on: z.literal('change'), field: FieldReferenceSchema }),
  z.object({ on: z.literal('beforeSave') }),
]);
export type RuleTrigger = z.infer<typeof RuleTriggerSchema>;

export const BusinessRuleSchema = z.discriminatedUnion('kind', [
  /** The value a new item starts with. */
  z.object({
    ...ruleBase,
    kind: z.literal('defaultValue'),
    field: FieldReferenceSchema,
    expression: ExpressionSchema,
  }),
  /** A value always derived from others (read-only on forms). */
  z.object({
    ...ruleBase,
    kind: z.literal('computedValue'),
    field: FieldReferenceSchema,
    expression: ExpressionSchema,
  }),
  /** The field is shown while the expression is true. */
  z.object({
    ...ruleBase,
    kind: z.literal('visibility'),
    field: FieldReferenceSchema,
    expression: ExpressionSchema,
  }),
  /**
   * The field is read-only while the expression is true over the item's stored values (e.g. a document once the
   * analyst accepted it): the one write path refuses its change and the form shows it read-only. Administrators
   * are exempt, as from the other field permissions; a new item is not subject to it.
   */
  z.object({
    ...ruleBase,
    kind: z.literal('readOnly'),
    field: FieldReferenceSchema,
    expression: ExpressionSchema,
  }),
  /** The field is required while the expression is true (from `requiredFrom` on, as a field's `required`). */
  z.object({
    ...ruleBase,
    kind: z.literal('required'),
    field: FieldReferenceSchema,
    expression: ExpressionSchema,
    requiredFrom: z.enum(FIELD_REQUIREMENT_STAGES).optional(),
  }),
  /**
   * The item is valid while the expression is true; otherwise `message` is shown on `field` — or, when
   * `messageExpression` evaluates to `{ "pt-BR": …, "en": … }`, that text (e.g. naming the value and the
   * limit it exceeds); `message` stays the fallback.
   */
  z.object({
    ...ruleBase,
    kind: z.literal('validation'),
    field: FieldReferenceSchema,
    expression: ExpressionSchema,
    message: LocalizedTextSchema,
    messageExpression: ExpressionSchema.optional(),
  }),
  /** Runs effects on a trigger, when the optional condition is true. */
  z.object({
    ...ruleBase,
    kind: z.literal('action'),
    trigger: RuleTriggerSchema,
    condition: ExpressionSchema.optional(),
    effects: z.array(EffectSchema).min(1),
  }),
]);
export type BusinessRule = z.infer<typeof BusinessRuleSchema>;
export type BusinessRuleInput = z.input<typeof BusinessRuleSchema>;
