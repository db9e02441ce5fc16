import type { BulkItemState, BulkJobStatus, BulkOperation, Language } from '@der/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';

/**
 * A bulk operation (spec §4): one operation over a fixed list of items (bulk_job_items), run item by item
 * through the one write path as its creator by the bulk workers of every instance.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    componentId: integer('component_id').notNull(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    /** The creator's language when they started it: the items' refusals are written in it. */
    language: text('language').$type<Language>().notNull(),
    operation: jsonb('operation').$type<BulkOperation>().notNull(),
    target: text('target', { enum: ['selection', 'filter'] }).notNull(),
    status: text('status').$type<BulkJobStatus>().notNull().default('pending'),
    total: integer('total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('bulk_jobs_creator_idx').on(table.creatorId, table.id),
    // The workers look for jobs with work left; finished ones are most of the table.
    index('bulk_jobs_open_idx').on(table.id).where(sql`${table.status} in ('pending', 'running')`),
  ],
);
export type BulkJobRow = typeof bulkJobs.$inferSelect;

/**
 * One item of a job and what became of it. A worker claims items with FOR UPDATE SKIP LOCKED under a random
 * `claim_token` until `lease_until`; it writes the item and marks it done in one transaction that first locks
 * this row under its token, so an item is written once even when a lease ran out and another worker took it.
 */
export const bulkJobItems = pgTable(
  'bulk_job_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    /** No foreign key: an item deleted after the job started is reported as not found, not cascaded away. */
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    /** The item's place in the selection or the list's order: items run in this order. */
    position: integer('position').notNull(),
    state: text('state').$type<BulkItemState>().notNull().default('pending'),
    claimToken: text('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    /** Reserved for the version an item was written at; not filled (one statement less per item). */
    version: integer('version'),
    /** Why it was not written: the refused field, its code and the text in the job's language. */
    errorField: text('error_field'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('bulk_job_items_job_state_idx').on(table.jobId, table.state),
    // What the workers claim: the items still to run, in order.
    index('bulk_job_items_open_idx')
      .on(table.jobId, table.position)
      .where(sql`${table.state} in ('pending', 'claimed')`),
  ],
);
export type BulkJobItemRow = typeof bulkJobItems.$inferSelect;
