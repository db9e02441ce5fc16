import {
  type FolderAccess,
  type FolderAccessEntry,
  formatValidationMessage,
  type LoadFolderAccessBody,
  type SaveFolderAccessBody,
} from '@der/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import type { AuditService } from '../../modules/audit/audit.service.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import type { ItemActor } from '../items/create-items.ts';
import { runtimeItems } from '../items/items.table.ts';
import { runtimeRepositoryFolderGrants } from './folder-grants.table.ts';
import { repositoryOrThrow } from './repository-definitions.ts';
import { seenItemOrThrow } from './repository-items.ts';

async function readGrants(db: Db, folderId: number): Promise<FolderAccess> {
  const g = runtimeRepositoryFolderGrants;
  const userRows = await db
    .select({ id: users.id, name: users.name, canWrite: g.canWrite })
    .from(g)
    .innerJoin(users, eq(users.id, g.userId))
    .where(eq(g.folderId, folderId))
    .orderBy(asc(users.name), asc(users.id));
  const groupRows = await db
    .select({ id: userGroups.id, name: userGroups.name, canWrite: g.canWrite })
    .from(g)
    .innerJoin(userGroups, eq(userGroups.id, g.groupId))
    .where(eq(g.folderId, folderId))
    .orderBy(asc(userGroups.name), asc(userGroups.id));
  return { folderId, users: userRows, groups: groupRows };
}

/** Entries listed twice or naming no user or group, as `body.users.2.id`. */
async function invalidEntries(
  db: Db,
  list: 'users' | 'groups',
  entries: ReadonlyArray<Pick<FolderAccessEntry, 'id'>>,
) {
  const table = list === 'users' ? users : userGroups;
  const ids = entries.map((entry) => entry.id);
  const existing = new Set(
    ids.length === 0
      ? []
      : (await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((row) => row.id),
  );
  const seen = new Set<number>();
  return entries.flatMap((entry, index) => {
    const bad = seen.has(entry.id) || !existing.has(entry.id);
    seen.add(entry.id);
    return bad ? [`body.${list}.${index}.id`] : [];
  });
}

/**
 * The grants of a folder (the project permissions' folder-access restriction): read by whoever sees the folder,
 * replaced by the project's manager (its responsible) or an administrator (403 otherwise), with an audit entry.
 */
export function createFolderAccess(deps: { db: Db; audit: AuditService }) {
  const { db } = deps;

  async function managedFolder(tx: Db, actor: ItemActor, body: LoadFolderAccessBody) {
    const repository = await repositoryOrThrow(tx, actor, body);
    const folder = await seenItemOrThrow(tx, actor, repository.folderComponentId, body.folderId);
    const [project] = await tx
      .select({ responsibleId: runtimeItems.responsibleId })
      .from(runtimeItems)
      .where(eq(runtimeItems.id, folder.item.projectId ?? 0))
      .limit(1);
    const manages = actor.isAdministrator || (project?.responsibleId ?? null) === actor.userId;
    return { folder, manages };
  }

  return {
    async loadFolderAccess(actor: ItemActor, body: LoadFolderAccessBody): Promise<FolderAccess> {
      const { folder } = await managedFolder(db, actor, body);
      return readGrants(db, folder.item.id);
    },

    async saveFolderAccess(
      actor: ItemActor & { ip: string },
      body: SaveFolderAccessBody,
    ): Promise<FolderAccess> {
      const usersIn = body.users ?? [];
      const groupsIn = body.groups ?? [];
      const folderId = await db.transaction(async (tx) => {
        const { folder, manages } = await managedFolder(tx, actor, body);
        if (!manages) throw new AppError('FORBIDDEN');
        const invalid = [
          ...(await invalidEntries(tx, 'users', usersIn)),
          ...(await invalidEntries(tx, 'groups', groupsIn)),
        ];
        if (invalid.length > 0)
          throw new AppError(
            'VALIDATION_FAILED',
            invalid.map((field) => ({
              field,
              message: formatValidationMessage('invalidValue', actor.language),
            })),
          );
        const before = await readGrants(tx, folder.item.id);
        const g = runtimeRepositoryFolderGrants;
        await tx.delete(g).where(eq(g.folderId, folder.item.id));
        const rows = [
          ...usersIn.map((entry) => ({
            folderId: folder.item.id,
            userId: entry.id,
            groupId: null,
            canWrite: entry.canWrite ?? false,
          })),
          ...groupsIn.map((entry) => ({
            folderId: folder.item.id,
            userId: null,
            groupId: entry.id,
            canWrite: entry.canWrite ?? false,
          })),
        ];
        if (rows.length > 0) await tx.insert(g).values(rows);
        const summary = (list: Array<{ id: number; canWrite?: boolean }>) =>
          list.map((entry) => ({ id: entry.id, canWrite: entry.canWrite ?? false }));
        await deps.audit.append(tx, {
          action: 'runtime.repository.folderAccess.saved',
          actorUserId: actor.userId,
          ip: actor.ip,
          target: `item:${folder.item.id}`,
          details: {
            before: { users: summary(before.users), groups: summary(before.groups) },
            after: { users: summary(usersIn), groups: summary(groupsIn) },
          },
        });
        return folder.item.id;
      });
      return readGrants(db, folderId);
    },
  };
}
