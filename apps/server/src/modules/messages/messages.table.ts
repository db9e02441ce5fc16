import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/** Spec §3 "Message": a notice to one user, shown under the bell of the top bar. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    messageText: text('message_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readed: boolean('readed').notNull().default(false),
  },
  (table) => [index('messages_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc())],
);
export type MessageRow = typeof messages.$inferSelect;
