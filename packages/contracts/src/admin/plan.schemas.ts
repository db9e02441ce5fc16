import { z } from 'zod';
import { requiredText } from '../common/fields.ts';

/** The contracted plan's limits (page /administration/Plano Contratado). */
export const PlanLimitsSchema = z.object({
  name: requiredText(200),
  maxUsers: z.number().int().min(1).max(10_000_000),
  maxApplications: z.number().int().min(1).max(100_000),
  maxStorageMiB: z.number().int().min(1).max(1_000_000_000),
});
export type PlanLimits = z.infer<typeof PlanLimitsSchema>;

export const PlanUsageSchema = z.object({
  /** Users that are not disabled. */
  activeUsers: z.number().int(),
  applications: z.number().int(),
  /** Bytes of the files stored by the platform (issued AET PDFs, terms of use …). */
  storageUsedBytes: z.number().int(),
  /** How storage was measured (what is counted). */
  storageNote: z.string(),
});
export type PlanUsage = z.infer<typeof PlanUsageSchema>;

export const PlanSchema = PlanLimitsSchema.extend({
  usage: PlanUsageSchema,
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const SavePlanBodySchema = PlanLimitsSchema;
export type SavePlanBody = z.input<typeof SavePlanBodySchema>;
