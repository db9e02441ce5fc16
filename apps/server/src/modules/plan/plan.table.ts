import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The contracted plan: one row (id 1), created with the defaults of plan.service.ts on first read. */
export const contractedPlan = pgTable(
  'contracted_plan',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    maxUsers: integer('max_users').notNull(),
    maxApplications: integer('max_applications').notNull(),
    maxStorageMib: integer('max_storage_mib').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('contracted_plan_single_row', sql`${table.id} = 1`)],
);
