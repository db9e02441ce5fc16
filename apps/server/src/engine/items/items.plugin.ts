import { itemWriteRoutes } from '@der/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { pickLanguage } from '../../i18n/language.ts';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import { assertCanRunBulkOperations } from './bulk-operations-access.ts';
import type { ItemActor, ItemsService } from './items.service.ts';

export function itemActorOf(request: FastifyRequest): ItemActor {
  const session = sessionOf(request);
  return {
    userId: session.userId,
    isAdministrator: session.isAdministrator,
    language: pickLanguage(request.headers['accept-language']),
    kind: session.kind,
  };
}

/** Spec §7.6 saving calls under /genericItem/ (the item write side of the runtime engine). */
export const itemsPlugin: FastifyPluginAsync<{ service: ItemsService }> = async (app, { service }) => {
  registerRoute(app, itemWriteRoutes.deleteItem, async (request) => ({
    deleted: await service.deleteItem(itemActorOf(request), request.body),
  }));
  registerRoute(app, itemWriteRoutes.updateItemField, (request) =>
    service.updateItemField(itemActorOf(request), request.body),
  );
  registerRoute(app, itemWriteRoutes.bulkUpdateItems, async (request) => {
    assertCanRunBulkOperations(sessionOf(request));
    return { items: await service.bulkUpdateItems(itemActorOf(request), request.body) };
  });
};
