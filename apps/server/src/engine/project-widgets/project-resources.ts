import type { ComponentDefinition, ProjectResource, ProjectResources } from '@der/contracts';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { groupMembers, userGroups } from '../../modules/groups/groups.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { componentsInProject, projectRefOf, projectScopeOf } from './project-scope.ts';

/**
 * Items still open: for each component whose workflow marks final statuses, its items not in one of them
 * (an item without a status is open). Components without final statuses count all their items.
 */
export function openItemCondition(components: readonly ComponentDefinition[]): SQL | undefined {
  const conditions = components.flatMap((component) => {
    const finals = (component.workflow?.statuses ?? [])
      .filter((status) => status.final || status.done)
      .map((status) => status.key);
    if (finals.length === 0) return [];
    return [
      or(
        ne(runtimeItems.componentId, component.id),
        isNull(runtimeItems.status),
        notInArray(runtimeItems.status, finals),
      ) as SQL,
    ];
  });
  return conditions.length > 0 ? and(...conditions) : undefined;
}

type Member = Omit<ProjectResource, 'openItems'>;

/** The project's people: user rows, members of its group rows, and its manager (the responsible). */
async function membersOf(db: Db, project: { id: number; responsibleId: number | null }): Promise<Member[]> {
  const direct = await db
    .select({
      userId: users.id,
      name: users.name,
      avatar: users.avatar,
      readOnly: runtimeProjectPermissions.readOnly,
    })
    .from(runtimeProjectPermissions)
    .innerJoin(users, eq(users.id, runtimeProjectPermissions.userId))
    .where(eq(runtimeProjectPermissions.projectId, project.id));
  const throughGroups = await db
    .select({
      userId: users.id,
      name: users.name,
      avatar: users.avatar,
      readOnly: runtimeProjectPermissions.readOnly,
      groupName: userGroups.name,
    })
    .from(runtimeProjectPermissions)
    .innerJoin(userGroups, eq(userGroups.id, runtimeProjectPermissions.groupId))
    .innerJoin(groupMembers, eq(groupMembers.groupId, userGroups.id))
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(eq(runtimeProjectPermissions.projectId, project.id), isNotNull(runtimeProjectPermissions.groupId)),
    )
    .orderBy(asc(userGroups.name), asc(userGroups.id));
  const byUser = new Map<number, Member>();
  // Write access through any entry wins, as in the visibility rule (engine/query/item-visibility.ts).
  // A user's own entry is how they belong, over a group's; being the manager adds to either.
  const merge = (entry: Member) => {
    const known = byUser.get(entry.userId);
    if (!known) return byUser.set(entry.userId, entry);
    if (entry.access === 'edit') known.access = 'edit';
    if (entry.source === 'direct') {
      known.source = 'direct';
      delete known.viaGroup;
    }
    known.isManager ||= entry.isManager;
  };
  for (const row of direct)
    merge({
      userId: row.userId,
      name: row.name,
      avatar: row.avatar,
      access: row.readOnly ? 'read' : 'edit',
      source: 'direct',
      isManager: false,
    });
  for (const row of throughGroups)
    merge({
      userId: row.userId,
      name: row.name,
      avatar: row.avatar,
      access: row.readOnly ? 'read' : 'edit',
      source: 'group',
      viaGroup: row.groupName,
      isManager: false,
    });
  if (project.responsibleId !== null) {
    const [manager] = await db
      .select({ userId: users.id, name: users.name, avatar: users.avatar })
      .from(users)
      .where(eq(users.id, project.responsibleId));
    if (manager) merge({ ...manager, access: 'edit', source: 'manager', isManager: true });
  }
  return [...byUser.values()].map(({ userId, name, avatar, access, source, viaGroup, isManager }) => ({
    userId,
    name,
    avatar,
    access,
    source,
    ...(viaGroup !== undefined ? { viaGroup } : {}),
    isManager,
  }));
}

/**
 * Spec §3 projectResource: the people of the item's project (§6 permissions: users directly and through
 * groups, and the manager), each with the number of open items of the project they are responsible for —
 * counted among the items the caller may see only.
 */
export async function loadProjectResources(
  db: Db,
  viewer: ItemViewer,
  itemId: number,
): Promise<ProjectResources> {
  const { project } = await projectScopeOf(db, viewer, itemId);
  if (!project) return { project: null, members: [] };
  const members = await membersOf(db, project);
  const open = new Map<number, number>();
  if (members.length > 0) {
    const components = await componentsInProject(db, project.id);
    const rows = await db
      .select({ userId: runtimeItems.responsibleId, open: count() })
      .from(runtimeItems)
      .where(
        and(
          eq(runtimeItems.projectId, project.id),
          inArray(
            runtimeItems.responsibleId,
            members.map((member) => member.userId),
          ),
          openItemCondition(components),
          visibleItemCondition(viewer),
        ),
      )
      .groupBy(runtimeItems.responsibleId);
    for (const row of rows) if (row.userId !== null) open.set(row.userId, Number(row.open));
  }
  return {
    project: projectRefOf(project),
    members: members
      .map((member) => ({ ...member, openItems: open.get(member.userId) ?? 0 }))
      .sort(
        (a, b) =>
          Number(b.isManager) - Number(a.isManager) ||
          a.name.localeCompare(b.name, 'pt-BR') ||
          a.userId - b.userId,
      ),
  };
}
