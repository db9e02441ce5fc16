import type { Language, ReportExportFormat, ReportJobStatus } from '@der/contracts';
import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';

/** PostgreSQL bytea; PGlite answers Uint8Array and node-postgres Buffer, both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A report export (spec §4 background work: Pending, Running, Finished; or Failed), run by the report workers
 * of every instance as its creator. A worker claims a job with FOR UPDATE SKIP LOCKED under a random token until
 * `lease_until`, renewing the lease as it writes; a job whose worker died (a restart) is claimed again when the
 * lease ends and written again from the start — an export only reads. The finished file is kept in the row
 * for scheduleDownload, for its creator only.
 */
export const reportJobs = pgTable(
  'report_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reportId: integer('report_id').notNull(),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The creator's language when they asked: the file's texts are in it. */
    language: text('language').$type<Language>().notNull(),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    format: text('format').$type<ReportExportFormat>().notNull(),
    status: text('status').$type<ReportJobStatus>().notNull().default('pending'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    claimToken: text('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    fileName: text('file_name'),
    content: bytea('content'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('report_jobs_creator_idx').on(table.creatorId, table.id),
    // The workers look for jobs with work left; finished ones are most of the table.
    index('report_jobs_open_idx').on(table.id).where(sql`${table.status} in ('pending', 'running')`),
  ],
);
export type ReportJobRow = typeof reportJobs.$inferSelect;
