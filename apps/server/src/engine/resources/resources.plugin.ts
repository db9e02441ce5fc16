import { resourceRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { ResourcesService } from './resources.service.ts';

/** Spec §7.4 resources under /resource/. */
export const resourcesPlugin: FastifyPluginAsync<{ service: ResourcesService }> = async (
  app,
  { service },
) => {
  registerRoute(app, resourceRoutes.getActivityResources, (request) =>
    service.getActivityResources(itemActorOf(request), request.query.itemId),
  );
  registerRoute(app, resourceRoutes.getResources, (request) =>
    service.getResources(itemActorOf(request), request.body),
  );
  registerRoute(app, resourceRoutes.getResourceFormInitialData, (request) =>
    service.getResourceFormInitialData(itemActorOf(request), request.query),
  );
  registerRoute(app, resourceRoutes.getResourcetoEdit, (request) =>
    service.getResourcetoEdit(itemActorOf(request), request.query),
  );
  registerRoute(app, resourceRoutes.getProjects, (request) =>
    service.getProjects(itemActorOf(request), request.query),
  );
  registerRoute(app, resourceRoutes.getPendingItems, (request) =>
    service.getPendingItems(itemActorOf(request), request.query),
  );
  registerRoute(app, resourceRoutes.getPendingTasks, (request) =>
    service.getPendingTasks(itemActorOf(request), request.query),
  );
  registerRoute(app, resourceRoutes.saveResource, (request) =>
    service.saveResource(itemActorOf(request), request.body),
  );
  registerRoute(app, resourceRoutes.deleteResources, (request) =>
    service.deleteResources(itemActorOf(request), request.body.ids),
  );
};
