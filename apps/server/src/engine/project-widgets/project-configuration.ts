import { type Language, localize, type ProjectConfiguration } from '@der/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { findComponent } from '../definitions/components.repo.ts';
import { runtimeItems } from '../items/items.table.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { projectRefOf, projectScopeOf } from './project-scope.ts';

type Viewer = ItemViewer & { language: Language };

/** The item types of a project (the listing's getAllowedsProjectItemTypes, passed in by app.ts). */
export type AllowedItemTypes = (
  viewer: Viewer,
  projectId: number,
) => Promise<{ components: Array<{ id: number; label: string }> }>;

const EMPTY: Omit<ProjectConfiguration, 'project'> = {
  manager: null,
  statusName: null,
  statusColor: null,
  folderAccessRestricted: false,
  readOnlyEntries: 0,
  userEntries: 0,
  groupEntries: 0,
  canManagePermissions: false,
  itemTypes: [],
};

/**
 * Spec §3 configuration: the summary of the item's project — manager, status, its §6 permission entries, and
 * per item type the number of its items the caller may see.
 */
export async function loadProjectConfiguration(
  db: Db,
  viewer: Viewer,
  itemId: number,
  allowedItemTypes: AllowedItemTypes,
): Promise<ProjectConfiguration> {
  const { project } = await projectScopeOf(db, viewer, itemId);
  if (!project) return { project: null, ...EMPTY };
  const [manager] =
    project.responsibleId === null
      ? []
      : await db
          .select({ userId: users.id, name: users.name })
          .from(users)
          .where(eq(users.id, project.responsibleId));
  const [entries] = await db
    .select({
      users: sql<number>`count(${runtimeProjectPermissions.userId})`.mapWith(Number),
      groups: sql<number>`count(${runtimeProjectPermissions.groupId})`.mapWith(Number),
      readOnly: sql<number>`count(*) filter (where ${runtimeProjectPermissions.readOnly})`.mapWith(Number),
      restricted: sql<boolean>`coalesce(bool_or(${runtimeProjectPermissions.restrictFolderAccess}), false)`,
    })
    .from(runtimeProjectPermissions)
    .where(eq(runtimeProjectPermissions.projectId, project.id));
  const { components } = await allowedItemTypes(viewer, project.id);
  const counts = await db
    .select({ componentId: runtimeItems.componentId, count: count() })
    .from(runtimeItems)
    .where(and(eq(runtimeItems.projectId, project.id), visibleItemCondition(viewer)))
    .groupBy(runtimeItems.componentId);
  const countOf = new Map(counts.map((row) => [row.componentId, Number(row.count)]));
  const projectComponent = await findComponent(db, project.componentId);
  const status = projectComponent?.definition.workflow?.statuses.find((s) => s.key === project.status);
  return {
    project: projectRefOf(project),
    manager: manager ?? null,
    statusName: status ? localize(status.name, viewer.language) : null,
    statusColor: status?.color ?? null,
    folderAccessRestricted: entries?.restricted === true,
    readOnlyEntries: entries?.readOnly ?? 0,
    userEntries: entries?.users ?? 0,
    groupEntries: entries?.groups ?? 0,
    // The same rule as saveProjectPermissions: its manager or an administrator.
    canManagePermissions:
      viewer.isAdministrator || (project.responsibleId !== null && project.responsibleId === viewer.userId),
    itemTypes: components.map((component) => ({
      componentId: component.id,
      name: component.label,
      count: countOf.get(component.id) ?? 0,
    })),
  };
}
