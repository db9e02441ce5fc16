import { adminPlanRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { pickLanguage } from '../../i18n/language.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import { adminContextOf } from '../admin-users/admin-context.ts';
import type { PlanService } from './plan.service.ts';

export const planPlugin: FastifyPluginAsync<{ service: PlanService }> = async (app, { service }) => {
  registerRoute(app, adminPlanRoutes.getPlan, (request) =>
    service.getPlan(pickLanguage(request.headers['accept-language'])),
  );
  registerRoute(app, adminPlanRoutes.savePlan, (request) =>
    service.savePlan(request.body, adminContextOf(request)),
  );
};
