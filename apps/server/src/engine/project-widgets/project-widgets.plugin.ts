import { projectWidgetRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { ProjectWidgetsService } from './project-widgets.service.ts';

/** Spec §3 project widgets of forms under /genericItem/. */
export const projectWidgetsPlugin: FastifyPluginAsync<{ service: ProjectWidgetsService }> = async (
  app,
  { service },
) => {
  registerRoute(app, projectWidgetRoutes.loadProjectCalendar, (request) =>
    service.loadProjectCalendar(itemActorOf(request), request.query),
  );
  registerRoute(app, projectWidgetRoutes.loadProjectResources, (request) =>
    service.loadProjectResources(itemActorOf(request), request.query.itemId),
  );
  registerRoute(app, projectWidgetRoutes.loadProjectConfiguration, (request) =>
    service.loadProjectConfiguration(itemActorOf(request), request.query.itemId),
  );
  registerRoute(app, projectWidgetRoutes.getItemTypeInfo, (request) =>
    service.getItemTypeInfo(itemActorOf(request), request.query.itemId),
  );
  registerRoute(app, projectWidgetRoutes.loadProjectItemTypeChoices, (request) =>
    service.loadProjectItemTypeChoices(itemActorOf(request), request.query.projectId),
  );
};
