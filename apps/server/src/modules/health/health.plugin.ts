import { healthRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { HealthService } from './health.service.ts';

export const healthPlugin: FastifyPluginAsync<{ service: HealthService }> = async (app, { service }) => {
  registerRoute(app, healthRoutes.health, () => service.check());
};
