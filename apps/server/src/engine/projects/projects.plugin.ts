import { projectRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { ProjectsService } from './projects.service.ts';

/** Spec §6 / §7.6 projects and project permissions under /genericItem/. */
export const projectsPlugin: FastifyPluginAsync<{ service: ProjectsService }> = async (app, { service }) => {
  registerRoute(app, projectRoutes.loadProjects, (request) =>
    service.loadProjects(itemActorOf(request), request.query.componentId),
  );
  registerRoute(app, projectRoutes.getProjectTitle, (request) =>
    service.getProjectTitle(itemActorOf(request), request.body.projectId),
  );
  registerRoute(app, projectRoutes.loadProjectPermissions, (request) =>
    service.loadProjectPermissions(itemActorOf(request), request.body.projectId),
  );
  registerRoute(app, projectRoutes.saveProjectPermissions, (request) =>
    service.saveProjectPermissions({ ...itemActorOf(request), ip: request.ip }, request.body),
  );
  registerRoute(app, projectRoutes.checkPermissionToUpdate, (request) =>
    service.checkPermissionToUpdate(itemActorOf(request), request.body),
  );
};
