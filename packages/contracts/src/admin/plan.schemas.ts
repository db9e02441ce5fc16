import { z } from 'zod';
import { requiredText } from '../common/fields.ts';

/** The accepted range of each numeric limit: the schema's bounds and the web form's messages. */
export const PLAN_LIMIT_BOUNDS = {
  maxUsers: { minimum: 1, maximum: 10_000_000 },
  maxApplications: { minimum: 1, maximum: 100_000 },
  maxStorageMiB: { minimum: 1, maximum: 1_000_000_000 },
} as const;
export type PlanLimitName = keyof typeof PLAN_LIMIT_BOUNDS;

/**
 * A whole number in the limit's range; a missing or non-numeric value is 'required'. The range is one check
 * whose issue carries both bounds, so 'valueInRange' can quote them (zod's min/max issues carry one each).
 */
const planLimit = ({ minimum, maximum }: { minimum: number; maximum: number }) =>
  z
    .number({ error: 'required' })
    .int({ error: 'invalidValue' })
    .check((ctx) => {
      if (ctx.value < minimum || ctx.value > maximum)
        ctx.issues.push({ code: 'custom', message: 'valueInRange', input: ctx.value, minimum, maximum });
    })
    .meta({ minimum, maximum });

/**
 * The contracted plan's limits (page /administration/Plano Contratado). The server also refuses limits below
 * the current usage (400 naming the field).
 */
export const PlanLimitsSchema = z.object({
  name: requiredText(200),
  maxUsers: planLimit(PLAN_LIMIT_BOUNDS.maxUsers),
  maxApplications: planLimit(PLAN_LIMIT_BOUNDS.maxApplications),
  maxStorageMiB: planLimit(PLAN_LIMIT_BOUNDS.maxStorageMiB),
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
