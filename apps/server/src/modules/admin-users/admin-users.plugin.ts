import { adminUserRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { adminContextOf } from './admin-context.ts';
import type { AdminUsersService } from './admin-users.service.ts';

export const adminUsersPlugin: FastifyPluginAsync<{ service: AdminUsersService }> = async (
  app,
  { service },
) => {
  registerRoute(app, adminUserRoutes.getUsers, () => service.listUsers());
  registerRoute(app, adminUserRoutes.getUserFormInitialData, (request) =>
    service.getFormInitialData(adminContextOf(request).language),
  );
  registerRoute(app, adminUserRoutes.getUsertoEdit, (request) => service.getUserToEdit(request.query.UserId));
  registerRoute(app, adminUserRoutes.saveUser, (request) =>
    service.saveUser(request.body, adminContextOf(request)),
  );
  registerRoute(app, adminUserRoutes.deleteUsers, (request) =>
    service.deleteUsers(request.body.ids, adminContextOf(request)),
  );
};
