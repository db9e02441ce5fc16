import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';
import { runtimeItems } from '../items/items.table.ts';

/** The relation of a free link between two items (the itemLinks widget); many-to-many widgets use their own. */
export const FREE_LINK_RELATION = 'link';

/**
 * Links between items (spec §7.6 linked data): the items a many-to-many widget links to an item (relation: the
 * widget's relation key, see many-to-many-widget.ts) and free links between any two items (relation 'link').
 * A link goes from the owning item to the linked one; free links are read in both directions. Deleting
 * either item removes its links.
 */
export const runtimeItemLinks = pgTable(
  'runtime_item_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fromItemId: bigint('from_item_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeItems.id, { onDelete: 'cascade' }),
    toItemId: bigint('to_item_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeItems.id, { onDelete: 'cascade' }),
    relation: text('relation').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // (from, relation, to): unique, and serves reading an item's links of one relation.
    uniqueIndex('runtime_item_links_unique').on(table.fromItemId, table.relation, table.toItemId),
    // The other direction: links pointing at an item (free links are read both ways).
    index('runtime_item_links_to_idx').on(table.toItemId, table.relation),
  ],
);
export type RuntimeItemLinkRow = typeof runtimeItemLinks.$inferSelect;
