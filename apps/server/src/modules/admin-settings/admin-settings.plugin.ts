import { adminSettingsRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { AdminSettingsService } from './admin-settings.service.ts';

export const adminSettingsPlugin: FastifyPluginAsync<{ service: AdminSettingsService }> = async (
  app,
  { service },
) => {
  const actor = (request: Parameters<typeof sessionOf>[0]) => ({
    userId: sessionOf(request).userId,
    ip: request.ip,
  });
  registerRoute(app, adminSettingsRoutes.savePlatformSettings, (request) =>
    service.savePlatformSettings(request.body, actor(request)),
  );
  registerRoute(app, adminSettingsRoutes.getSecuritySettings, () => service.getSecuritySettings());
  registerRoute(app, adminSettingsRoutes.saveSecuritySettings, (request) =>
    service.saveSecuritySettings(request.body, actor(request)),
  );
};
