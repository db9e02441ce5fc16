import { applicationRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { ApplicationsService, ApplicationViewer } from './applications.service.ts';

function viewerOf(request: Parameters<typeof sessionOf>[0]): ApplicationViewer {
  const session = sessionOf(request);
  return { userId: session.userId, isAdministrator: session.isAdministrator };
}

/** Spec §7.3: the applications of the chooser and an application's menu. */
export const applicationsPlugin: FastifyPluginAsync<{ service: ApplicationsService }> = async (
  app,
  { service },
) => {
  registerRoute(app, applicationRoutes.getAllowedApplications, (request) =>
    service.listAllowedApplications(viewerOf(request)),
  );
  registerRoute(app, applicationRoutes.getApplicationMenu, (request) =>
    service.getApplicationMenu(viewerOf(request), request.query.appID),
  );
};
