import { z } from 'zod';
import { FieldDefinitionSchema } from '../definition/field.ts';
import { LocalizedTextSchema } from '../definition/localized-text.ts';
import { DefinitionIdSchema } from '../definition/primitives.ts';

/**
 * What running an operation answers: either a prompt (the operation needs values first; its OK waits for the
 * required fields, spec §5) or its result — the message and how many items the effect changed.
 */
export const OperationAnswerSchema = z.object({
  message: z.string().optional(),
  /** The number of items the operation's effect updated (0 without an effect). */
  updated: z.number().int().min(0).optional(),
  prompt: z.object({ title: LocalizedTextSchema, fields: z.array(FieldDefinitionSchema) }).optional(),
});
export type OperationAnswer = z.infer<typeof OperationAnswerSchema>;

export const ExecuteOperationBusinessRuleBodySchema = z.object({ operationId: DefinitionIdSchema });
export type ExecuteOperationBusinessRuleBody = z.infer<typeof ExecuteOperationBusinessRuleBodySchema>;

export const ExecuteOperationCallResultFunctionBodySchema = z.object({
  operationId: DefinitionIdSchema,
  values: z.record(z.string(), z.unknown()).default({}),
});
export type ExecuteOperationCallResultFunctionBody = z.infer<
  typeof ExecuteOperationCallResultFunctionBodySchema
>;
