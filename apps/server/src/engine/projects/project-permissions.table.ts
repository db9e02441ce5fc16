import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import { runtimeItems } from '../items/items.table.ts';

/**
 * Spec §6 project permissions: who may see a project's items (a user or a group per row), read-only entries,
 * and the folder-access restriction option.
 */
export const runtimeProjectPermissions = pgTable(
  'runtime_project_permissions',
  {
    id: serial('id').primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    readOnly: boolean('read_only').notNull().default(false),
    /** The grantee sees only the repository folders granted to them (file repositories, a later issue). */
    restrictFolderAccess: boolean('restrict_folder_access').notNull().default(false),
  },
  (table) => [
    check(
      'runtime_project_permissions_one_grantee',
      sql`(${table.userId} is null) <> (${table.groupId} is null)`,
    ),
    uniqueIndex('runtime_project_permissions_user_unique')
      .on(table.projectId, table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('runtime_project_permissions_group_unique')
      .on(table.projectId, table.groupId)
      .where(sql`${table.groupId} is not null`),
    index('runtime_project_permissions_user_idx').on(table.userId),
    index('runtime_project_permissions_group_idx').on(table.groupId),
  ],
);
