import { bigint, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';
import { runtimeItems } from '../items/items.table.ts';

/**
 * The users who follow an item (spec §3 notifications component): each is sent a message when someone else
 * saves the item, as long as they can still see it. Deleting the item or the user removes the row.
 */
export const runtimeItemFollowers = pgTable(
  'runtime_item_followers',
  {
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // (item, user): one row per follower, and serves listing an item's followers on every save.
    primaryKey({ columns: [table.itemId, table.userId] }),
    // The items a user follows (and the cascade when a user is removed).
    index('runtime_item_followers_user_idx').on(table.userId),
  ],
);
export type RuntimeItemFollowerRow = typeof runtimeItemFollowers.$inferSelect;
