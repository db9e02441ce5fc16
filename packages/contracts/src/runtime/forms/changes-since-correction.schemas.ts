import { z } from 'zod';
import { AttributeChangeSchema, GetHistoryQuerySchema } from './forms.schemas.ts';

/** getChangesSinceCorrection (GET: itemId): the same query as the history's. */
export const GetChangesSinceCorrectionQuerySchema = GetHistoryQuerySchema.pick({ itemId: true });

/** The request for correction the changes are counted from: the version it wrote, why, who asked and when. */
export const CorrectionRequestSchema = z.object({
  version: z.number().int().positive(),
  /** The reason the action required; null only when the reader may not read the Reason field. */
  reason: z.string().nullable(),
  requestedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** ISO instant. */
  requestedAt: z.string(),
  /** The status the request sent the item to, by name ('Pendente de correção'). */
  statusName: z.string(),
});
export type CorrectionRequest = z.infer<typeof CorrectionRequestSchema>;

/**
 * What the creator changed since the item's last request for correction (rule in the server's
 * changes-since-correction.ts): each field the reader may read, with its label and the values before and after
 * formatted as the history formats them. `correction` null (and no changes) when the item never had one.
 */
export const ChangesSinceCorrectionResultSchema = z.object({
  correction: CorrectionRequestSchema.nullable(),
  changes: z.array(AttributeChangeSchema),
  /** The reader is department staff (not a requerente or permissionário): the form shows them the panel. */
  readerIsStaff: z.boolean(),
});
export type ChangesSinceCorrectionResult = z.infer<typeof ChangesSinceCorrectionResultSchema>;
