import type { Language, ResponsibleTarget, WorkflowAction } from '@der/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { groupMembers, userGroups } from '../../modules/groups/groups.table.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';
import { principalsOfFieldValue } from './user-field-values.ts';
import { workflowRefusal } from './workflow-refusals.ts';

/** The dialog lists at most this many people (a department's group, a project's team). */
export const MAX_RESPONSIBLE_CANDIDATES = 500;

export interface ResponsibleCandidate {
  id: number;
  name: string;
}

/** The id of the group of that name (case-insensitive, as the groups table keeps names unique), or null. */
export async function findGroupIdByName(db: Db, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(sql`lower(${userGroups.name}) = lower(${name})`)
    .limit(1);
  return row?.id ?? null;
}

function groupMemberIds(names: readonly string[]) {
  return sql`(select ${groupMembers.userId} from ${groupMembers} inner join ${userGroups} on ${userGroups.id} = ${groupMembers.groupId} where lower(${userGroups.name}) in (${sql.join(
    names.map((name) => sql`${name.toLowerCase()}`),
    sql`, `,
  )}))`;
}

/** Users granted the project, directly or through a group (read-only entries included: they may be told). */
function projectMemberIds(projectId: number) {
  return sql`(select ${runtimeProjectPermissions.userId} from ${runtimeProjectPermissions} where ${runtimeProjectPermissions.projectId} = ${projectId} and ${runtimeProjectPermissions.userId} is not null
    union select ${groupMembers.userId} from ${groupMembers} inner join ${runtimeProjectPermissions} on ${runtimeProjectPermissions.groupId} = ${groupMembers.groupId} where ${runtimeProjectPermissions.projectId} = ${projectId})`;
}

/** The project an item belongs to, or the item itself when it is a project (its projectId is null). */
function projectOf(item: RuntimeItemRow): number {
  return item.projectId ?? item.id;
}

/**
 * Whom an action offers as the next responsible (spec §7.6 loadResponsibles): its `responsibleCandidates`,
 * else the item's project's members when it is in a project, else the members of the action's groups.
 * Active users only, by name.
 */
export async function listResponsibleCandidates(
  db: Db,
  action: WorkflowAction,
  item: RuntimeItemRow,
  values: Record<string, unknown>,
): Promise<ResponsibleCandidate[]> {
  const source = action.responsibleCandidates;
  let condition: ReturnType<typeof sql> | undefined;
  if (source?.kind === 'group') condition = sql`${users.id} in ${groupMemberIds([source.group])}`;
  else if (source?.kind === 'field') {
    const ids = principalsOfFieldValue(values[source.field]).userIds;
    if (ids.length === 0) return [];
    condition = inArray(users.id, ids);
  } else if (source?.kind === 'projectMembers' || (source === undefined && item.projectId !== null))
    condition = sql`${users.id} in ${projectMemberIds(projectOf(item))}`;
  else if (action.allowedGroups.length > 0)
    condition = sql`${users.id} in ${groupMemberIds(action.allowedGroups)}`;
  if (condition === undefined) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(condition, eq(users.disabled, false)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(MAX_RESPONSIBLE_CANDIDATES);
}

/** Whether `userId` is one of the action's candidates (one indexed probe rather than the whole list). */
export async function isResponsibleCandidate(
  db: Db,
  action: WorkflowAction,
  item: RuntimeItemRow,
  values: Record<string, unknown>,
  userId: number,
): Promise<boolean> {
  const candidates = await listResponsibleCandidates(db, action, item, values);
  return candidates.some((candidate) => candidate.id === userId);
}

/** Who holds the item after an assignResponsible effect: a user (the group queue cleared) or a group queue. */
export interface ResponsibleAssignment {
  responsibleId: number | null;
  responsibleGroupId: number | null;
}

/**
 * Resolves an assignResponsible target: the first user (or group, for USERS_OR_GROUPS) a field holds, the
 * actor, a group's queue by name (400 naming `action` when no such group exists) or nobody.
 */
export async function resolveResponsibleTarget(
  db: Db,
  target: ResponsibleTarget,
  actor: { userId: number; language: Language },
  values: Record<string, unknown>,
): Promise<ResponsibleAssignment> {
  switch (target.kind) {
    case 'actor':
      return { responsibleId: actor.userId, responsibleGroupId: null };
    case 'none':
      return { responsibleId: null, responsibleGroupId: null };
    case 'field': {
      const held = principalsOfFieldValue(values[target.field]);
      if (held.userIds.length > 0) return { responsibleId: held.userIds[0]!, responsibleGroupId: null };
      return { responsibleId: null, responsibleGroupId: held.groupIds[0] ?? null };
    }
    case 'group': {
      const groupId = await findGroupIdByName(db, target.group);
      if (groupId === null)
        throw workflowRefusal('action', 'unknownGroup', actor.language, {
          group: target.group,
        });
      return { responsibleId: null, responsibleGroupId: groupId };
    }
  }
}

/** Names of users and groups by id, for the views (getActions, pending work). */
export async function namesOf(
  db: Db,
  userIds: readonly number[],
  groupIds: readonly number[],
): Promise<{ users: Map<number, string>; groups: Map<number, string> }> {
  // One after the other: a transaction's connection runs one statement at a time anyway.
  const userRows =
    userIds.length === 0
      ? []
      : await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, [...userIds]));
  const groupRows =
    groupIds.length === 0
      ? []
      : await db
          .select({ id: userGroups.id, name: userGroups.name })
          .from(userGroups)
          .where(inArray(userGroups.id, [...groupIds]));
  return {
    users: new Map(userRows.map((row) => [row.id, row.name])),
    groups: new Map(groupRows.map((row) => [row.id, row.name])),
  };
}
