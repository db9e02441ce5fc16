import type { LinkedItem } from '@der/contracts';
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { containsPattern } from '../../infra/db/like-pattern.ts';
import { grantedComponentItemCondition } from '../items/application-grant.ts';
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
    .where(
      and(
        inArray(runtimeItems.id, [...ids]),
        visibleItemCondition(viewer),
        grantedComponentItemCondition(viewer, runtimeItems.componentId),
        extra,
      ),
    )
    .orderBy(asc(runtimeItems.id));
}

/**
 * Items the viewer sees within `scope`, matching the search on title or formatted ID, in title order: the
 * choices of the link choosers (many-to-many, free links, predecessors).
 */
export async function searchItemChoices(
  db: Db,
  viewer: ItemViewer,
  scope: SQL | undefined,
  search: string | undefined,
  limit: number,
): Promise<Array<{ id: number; formattedId: string; title: string }>> {
  const pattern = containsPattern(search);
  return db
    .select({ id: runtimeItems.id, formattedId: runtimeItems.formattedId, title: runtimeItems.title })
    .from(runtimeItems)
    .where(
      and(
        scope,
        pattern
          ? sql`(${runtimeItems.title} ilike ${pattern} or ${runtimeItems.formattedId} ilike ${pattern})`
          : undefined,
        visibleItemCondition(viewer),
        grantedComponentItemCondition(viewer, runtimeItems.componentId),
      ),
    )
    .orderBy(asc(runtimeItems.title), asc(runtimeItems.id))
    .limit(limit);
}
