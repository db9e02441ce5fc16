import type { LinkedItem } from '@der/contracts';
import { and, asc, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';

export function toLinkedItem(row: RuntimeItemRow): LinkedItem {
  return {
    id: row.id,
    componentId: row.componentId,
    projectId: row.projectId,
    parentId: row.parentId,
    formattedId: row.formattedId,
    title: row.title,
    status: row.status,
    version: row.version,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    modifiedAt: row.modifiedAt.toISOString(),
    values: row.data,
  };
}

/**
 * The items among `ids` the viewer may see (optionally of one component), in id order. Every linked-data
 * answer goes through here or through visibleItemCondition, so an invisible item's id never leaves the server.
 */
export async function visibleItemsAmong(
  db: Db,
  viewer: ItemViewer,
  ids: readonly number[],
  extra?: SQL,
): Promise<RuntimeItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(runtimeItems)
    .where(and(inArray(runtimeItems.id, [...ids]), visibleItemCondition(viewer), extra))
    .orderBy(asc(runtimeItems.id));
}
