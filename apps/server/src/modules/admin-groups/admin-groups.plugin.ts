import { adminGroupRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { adminContextOf } from '../admin-users/admin-context.ts';
import type { AdminGroupsService } from './admin-groups.service.ts';

export const adminGroupsPlugin: FastifyPluginAsync<{ service: AdminGroupsService }> = async (
  app,
  { service },
) => {
  registerRoute(app, adminGroupRoutes.getGroups, () => service.listGroups());
  registerRoute(app, adminGroupRoutes.getGroupFormInitialData, () => service.getFormInitialData());
  registerRoute(app, adminGroupRoutes.getGroup, (request) => service.getGroup(request.query.GroupId));
  registerRoute(app, adminGroupRoutes.saveGroup, (request) =>
    service.saveGroup(request.body, adminContextOf(request)),
  );
  registerRoute(app, adminGroupRoutes.deleteGroups, (request) =>
    service.deleteGroups(request.body.ids, adminContextOf(request)),
  );
  registerRoute(app, adminGroupRoutes.setGroupMembers, (request) =>
    service.setMembers(request.body, adminContextOf(request)),
  );
  registerRoute(app, adminGroupRoutes.setGroupApplications, (request) =>
    service.setApplications(request.body, adminContextOf(request)),
  );
};
