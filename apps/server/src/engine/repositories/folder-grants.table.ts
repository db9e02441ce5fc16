import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import { runtimeItems } from '../items/items.table.ts';

/**
 * The folder-access restriction of the project permissions (spec §6): a user or group whose entries of a project
 * all have `restrictFolderAccess` sees only the repository folders granted here — each grant reaching the
 * folder's subfolders too — and writes only in those granted with `canWrite` (folder-access.ts). Grants of
 * members that are not restricted change nothing. Deleting the folder item deletes its grants.
 */
export const runtimeRepositoryFolderGrants = pgTable(
  'runtime_repository_folder_grants',
  {
    id: serial('id').primaryKey(),
    folderId: bigint('folder_id', { mode: 'number' })
      .notNull()
      .references(() => runtimeItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    canWrite: boolean('can_write').notNull().default(false),
  },
  (table) => [
    check(
      'runtime_repository_folder_grants_one_grantee',
      sql`(${table.userId} is null) <> (${table.groupId} is null)`,
    ),
    uniqueIndex('runtime_repository_folder_grants_user_unique')
      .on(table.folderId, table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('runtime_repository_folder_grants_group_unique')
      .on(table.folderId, table.groupId)
      .where(sql`${table.groupId} is not null`),
    index('runtime_repository_folder_grants_user_idx').on(table.userId),
    index('runtime_repository_folder_grants_group_idx').on(table.groupId),
  ],
);
