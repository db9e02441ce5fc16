import { platformRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { serializeCached } from '../../infra/http/serialized-json.ts';
import type { PlatformService } from './platform.service.ts';

export const platformPlugin: FastifyPluginAsync<{ service: PlatformService }> = async (app, { service }) => {
  const route = platformRoutes.getPlatformSettings;
  // Hit by every page load: the JSON is encoded once per settings change, not once per request.
  registerRoute(app, route, async () => serializeCached(route.response, await service.getSettings()));
};
