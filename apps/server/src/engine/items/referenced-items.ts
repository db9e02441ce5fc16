import type { ReferencedItemsRequest, ReferencedItemsSource, ReferencedItemValues } from '@der/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { runtimeItems } from './items.table.ts';

/**
 * The `fields` of the items `ids` of a component that `viewer` may see (the others are simply absent): what a
 * lookup field reads of the items its reference holds (rules/reference-lookups.ts).
 */
export async function loadReferencedItemValues(
  tx: Db,
  viewer: ItemViewer,
  request: Omit<ReferencedItemsRequest, 'reference'>,
): Promise<ReferencedItemValues> {
  if (request.ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: runtimeItems.id, data: runtimeItems.data })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.componentId, request.componentId),
        inArray(runtimeItems.id, [...new Set(request.ids)]),
        visibleItemCondition(viewer),
      ),
    );
  return new Map(
    rows.map((row) => [
      row.id,
      Object.fromEntries(
        request.fields.filter((key) => Object.hasOwn(row.data, key)).map((key) => [key, row.data[key]]),
      ),
    ]),
  );
}

/**
 * The save path's source of referenced items: read in the save's transaction with the saver's visibility, so
 * a lookup never reads an item the saver could not choose (the reference check refuses such a choice anyway).
 */
export function referencedItemsLoader(tx: Db, viewer: ItemViewer): ReferencedItemsSource {
  return (request) => loadReferencedItemValues(tx, viewer, request);
}
