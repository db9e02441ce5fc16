import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeItemFollowers } from '../links/followers.table.ts';
import { writableColumn } from '../projects/item-access.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import { openApprovalsColumn } from '../workflow/approvals.ts';
import type { ItemActor } from './create-items.ts';
import { type RuntimeItemRow, runtimeItems } from './items.table.ts';

/**
 * A stored item as the one save reads it before changing it: its row locked FOR UPDATE till the transaction
 * ends, seen by the actor (the visibility rule), with the actor's write right (null counts as no right: SQL's
 * three-valued logic), whether any workflow approval of it is open and whether others follow it. Only this
 * file reads one.
 */
export interface LockedItem {
  readonly item: RuntimeItemRow;
  readonly writable: boolean | null;
  /**
   * Approvals are added only by a save holding the item's lock (checkTransition), so none can appear while
   * this transaction holds it: an action need not close approvals that are not there.
   */
  readonly approvalsOpen: boolean;
  /** Whether anyone but the actor follows the item: only they are told of the save (links/followers.ts). */
  readonly othersFollow: boolean;
}

/** Whether a user other than the actor follows the statement's item (the followers' primary key answers it). */
const othersFollowColumn = (actor: ItemActor) =>
  sql<boolean>`exists (select 1 from ${runtimeItemFollowers} where ${runtimeItemFollowers}."item_id" = ${runtimeItems}."id" and ${runtimeItemFollowers}."user_id" <> ${actor.userId})`.mapWith(
    Boolean,
  );

const lockedColumns = (actor: ItemActor) => ({
  item: runtimeItems,
  writable: writableColumn(actor),
  approvalsOpen: openApprovalsColumn,
  othersFollow: othersFollowColumn(actor),
});

/** The item of the component the actor sees, locked; null when it does not exist or they do not see it. */
export async function lockItemForSave(
  tx: Db,
  actor: ItemActor,
  componentId: number,
  itemId: number,
): Promise<LockedItem | null> {
  const [row] = await tx
    .select(lockedColumns(actor))
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.id, itemId),
        eq(runtimeItems.componentId, componentId),
        visibleItemCondition(actor),
      ),
    )
    .for('update', { of: runtimeItems });
  return row ?? null;
}

/**
 * Several items of one component in one statement (a bulk chunk), locked in id order — the order every
 * chunk locks in, so two chunks sharing items never wait for each other in a circle. Answers the ones found
 * by id; an id missing from the answer is not visible (or not there), and its own save says so.
 */
export async function lockItemsForSave(
  tx: Db,
  actor: ItemActor,
  componentId: number,
  itemIds: readonly number[],
): Promise<Map<number, LockedItem>> {
  if (itemIds.length === 0) return new Map();
  const rows = await tx
    .select(lockedColumns(actor))
    .from(runtimeItems)
    .where(
      and(
        inArray(runtimeItems.id, [...itemIds]),
        eq(runtimeItems.componentId, componentId),
        visibleItemCondition(actor),
      ),
    )
    .orderBy(asc(runtimeItems.id))
    .for('update', { of: runtimeItems });
  return new Map(rows.map((row) => [row.item.id, row]));
}
