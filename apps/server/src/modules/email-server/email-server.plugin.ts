import { adminEmailServerRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { pickLanguage } from '../../i18n/language.ts';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { EmailServerService } from './email-server.service.ts';

export const emailServerPlugin: FastifyPluginAsync<{ service: EmailServerService }> = async (
  app,
  { service },
) => {
  const actor = (request: Parameters<typeof sessionOf>[0]) => ({
    userId: sessionOf(request).userId,
    ip: request.ip,
  });
  registerRoute(app, adminEmailServerRoutes.get, () => service.get());
  registerRoute(app, adminEmailServerRoutes.save, (request) => service.save(request.body, actor(request)));
  registerRoute(app, adminEmailServerRoutes.sendTest, (request) =>
    service.sendTest(request.body.to, actor(request), pickLanguage(request.headers['accept-language'])),
  );
};
