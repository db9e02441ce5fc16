import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail: append-only, each row's hash chained to the previous one so that a changed or deleted
 * row is detected by re-computing the chain. Never holds passwords, tokens or document numbers in clear.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    /** The login typed, for failures where no user is known. */
    actorLogin: text('actor_login').notNull().default(''),
    ip: text('ip').notNull().default(''),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_actor_idx').on(table.actorUserId)],
);
export type AuditRow = typeof auditLog.$inferSelect;
