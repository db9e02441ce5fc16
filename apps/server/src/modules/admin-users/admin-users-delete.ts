import type { DeleteUsersResponse } from '@der/contracts';
import { translateInfo } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { AdminContext } from './admin-context.ts';
import type { UserRow } from './admin-users.repo.ts';
import { type AdminUsersDeps, isActiveAdmin } from './admin-users-deps.ts';

/**
 * user/deleteUsers: a user without history is deleted; one with history (audit, sessions, items …) is
 * deactivated instead and signed out. Never oneself, never the last active administrator.
 */
export function createAdminUsersDelete(deps: AdminUsersDeps) {
  const { db, repo } = deps;

  async function deactivate(tx: Db, user: UserRow, ctx: AdminContext): Promise<void> {
    if (!user.disabled) await repo.disableUser(tx, user.id, deps.now());
    await deps.sessions.revokeUserSessions(user.id, 'admin-deleted', { tx });
    await deps.audit.append(tx, {
      action: 'admin.user.deactivated',
      actorUserId: ctx.actorUserId,
      ip: ctx.ip,
      target: `user:${user.id}`,
      details: { active: { before: !user.disabled, after: false } },
    });
  }

  async function remove(tx: Db, user: UserRow, ctx: AdminContext): Promise<void> {
    await repo.deleteUser(tx, user.id);
    await deps.audit.append(tx, {
      action: 'admin.user.deleted',
      actorUserId: ctx.actorUserId,
      ip: ctx.ip,
      target: `user:${user.id}`,
      details: {
        login: { before: user.login, after: null },
        name: { before: user.name, after: null },
        email: { before: user.email, after: null },
      },
    });
  }

  return async function deleteUsers(ids: number[], ctx: AdminContext): Promise<DeleteUsersResponse> {
    const unique = [...new Set(ids)];
    if (unique.includes(ctx.actorUserId)) throw new AppError('ADMIN_CANNOT_DELETE_SELF');
    return db.transaction(async (tx) => {
      await repo.lockUserAdministration(tx);
      const found = await repo.lockUsers(tx, unique);
      const removedAdmins = found.filter(isActiveAdmin).length;
      if (removedAdmins > 0 && (await repo.countActiveAdmins(tx)) - removedAdmins < 1)
        throw new AppError('ADMIN_LAST_ADMINISTRATOR');

      const deleted: number[] = [];
      const deactivated: number[] = [];
      for (const user of found.sort((a, b) => a.id - b.id)) {
        if (await repo.hasHistory(tx, user.id)) {
          await deactivate(tx, user, ctx);
          deactivated.push(user.id);
        } else {
          await remove(tx, user, ctx);
          deleted.push(user.id);
        }
      }
      return {
        success: true as const,
        message: translateInfo('adminUsersRemoved', ctx.language),
        deleted,
        deactivated,
      };
    });
  };
}
