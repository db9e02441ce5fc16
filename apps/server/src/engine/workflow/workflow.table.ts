import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';
import { runtimeItems } from '../items/items.table.ts';

/**
 * Approvals given to a workflow action that needs several (WorkflowAction.approvals): one row per approver
 * and pass through the status, with the reason they gave. When the action fires, or the item leaves the status
 * by another action, the open approvals of the item are closed (`closed`), so a later pass counts afresh.
 */
export const workflowApprovals = pgTable(
  'workflow_approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeItems.id, { onDelete: 'cascade' }),
    actionKey: text('action_key').notNull(),
    /** Whose approval it is: the approver, or the one who delegated to the user who clicked. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Who gave it: the approver themselves, or their delegate (null for rows before migration 0020). */
    actedBy: integer('acted_by').references(() => users.id),
    reason: text('reason'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }).notNull(),
    closed: boolean('closed').notNull().default(false),
  },
  (table) => [
    // One open approval per person and action: approving twice does not count twice.
    uniqueIndex('workflow_approvals_open_unique')
      .on(table.itemId, table.actionKey, table.userId)
      .where(sql`not ${table.closed}`),
    index('workflow_approvals_item_idx').on(table.itemId),
  ],
);
export type WorkflowApprovalRow = typeof workflowApprovals.$inferSelect;

/**
 * A user hands their work to another for a date range (both days included, in the department's calendar):
 * the delegate may run the actions the delegator may, and sees the delegator's pending work.
 */
export const workflowDelegations = pgTable(
  'workflow_delegations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('workflow_delegations_to_idx').on(table.toUserId, table.startsOn),
    index('workflow_delegations_from_idx').on(table.fromUserId),
    check('workflow_delegations_range', sql`${table.endsOn} >= ${table.startsOn}`),
    check('workflow_delegations_other', sql`${table.fromUserId} <> ${table.toUserId}`),
  ],
);
export type WorkflowDelegationRow = typeof workflowDelegations.$inferSelect;
