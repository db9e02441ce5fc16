import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/** Groups of users (spec §3 "Group row"): applications, messages and project permissions are granted to them. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Case-insensitive: 'Analistas DER' and 'analistas der' would be the same group to a person.
  (table) => [uniqueIndex('user_groups_name_unique').on(sql`lower(${table.name})`)],
);
export type UserGroupRow = typeof userGroups.$inferSelect;

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    // "Which groups is this user in" is asked on every applications list and menu.
    index('group_members_user_idx').on(table.userId),
  ],
);
