import { z } from 'zod';
import { FieldDefinitionSchema, FieldKeySchema } from './field.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema, ExpressionSchema } from './primitives.ts';

/**
 * What an operation changes besides answering a message: the items of one component that a saved query
 * selects (as the acting user sees them), each field of `set` taking the value of its expression evaluated over
 * the item's values, the prompt's values (`prompt.<key>`) and `$now()`. Applied through the item write side, so
 * permissions, field rules and version rows apply as for any other save.
 */
export const OperationEffectSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('updateItems'),
    componentId: DefinitionIdSchema,
    queryId: DefinitionIdSchema,
    set: z.record(FieldKeySchema, ExpressionSchema).refine((set) => Object.keys(set).length > 0, {
      message: 'set needs at least one field',
    }),
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
