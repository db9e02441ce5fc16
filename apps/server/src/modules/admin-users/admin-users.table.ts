import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/** The user's working calendar (spec §3 "calendar with workPeriods"): one row per period of a weekday. */
export const userWorkPeriods = pgTable(
  'user_work_periods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 = Sunday … 6 = Saturday. */
    weekday: integer('weekday').notNull(),
    /** 'HH:mm', compared as text (zero-padded), start < end. */
    start: text('start_time').notNull(),
    end: text('end_time').notNull(),
  },
  (table) => [
    index('user_work_periods_user_idx').on(table.userId),
    check('user_work_periods_weekday', sql`${table.weekday} between 0 and 6`),
    check('user_work_periods_order', sql`${table.start} < ${table.end}`),
  ],
);
