import { z } from 'zod';
import { FilterGroupSchema, SortSchema } from '../query/filter.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema } from './primitives.ts';

/** Rows per page a saved query may ask for. */
export const SAVED_QUERY_MAX_ROWS_PER_PAGE = 500;

/** The `{query}` of a list route (spec §2.9): a filter tree, a sort and a page size. */
export const SavedQuerySchema = z.object({
  id: DefinitionIdSchema,
  name: LocalizedTextSchema,
  filter: FilterGroupSchema.default({ logicSeparator: 'AND', filters: [] }),
  /** Applied in order; the engine adds the item id last so pages are stable. */
  sort: z.array(SortSchema).max(5).default([]),
  rowsPerPage: z.number().int().min(1).max(SAVED_QUERY_MAX_ROWS_PER_PAGE).default(50),
});
export type SavedQuery = z.infer<typeof SavedQuerySchema>;
export type SavedQueryInput = z.input<typeof SavedQuerySchema>;
