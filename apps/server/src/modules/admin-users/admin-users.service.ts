import { createAdminUsersDelete } from './admin-users-delete.ts';
import type { AdminUsersDeps } from './admin-users-deps.ts';
import { createAdminUsersRead } from './admin-users-read.ts';
import { createAdminUsersSave } from './admin-users-save.ts';

export type { AdminUsersDeps } from './admin-users-deps.ts';

/**
 * The user administration (spec §3 user/*), one part per responsibility: the list and the form's data
 * (admin-users-read.ts), saving (admin-users-save.ts) and deleting (admin-users-delete.ts); every query is
 * in admin-users.repo.ts.
 */
export function createAdminUsersService(deps: AdminUsersDeps) {
  return {
    ...createAdminUsersRead(deps),
    saveUser: createAdminUsersSave(deps),
    deleteUsers: createAdminUsersDelete(deps),
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
