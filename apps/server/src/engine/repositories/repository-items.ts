import type { RepositoryFolder } from '@der/contracts';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { groupMembers } from '../../modules/groups/groups.table.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { isProjectItem, writableColumn } from '../projects/item-access.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';

/** A repository item as the viewer may use it. */
export interface SeenItem {
  item: RuntimeItemRow;
  writable: boolean;
}

/**
 * An item of `componentId` the viewer may see (folder access included), optionally in `projectId` and locked
 * for the write that follows; 404 otherwise, like an unknown id.
 */
export async function seenItemOrThrow(
  db: Db,
  viewer: ItemViewer,
  componentId: number,
  itemId: number,
  options: { projectId?: number; lock?: boolean } = {},
): Promise<SeenItem> {
  const query = db
    .select({ item: runtimeItems, writable: writableColumn(viewer) })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.id, itemId),
        eq(runtimeItems.componentId, componentId),
        options.projectId === undefined ? undefined : eq(runtimeItems.projectId, options.projectId),
        visibleItemCondition(viewer),
      ),
    );
  const [row] = options.lock ? await query.for('update', { of: runtimeItems }) : await query.limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { item: row.item, writable: row.writable === true };
}

/** A project item of `componentId` the viewer may see; 404 otherwise. */
export async function seenProjectOrThrow(
  db: Db,
  viewer: ItemViewer,
  componentId: number,
  projectId: number,
): Promise<SeenItem> {
  const [row] = await db
    .select({ item: runtimeItems, writable: writableColumn(viewer) })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.id, projectId),
        eq(runtimeItems.componentId, componentId),
        isProjectItem,
        visibleItemCondition(viewer),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { item: row.item, writable: row.writable === true };
}

/**
 * Whether the viewer's folder access is restricted in the project (folder-access.ts: every entry making them
 * a member restricts it). Administrators never are.
 */
export async function isFolderAccessRestricted(
  db: Db,
  viewer: ItemViewer,
  projectId: number,
): Promise<boolean> {
  if (viewer.isAdministrator) return false;
  const p = runtimeProjectPermissions;
  const entries = await db
    .select({ restricted: p.restrictFolderAccess })
    .from(p)
    .where(
      and(
        eq(p.projectId, projectId),
        or(
          eq(p.userId, viewer.userId),
          sql`${p.groupId} in (select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${viewer.userId})`,
        ),
      ),
    );
  return entries.length > 0 && entries.every((entry) => entry.restricted);
}

/** The folders of a project the viewer may see, by title; a parent they may not see shows as none. */
export async function visibleFolders(
  db: Db,
  viewer: ItemViewer,
  folderComponentId: number,
  projectId: number,
): Promise<RepositoryFolder[]> {
  const rows = await db
    .select({ item: runtimeItems, writable: writableColumn(viewer) })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.componentId, folderComponentId),
        eq(runtimeItems.projectId, projectId),
        visibleItemCondition(viewer),
      ),
    )
    .orderBy(asc(sql`lower(${runtimeItems.title})`), asc(runtimeItems.id));
  const seen = new Set(rows.map((row) => row.item.id));
  return rows.map(({ item, writable }) => ({
    id: item.id,
    parentId: item.parentId !== null && seen.has(item.parentId) ? item.parentId : null,
    title: item.title,
    canWrite: writable === true,
    version: item.version,
  }));
}

/** Whether a sibling folder (same parent, same project) already has this title, case aside. */
export async function folderNameTaken(
  db: Db,
  folderComponentId: number,
  projectId: number,
  parentId: number | null,
  title: string,
  exceptId?: number,
): Promise<boolean> {
  const [found] = await db
    .select({ id: runtimeItems.id })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.componentId, folderComponentId),
        eq(runtimeItems.projectId, projectId),
        parentId === null ? sql`${runtimeItems.parentId} is null` : eq(runtimeItems.parentId, parentId),
        sql`lower(${runtimeItems.title}) = lower(${title})`,
        exceptId === undefined ? undefined : sql`${runtimeItems.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** The folder and every folder under it (a folder may not move into one of these). */
export async function folderAndDescendants(
  db: Db,
  folderComponentId: number,
  folderId: number,
): Promise<Set<number>> {
  const result = await db.execute(
    sql`with recursive below(id) as (select ${folderId}::bigint union select sub.id from runtime_items as sub join below on sub.parent_id = below.id where sub.component_id = ${folderComponentId}) select id from below`,
  );
  const rows = (result as unknown as { rows: Array<{ id: number | string }> }).rows;
  return new Set(rows.map((row) => Number(row.id)));
}
