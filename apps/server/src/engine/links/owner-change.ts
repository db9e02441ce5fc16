import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { ItemActor } from '../items/create-items.ts';
import { writeItemVersion } from '../items/item-versions.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { versionConflictError } from '../items/version-conflict.ts';
import { writableColumn } from '../projects/item-access.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';

/**
 * The item whose links a call changes, locked until the transaction ends: 404 when the actor does not see it,
 * 403 ITEM_EDIT_FORBIDDEN (the §6 text) when they may not change it, 409 when `version` is not the stored one.
 */
export async function lockItemForChange(
  tx: Db,
  actor: ItemActor,
  itemId: number,
  version: number | undefined,
  componentId?: number,
): Promise<RuntimeItemRow> {
  const [row] = await tx
    .select({ item: runtimeItems, writable: writableColumn(actor) })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.id, itemId),
        componentId === undefined ? undefined : eq(runtimeItems.componentId, componentId),
        visibleItemCondition(actor),
      ),
    )
    .for('update', { of: runtimeItems });
  if (!row) throw new AppError('NOT_FOUND');
  if (row.writable !== true) throw new AppError('ITEM_EDIT_FORBIDDEN');
  if (version !== undefined && row.item.version !== version)
    throw await versionConflictError(tx, row.item, actor.language);
  return row.item;
}

/** Formatted IDs as a version row keeps a set of related items: readable in the history. */
export async function describeItems(tx: Db, ids: readonly number[]): Promise<string> {
  if (ids.length === 0) return '';
  const rows = await tx
    .select({ formattedId: runtimeItems.formattedId })
    .from(runtimeItems)
    .where(inArray(runtimeItems.id, [...ids]))
    .orderBy(asc(runtimeItems.formattedId));
  return rows.map((row) => row.formattedId).join(', ');
}

/**
 * A change of the item's relations is a change of the item: a new version whose history entry, keyed by the
 * relation ('itemLinks', 'predecessorActivities'), lists the related formatted IDs before and after — the same
 * audit refreshManyToManyItems writes.
 */
export async function recordRelationChange(
  tx: Db,
  actor: ItemActor,
  item: RuntimeItemRow,
  change: { key: string; before: readonly number[]; after: readonly number[] },
  now: Date,
): Promise<RuntimeItemRow> {
  const [updated] = await tx
    .update(runtimeItems)
    .set({ version: item.version + 1, modifierId: actor.userId, modifiedAt: now })
    .where(eq(runtimeItems.id, item.id))
    .returning();
  await writeItemVersion(tx, updated!, {
    action: 'update',
    version: updated!.version,
    changedBy: actor.userId,
    changedAt: now,
    changes: {
      [change.key]: {
        from: await describeItems(tx, change.before),
        to: await describeItems(tx, change.after),
      },
    },
  });
  return updated!;
}
