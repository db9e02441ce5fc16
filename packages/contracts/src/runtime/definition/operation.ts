import { z } from 'zod';
import { FieldDefinitionSchema, FieldKeySchema } from './field.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema, DefinitionKeySchema, ExpressionSchema } from './primitives.ts';

/**
 * What an operation changes besides answering a message: the items of one component that a saved query
 * selects (as the acting user sees them) and, when `when` is given, for which that expression is true. Each
 * field of `set` takes the value of its expression; `action` runs a workflow action of the component (items whose
 * status the action does not leave are skipped), recording `reason`. Expressions see the item's values, the
 * prompt's values (`prompt.<key>`) and `$now()`. Applied through the item write side, so permissions, field
 * rules, the action's own checks and version rows apply as for any other save.
 */
export const OperationEffectSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('updateItems'),
      componentId: DefinitionIdSchema,
      queryId: DefinitionIdSchema,
      when: ExpressionSchema.optional(),
      set: z.record(FieldKeySchema, ExpressionSchema).default({}),
      action: DefinitionKeySchema.optional(),
      reason: ExpressionSchema.optional(),
    })
    .refine((effect) => Object.keys(effect.set).length > 0 || effect.action !== undefined, {
      message: 'set a field or run an action',
      path: ['set'],
    }),
]);
export type OperationEffect = z.infer<typeof OperationEffectSchema>;

/** The values an operation asks for before it runs (spec §5: OK waits for the required ones). */
export const OperationPromptSchema = z.object({
  title: LocalizedTextSchema,
  fields: z.array(FieldDefinitionSchema).min(1).max(20),
});
export type OperationPrompt = z.infer<typeof OperationPromptSchema>;

/**
 * An application operation (spec §2.9 `/runtime/{appID}/operation/{operationID}/{title}`, §7.6
 * executeOperationBusinessRule): an optional prompt, an optional effect on items, and a message — a JSONata
 * expression over `{ prompt: {...values}, userId, updated }` (`updated` = how many items the effect changed).
 * Members of `groups` may run it; administrators always may.
 */
export const OperationDefinitionSchema = z.object({
  id: DefinitionIdSchema,
  name: LocalizedTextSchema,
  prompt: OperationPromptSchema.optional(),
  effect: OperationEffectSchema.optional(),
  message: ExpressionSchema,
  groups: z.array(z.string().trim().min(1).max(100)).default([]),
});
export type OperationDefinition = z.infer<typeof OperationDefinitionSchema>;
export type OperationDefinitionInput = z.input<typeof OperationDefinitionSchema>;
