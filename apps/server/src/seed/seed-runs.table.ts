import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Markers of seeds already applied, so demo data is loaded on the first run only. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
