import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { groupMembers, userGroups } from '../../modules/groups/groups.table.ts';

/**
 * Whether the user belongs to one of the groups a definition names (operations, workflow actions): names compare
 * case-insensitively, as the groups table keeps them unique.
 */
export async function belongsToGroupNamed(
  db: Db,
  userId: number,
  names: readonly string[],
): Promise<boolean> {
  if (names.length === 0) return false;
  const [membership] = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(userGroups, sql`${userGroups.id} = ${groupMembers.groupId}`)
    .where(
      and(
        sql`${groupMembers.userId} = ${userId}`,
        inArray(
          sql`lower(${userGroups.name})`,
          names.map((name) => name.toLowerCase()),
        ),
      ),
    )
    .limit(1);
  return membership !== undefined;
}
