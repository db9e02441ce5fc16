import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Per-IP request counters of the public auth routes, by fixed window (rate-limit.ts). */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull().default(0),
});
