import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Side effects (e-mail, web push) written in the same transaction as the change that causes them and
 * delivered by the outbox worker with retries, so a rolled-back change never sends anything and a crash
 * never loses a message.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['email', 'push'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /**
     * The Message-ID of an e-mail, fixed when it is queued: every attempt sends it, so a resend after a crash
     * between sending and marking is the same message to the recipient's server (and threads as one). Null
     * for other kinds, and for e-mails queued before the column (the worker gives them one before sending).
     */
    messageId: text('message_id'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who holds the lease: a random token written by each claim. A worker sends a message only after taking
     * it again under its token (another claim after the lease ended wrote its own), so one claim sends once.
     */
    claimToken: text('claim_token'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_pending_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`)],
);
export type OutboxRow = typeof outbox.$inferSelect;
