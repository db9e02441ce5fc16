import { z } from 'zod';
import { defineRoute } from '../../common/route.ts';
import { DefinitionIdSchema } from '../definition/primitives.ts';
import { PrintLayoutSchema } from '../definition/print-layout.ts';

const ItemIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Spec §7.7 print frame: the query of the page (/printLayout?itemId=…&printLayoutId=…) plus token and language.
 * The session travels in the Authorization header (the web viewer fetches the PDF); `token` is accepted and
 * ignored so a frame address of the spec still parses, and never authenticates (a URL ends up in logs).
 */
export const PrintLayoutViewerQuerySchema = z.object({
  itemId: ItemIdSchema,
  printLayoutId: z.coerce.number().pipe(DefinitionIdSchema),
  language: z.enum(['pt-BR', 'en']).optional(),
  token: z.string().max(4000).optional(),
});
export type PrintLayoutViewerQuery = z.input<typeof PrintLayoutViewerQuerySchema>;

/** Administration: a layout not yet saved, previewed with a real item the administrator can see. */
export const PreviewPrintLayoutBodySchema = z.object({
  itemId: ItemIdSchema,
  layout: PrintLayoutSchema,
  language: z.enum(['pt-BR', 'en']).optional(),
});
export type PreviewPrintLayoutBody = z.input<typeof PreviewPrintLayoutBodySchema>;

export const printLayoutRoutes = {
  printLayoutViewer: defineRoute({
    method: 'GET',
    path: '/PrintLayoutViewer',
    access: 'session',
    summary: 'The PDF of a print layout of an item the user can see (spec §7.7 print frame)',
    tags: ['print-layouts'],
    querystring: PrintLayoutViewerQuerySchema,
    response: z.unknown(),
    produces: 'application/pdf',
  }),
  previewPrintLayout: defineRoute({
    method: 'POST',
    path: '/admin/printLayouts/preview',
    access: 'admin',
    summary: 'The PDF of an edited (unsaved) print layout over a real item, for the layout editor',
    tags: ['print-layouts'],
    body: PreviewPrintLayoutBodySchema,
    response: z.unknown(),
    produces: 'application/pdf',
  }),
};
