import { z } from 'zod';
import { defineRoute } from '../../common/route.ts';
import { FieldKeySchema } from '../definition/field.ts';

/**
 * What a form's lookup fields read of the items one of its reference fields holds (e.g. the `pbt` and `cmt`
 * of the vehicles of a combination): only the fields the component's lookups over that reference name, of
 * the items the caller may see.
 */
export const LoadLookupValuesBodySchema = z.object({
  /** The component of the form (the one with the lookup fields). */
  componentID: z.coerce.number().int().positive(),
  /** Its reference field whose items are read. */
  reference: FieldKeySchema,
  ids: z.array(z.number().int().positive()).max(200),
});
export type LoadLookupValuesBody = z.infer<typeof LoadLookupValuesBodySchema>;

export const LookupValuesSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), values: z.record(z.string(), z.unknown()) })),
});
export type LookupValues = z.infer<typeof LookupValuesSchema>;

export const lookupValuesRoutes = {
  loadLookupValues: defineRoute({
    method: 'POST',
    path: '/genericItem/loadLookupValues',
    access: 'session',
    summary: "The values a form's lookup fields read of the items a reference field holds",
    tags: ['generic items'],
    body: LoadLookupValuesBodySchema,
    response: LookupValuesSchema,
  }),
};
