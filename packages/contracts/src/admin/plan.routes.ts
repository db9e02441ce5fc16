import { defineRoute } from '../common/route.ts';
import { PlanSchema, SavePlanBodySchema } from './plan.schemas.ts';

/**
 * The contracted plan: limits and current usage. Creating a user beyond `maxUsers`, or storing a file beyond
 * `maxStorageMiB` (terms-of-use upload, issued AET), answers 409 PLAN_LIMIT_REACHED; its `details.variant`
 * names the limit. Saving a limit below the current usage answers 400 naming the field.
 */
export const adminPlanRoutes = {
  getPlan: defineRoute({
    method: 'GET',
    path: '/admin/getPlan',
    access: 'admin',
    summary: 'The contracted plan: limits and current usage',
    tags: ['administration'],
    response: PlanSchema,
  }),
  savePlan: defineRoute({
    method: 'POST',
    path: '/admin/savePlan',
    access: 'admin',
    summary: "Changes the contracted plan's name and limits",
    tags: ['administration'],
    body: SavePlanBodySchema,
    response: PlanSchema,
  }),
};
