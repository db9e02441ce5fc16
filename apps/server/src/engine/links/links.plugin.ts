import { itemRelationRoutes, linkRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { ItemRelationsService } from './item-relations.service.ts';
import type { LinksService } from './links.service.ts';

/** Spec §7.6 linked data and the remaining form calls under /genericItem/. */
export const linksPlugin: FastifyPluginAsync<{
  service: LinksService;
  relations: ItemRelationsService;
}> = async (app, { service, relations }) => {
  registerRoute(app, linkRoutes.loadManyToManyComboData, (request) =>
    service.loadManyToManyComboData(itemActorOf(request), request.body),
  );
  registerRoute(app, linkRoutes.loadManyToManyFormData, (request) =>
    service.loadManyToManyFormData(itemActorOf(request), request.body),
  );
  registerRoute(app, linkRoutes.refreshManyToManyItems, (request) =>
    service.refreshManyToManyItems(itemActorOf(request), request.body),
  );
  registerRoute(app, linkRoutes.loadOneToManyFormData, (request) =>
    service.loadOneToManyFormData(itemActorOf(request), request.body),
  );
  registerRoute(app, linkRoutes.loadOneToManyTimelineFormData, (request) =>
    service.loadOneToManyTimelineFormData(itemActorOf(request), request.body),
  );
  registerRoute(app, linkRoutes.loadItemLinksFormData, (request) =>
    service.loadItemLinksFormData(itemActorOf(request), request.body.itemId),
  );
  registerRoute(app, linkRoutes.getDefaultValueQuery, (request) =>
    service.getDefaultValueQuery(itemActorOf(request), request.query),
  );
  registerRoute(app, linkRoutes.executeWindowCallResultFunction, (request) =>
    service.executeWindowCallResultFunction(itemActorOf(request), request.body),
  );
  registerRoute(app, linkRoutes.getImageName, (request) =>
    service.getImageName(itemActorOf(request), request.query),
  );
  registerRoute(app, itemRelationRoutes.saveItemLink, (request) =>
    relations.saveItemLink(itemActorOf(request), request.body),
  );
  registerRoute(app, itemRelationRoutes.deleteItemLink, (request) =>
    relations.deleteItemLink(itemActorOf(request), request.body),
  );
  registerRoute(app, itemRelationRoutes.searchLinkableItems, (request) =>
    relations.searchLinkableItems(itemActorOf(request), request.body),
  );
  registerRoute(app, itemRelationRoutes.loadPredecessorActivities, (request) =>
    relations.loadPredecessorActivities(itemActorOf(request), request.body.itemId),
  );
  registerRoute(app, itemRelationRoutes.savePredecessorActivities, (request) =>
    relations.savePredecessorActivities(itemActorOf(request), request.body),
  );
  registerRoute(app, itemRelationRoutes.loadItemNotifications, (request) =>
    relations.loadItemNotifications(itemActorOf(request), request.body.itemId),
  );
  registerRoute(app, itemRelationRoutes.setItemNotification, (request) =>
    relations.setItemNotification(itemActorOf(request), request.body),
  );
};
