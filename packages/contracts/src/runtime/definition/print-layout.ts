import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema } from './primitives.ts';

export const PRINT_LAYOUT_FORMATS = ['pdf', 'html', 'docx'] as const;

/**
 * A print layout of a component (the printLayout page and `generateDocument` effects): a template, rendered with
 * the item's values. `template` names a template file shipped with the definitions (e.g. 'aet/autorizacao.html').
 */
export const PrintLayoutSchema = z.object({
  id: DefinitionIdSchema,
  name: LocalizedTextSchema,
  template: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_./-]{0,199}$/)
    .refine((path) => !path.split('/').includes('..'), {
      message: 'the template path may not leave its folder',
    }),
  format: z.enum(PRINT_LAYOUT_FORMATS).default('pdf'),
});
export type PrintLayout = z.infer<typeof PrintLayoutSchema>;
export type PrintLayoutInput = z.input<typeof PrintLayoutSchema>;
