import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';

/**
 * Spec §7.6 showHideField {field, isVisible, componentid, projectId}: a user's choice to show or hide a field of
 * a component, per project (0: outside projects). A preference of presentation only: business-rule visibility
 * and every server check apply whatever it says.
 */
export const runtimeFieldVisibility = pgTable(
  'runtime_field_visibility',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    componentId: integer('component_id').notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull().default(0),
    field: text('field').notNull(),
    isVisible: boolean('is_visible').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.componentId, table.projectId, table.field] })],
);
