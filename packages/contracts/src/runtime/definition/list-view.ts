import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema, FieldReferenceSchema } from './primitives.ts';

/** A column of a list view: a configured field key or a system field key. */
export const ListViewColumnSchema = z.object({
  field: FieldReferenceSchema,
  /** Width in px; the defaults of spec §9 by field type apply when absent. */
  width: z.number().int().min(40).max(2000).optional(),
  /** Hidden columns can be turned on by the user (column toggles). */
  visible: z.boolean().default(true),
});
export type ListViewColumn = z.infer<typeof ListViewColumnSchema>;

/** The `{view}` of a list route (spec §2.9): which columns a list shows, in order. */
export const ListViewSchema = z.object({
  id: DefinitionIdSchema,
  name: LocalizedTextSchema,
  columns: z.array(ListViewColumnSchema).min(1),
});
export type ListView = z.infer<typeof ListViewSchema>;
export type ListViewInput = z.input<typeof ListViewSchema>;
