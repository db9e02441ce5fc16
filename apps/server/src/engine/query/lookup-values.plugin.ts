import { lookedUpKeysOf, lookupValuesRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import { loadReferencedItemValues } from '../items/referenced-items.ts';
import { loadListComponent } from './list-component.ts';
import { listViewerOf } from './listing.plugin.ts';

/**
 * /genericItem/loadLookupValues: what the browser's rule engine reads to show lookup fields live (the sum of
 * the units' PBT while the combination is being chosen) — the same values the save reads again on the server.
 * Only fields some lookup over that reference names, of items the caller may see: no other data leaves.
 */
export const lookupValuesPlugin: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  registerRoute(app, lookupValuesRoutes.loadLookupValues, async (request) => {
    const viewer = listViewerOf(request);
    const { definition } = await loadListComponent(db, viewer, request.body.componentID);
    const reference = definition.fields.find((field) => field.key === request.body.reference);
    const fields = lookedUpKeysOf(definition, request.body.reference);
    if (
      reference?.type !== 'GENERIC_ITEM_TYPE' ||
      reference.targetComponentId === undefined ||
      fields.length === 0
    )
      throw new AppError('VALIDATION_FAILED', [{ field: 'reference', message: 'invalidValue' }]);
    const values = await loadReferencedItemValues(db, viewer, {
      componentId: reference.targetComponentId,
      ids: request.body.ids,
      fields,
    });
    return { items: [...values].map(([id, itemValues]) => ({ id, values: { ...itemValues } })) };
  });
};
