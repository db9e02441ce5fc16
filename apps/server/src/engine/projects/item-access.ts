import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { type ItemViewer, visibleItemCondition, writableItemCondition } from '../query/item-visibility.ts';

/** What the viewer may do with one item: nothing (not visible: answered as unknown), see it, or change it. */
export type ItemAccess = 'none' | 'read' | 'write';

/** `writable` as a selected column, so one query reads an item and the viewer's right to change it. */
export function writableColumn(viewer: ItemViewer): SQL<boolean> {
  return sql<boolean>`(${writableItemCondition(viewer)})`.mapWith(Boolean);
}

/**
 * Spec §6 for one item, by the decided rule (engine/query/item-visibility.ts): administrators; the item's
 * creator or responsible; members of its project (a project item: its own permission rows), writing only
 * through an entry that is not read-only.
 */
export async function itemAccess(db: Db, viewer: ItemViewer, itemId: number): Promise<ItemAccess> {
  const [row] = await db
    .select({ writable: writableColumn(viewer) })
    .from(runtimeItems)
    .where(and(eq(runtimeItems.id, itemId), visibleItemCondition(viewer)))
    .limit(1);
  if (!row) return 'none';
  return row.writable ? 'write' : 'read';
}

/** Items of a component marked `isProject` (uncorrelated: the project components are read once per query). */
export const isProjectItem: SQL = sql`${runtimeItems.componentId} in (select ${runtimeComponents.id} from ${runtimeComponents} where (${runtimeComponents.definition}->>'isProject')::boolean)`;

/**
 * What the viewer may do in a project: create items in it needs 'write' on the project item (a member
 * through an entry that is not read-only, its manager — the responsible — or creator, or an administrator).
 * 'none' also when the id is not a project.
 */
export async function projectAccess(db: Db, viewer: ItemViewer, projectId: number): Promise<ItemAccess> {
  const [row] = await db
    .select({ writable: writableColumn(viewer) })
    .from(runtimeItems)
    .where(and(eq(runtimeItems.id, projectId), isProjectItem, visibleItemCondition(viewer)))
    .limit(1);
  if (!row) return 'none';
  return row.writable ? 'write' : 'read';
}
