import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { workCalendars } from '../work-calendars/work-calendars.table.ts';

/**
 * Spec §7.4 resources: a person (a user) or a named asset (a vehicle, a machine), with a working calendar, a
 * cost per hour, the projects it works on and the supervisor who sees and closes its timesheets.
 */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    /** 'user' | 'asset'. */
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** An asset's name; a person's is the user's. */
    name: text('name').notNull().default(''),
    calendarId: integer('calendar_id').references(() => workCalendars.id, { onDelete: 'set null' }),
    costPerHour: numeric('cost_per_hour', { precision: 12, scale: 2 }).notNull().default('0'),
    supervisorId: integer('supervisor_id').references(() => users.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('resources_user_unique').on(table.userId).where(sql`${table.userId} is not null`),
    index('resources_supervisor_idx').on(table.supervisorId),
    check('resources_kind', sql`${table.kind} in ('user', 'asset')`),
    check('resources_user_kind', sql`(${table.kind} = 'user') = (${table.userId} is not null)`),
    check('resources_cost', sql`${table.costPerHour} >= 0`),
  ],
);

/** The projects a resource works on. */
export const resourceProjects = pgTable(
  'resource_projects',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeItems.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.resourceId, table.projectId] }),
    index('resource_projects_project_idx').on(table.projectId),
  ],
);
