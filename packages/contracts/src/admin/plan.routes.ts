import { defineRoute } from '../common/route.ts';
import { PlanSchema, SavePlanBodySchema } from './plan.schemas.ts';

/** The contracted plan: limits and current usage. Creating a user beyond `maxUsers` answers 409 PLAN_LIMIT_REACHED. */
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
