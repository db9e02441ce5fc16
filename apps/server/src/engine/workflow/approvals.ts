import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeItems } from '../items/items.table.ts';
import { workflowApprovals } from './workflow.table.ts';

/** Approvals an action waits for: how many it needs, how many are given, and whether `userId` gave one. */
export interface ApprovalCount {
  required: number;
  given: number;
  givenByMe: boolean;
}

/** The open approvals of one action of an item (per action, for getActions). */
export async function countOpenApprovals(
  db: Db,
  itemId: number,
  actionKey: string,
  required: number,
  userId: number,
): Promise<ApprovalCount> {
  const [row] = await db
    .select({
      given: sql<number>`count(*)::int`,
      mine: sql<boolean>`coalesce(bool_or(${workflowApprovals.userId} = ${userId}), false)`,
    })
    .from(workflowApprovals)
    .where(
      and(
        eq(workflowApprovals.itemId, itemId),
        eq(workflowApprovals.actionKey, actionKey),
        eq(workflowApprovals.closed, false),
      ),
    );
  return { required, given: row?.given ?? 0, givenByMe: row?.mine ?? false };
}

export async function recordApproval(
  tx: Db,
  approval: {
    itemId: number;
    actionKey: string;
    userId: number;
    actedBy: number;
    reason: string | null;
    at: Date;
  },
): Promise<void> {
  await tx.insert(workflowApprovals).values({
    itemId: approval.itemId,
    actionKey: approval.actionKey,
    userId: approval.userId,
    actedBy: approval.actedBy,
    reason: approval.reason,
    approvedAt: approval.at,
  });
}

/**
 * Closes every open approval of the item: it is leaving its status (the action fired, or another one moved
 * it), and approvals count for one pass through a status only.
 */
export async function closeApprovals(tx: Db, itemId: number): Promise<void> {
  await tx
    .update(workflowApprovals)
    .set({ closed: true })
    .where(and(eq(workflowApprovals.itemId, itemId), eq(workflowApprovals.closed, false)));
}

/**
 * Whether the item (the statement's runtime_items row) has any open approval; the approvals' item index
 * answers it. Both sides are named with their table: a select from one table writes its columns unqualified,
 * and a bare "id" in the subquery would be the approval's.
 */
export const openApprovalsColumn =
  sql<boolean>`exists (select 1 from ${workflowApprovals} where ${workflowApprovals}."item_id" = ${runtimeItems}."id" and not ${workflowApprovals}."closed")`.mapWith(
    Boolean,
  );
