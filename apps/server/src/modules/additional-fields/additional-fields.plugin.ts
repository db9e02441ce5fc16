import { additionalFieldRoutes, adminAdditionalFieldRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { AdditionalFieldsService } from './additional-fields.service.ts';

export const additionalFieldsPlugin: FastifyPluginAsync<{ service: AdditionalFieldsService }> = async (
  app,
  { service },
) => {
  const actor = (request: Parameters<typeof sessionOf>[0]) => ({
    userId: sessionOf(request).userId,
    ip: request.ip,
  });
  registerRoute(app, adminAdditionalFieldRoutes.list, (request) => service.list(request.query.entity));
  registerRoute(app, adminAdditionalFieldRoutes.save, (request) =>
    service.save(request.body, actor(request)),
  );
  registerRoute(app, adminAdditionalFieldRoutes.delete, (request) =>
    service.remove(request.body.id, actor(request)),
  );
  registerRoute(app, additionalFieldRoutes.list, (request) => service.listPublic(request.query.entity));
};
