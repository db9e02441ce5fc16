import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { resources } from '../resources/resources.table.ts';

/**
 * Time entry (issue 19): the minutes a user worked on a day on a task or an activity (an item), optionally as a
 * note with a start and an end. Automatic entries (the user's autoTimesheetType) are marked so.
 */
export const timesheetEntries = pgTable(
  'timesheet_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeItems.id, { onDelete: 'cascade' }),
    /** The item's project when the entry was made: months close per project too. */
    projectId: bigint('project_id', { mode: 'number' }),
    /** 'YYYY-MM-DD', the user's local day. */
    day: text('day').notNull(),
    minutes: integer('minutes').notNull(),
    /** 'HH:mm' of a note with a start and an end (minutes = end − start). */
    startTime: text('start_time'),
    endTime: text('end_time'),
    note: text('note').notNull().default(''),
    /** 'manual' | 'automatic'. */
    origin: text('origin').notNull().default('manual'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('timesheet_entries_user_day_idx').on(table.userId, table.day),
    index('timesheet_entries_project_day_idx').on(table.projectId, table.day),
    index('timesheet_entries_item_idx').on(table.itemId),
    check('timesheet_entries_minutes', sql`${table.minutes} between 1 and 1440`),
    check('timesheet_entries_day_format', sql`${table.day} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    check(
      'timesheet_entries_note_order',
      sql`${table.startTime} is null or ${table.endTime} is null or ${table.startTime} < ${table.endTime}`,
    ),
  ],
);

/**
 * A month closed for a resource or a project: it and every earlier month are locked (`closedThrough`,
 * 'YYYY-MM'). Reopening a month moves `closedThrough` back before it, which reopens the later months too; the
 * audit log keeps who closed and reopened what.
 */
export const timesheetClosings = pgTable(
  'timesheet_closings',
  {
    id: serial('id').primaryKey(),
    resourceId: integer('resource_id').references(() => resources.id, { onDelete: 'cascade' }),
    projectId: bigint('project_id', { mode: 'number' }).references(() => runtimeItems.id, {
      onDelete: 'cascade',
    }),
    closedThrough: text('closed_through').notNull(),
    closedById: integer('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check('timesheet_closings_one_scope', sql`(${table.resourceId} is null) <> (${table.projectId} is null)`),
    check('timesheet_closings_month_format', sql`${table.closedThrough} ~ '^\\d{4}-\\d{2}$'`),
    uniqueIndex('timesheet_closings_resource_unique')
      .on(table.resourceId)
      .where(sql`${table.resourceId} is not null`),
    uniqueIndex('timesheet_closings_project_unique')
      .on(table.projectId)
      .where(sql`${table.projectId} is not null`),
  ],
);
