import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { groupMembers, userGroups } from './groups.table.ts';

/**
 * Group membership for the other modules (applications, messages, later project permissions). Each call takes
 * the database handle or transaction it should read in, so a caller's transaction sees its own writes.
 */
/**
 * The groups every activated external account joins, so that the applications granted to the group (AET for
 * requerentes, Faixa de Domínio for permissionários) appear on their first login.
 */
export const PORTAL_GROUPS = { permissionario: 'Permissionários', requerente: 'Requerentes' } as const;

export function createGroupsService() {
  return {
    async listGroupIdsOfUser(db: Db, userId: number): Promise<number[]> {
      const rows = await db
        .select({ groupId: groupMembers.groupId })
        .from(groupMembers)
        .where(eq(groupMembers.userId, userId));
      return rows.map((row) => row.groupId);
    },

    /** The distinct members of the groups, ascending. */
    async listUserIdsOfGroups(db: Db, groupIds: readonly number[]): Promise<number[]> {
      if (groupIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(inArray(groupMembers.groupId, [...groupIds]))
        .orderBy(groupMembers.userId);
      return rows.map((row) => row.userId);
    },

    async createGroup(db: Db, name: string): Promise<number> {
      const [row] = await db.insert(userGroups).values({ name }).returning({ id: userGroups.id });
      return row!.id;
    },

    /** The group of that name, created when missing (concurrent callers get the same group). */
    async findOrCreateGroup(db: Db, name: string): Promise<number> {
      // The unique index is on lower(name): an existing group in any letter case is the same group.
      await db.insert(userGroups).values({ name }).onConflictDoNothing();
      const [row] = await db
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(sql`lower(${userGroups.name}) = lower(${name})`)
        .limit(1);
      return row!.id;
    },

    async addMembers(db: Db, groupId: number, userIds: readonly number[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .insert(groupMembers)
        .values(userIds.map((userId) => ({ groupId, userId })))
        .onConflictDoNothing();
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
