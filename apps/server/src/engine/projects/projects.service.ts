import {
  type CheckPermissionToUpdateBody,
  formatValidationMessage,
  type Language,
  type PermissionToUpdate,
  type ProjectPermissionEntry,
  type ProjectPermissionRow,
  type ProjectPermissions,
  type ProjectSummary,
  type ProjectTitle,
} from '@der/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { translateError } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import type { AuditService } from '../../modules/audit/audit.service.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import { findGrantedComponent, grantedComponentItemCondition } from '../items/application-grant.ts';
import type { ItemActor } from '../items/create-items.ts';
import { canEditWith, readOnlyFieldsOf } from '../items/field-permissions.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { isProjectItem, projectAccess, writableColumn } from './item-access.ts';
import { runtimeProjectPermissions } from './project-permissions.table.ts';

/** How many projects loadProjects answers at most (by title). */
export const PROJECTS_LIST_LIMIT = 1000;

export interface ProjectActor extends ItemViewer {
  language: Language;
  ip: string;
}

/** The project manager is the project item's responsible (spec §3 ProjectManager). */
function isManagerOrAdministrator(viewer: ItemViewer, project: RuntimeItemRow): boolean {
  return (
    viewer.isAdministrator || (project.responsibleId !== null && project.responsibleId === viewer.userId)
  );
}

async function visibleProject(db: Db, viewer: ItemViewer, projectId: number, lock = false) {
  const query = db
    .select()
    .from(runtimeItems)
    .where(and(eq(runtimeItems.id, projectId), isProjectItem, visibleItemCondition(viewer)));
  const [row] = lock ? await query.for('update') : await query;
  // A project the viewer may not see answers as an unknown one.
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function readPermissions(db: Db, projectId: number) {
  const userRows = await db
    .select({
      id: users.id,
      name: users.name,
      readOnly: runtimeProjectPermissions.readOnly,
      restrictFolderAccess: runtimeProjectPermissions.restrictFolderAccess,
    })
    .from(runtimeProjectPermissions)
    .innerJoin(users, eq(users.id, runtimeProjectPermissions.userId))
    .where(eq(runtimeProjectPermissions.projectId, projectId))
    .orderBy(asc(users.name), asc(users.id));
  const groupRows = await db
    .select({
      id: userGroups.id,
      name: userGroups.name,
      readOnly: runtimeProjectPermissions.readOnly,
      restrictFolderAccess: runtimeProjectPermissions.restrictFolderAccess,
    })
    .from(runtimeProjectPermissions)
    .innerJoin(userGroups, eq(userGroups.id, runtimeProjectPermissions.groupId))
    .where(eq(runtimeProjectPermissions.projectId, projectId))
    .orderBy(asc(userGroups.name), asc(userGroups.id));
  return { users: userRows as ProjectPermissionRow[], groups: groupRows as ProjectPermissionRow[] };
}

/** The entries listed twice or not existing, named as `body.users.2.id`. */
async function invalidEntries(
  db: Db,
  list: 'users' | 'groups',
  entries: readonly ProjectPermissionEntry[],
): Promise<string[]> {
  const ids = entries.map((entry) => entry.id);
  const table = list === 'users' ? users : userGroups;
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

export function createProjectsService(deps: { db: Db; audit: AuditService }) {
  const { db } = deps;

  async function loadProjectPermissions(viewer: ItemViewer, projectId: number): Promise<ProjectPermissions> {
    const project = await visibleProject(db, viewer, projectId);
    const { users: userRows, groups } = await readPermissions(db, project.id);
    return {
      projectId: project.id,
      canEdit: isManagerOrAdministrator(viewer, project),
      users: userRows,
      groups,
    };
  }

  return {
    /** Spec §7.6 loadProjects: the project items the viewer may see, by title. */
    async loadProjects(viewer: ItemViewer, componentId?: number): Promise<ProjectSummary[]> {
      const rows = await db
        .select({
          id: runtimeItems.id,
          componentId: runtimeItems.componentId,
          formattedId: runtimeItems.formattedId,
          title: runtimeItems.title,
          status: runtimeItems.status,
          managerId: runtimeItems.responsibleId,
          managerName: users.name,
        })
        .from(runtimeItems)
        .leftJoin(users, eq(users.id, runtimeItems.responsibleId))
        .where(
          and(
            isProjectItem,
            componentId === undefined ? undefined : eq(runtimeItems.componentId, componentId),
            visibleItemCondition(viewer),
            // Projects of applications granted to the viewer only (an ungranted one tells nothing).
            grantedComponentItemCondition(viewer, runtimeItems.componentId),
          ),
        )
        .orderBy(asc(sql`lower(${runtimeItems.title})`), asc(runtimeItems.id))
        .limit(PROJECTS_LIST_LIMIT);
      return rows;
    },

    async getProjectTitle(viewer: ItemViewer, projectId: number): Promise<ProjectTitle> {
      const project = await visibleProject(db, viewer, projectId);
      return { projectId: project.id, formattedId: project.formattedId, title: project.title };
    },

    loadProjectPermissions,

    /**
     * Replaces a project's users and groups in one transaction (the project row locked), by its manager or an
     * administrator only (403 otherwise; 404 when the project is not visible), with an audit entry.
     */
    async saveProjectPermissions(
      actor: ProjectActor,
      input: { projectId: number; users: ProjectPermissionEntry[]; groups: ProjectPermissionEntry[] },
    ): Promise<ProjectPermissions> {
      await db.transaction(async (tx) => {
        const project = await visibleProject(tx, actor, input.projectId, true);
        if (!isManagerOrAdministrator(actor, project)) throw new AppError('FORBIDDEN');
        const invalid = [
          ...(await invalidEntries(tx, 'users', input.users)),
          ...(await invalidEntries(tx, 'groups', input.groups)),
        ];
        if (invalid.length > 0)
          throw new AppError(
            'VALIDATION_FAILED',
            invalid.map((field) => ({
              field,
              message: formatValidationMessage('invalidValue', actor.language),
            })),
          );
        const before = await readPermissions(tx, project.id);
        await tx.delete(runtimeProjectPermissions).where(eq(runtimeProjectPermissions.projectId, project.id));
        const rows = [
          ...input.users.map((entry) => ({ userId: entry.id, groupId: null })),
          ...input.groups.map((entry) => ({ userId: null, groupId: entry.id })),
        ].map((grantee, index) => {
          const entry =
            index < input.users.length ? input.users[index]! : input.groups[index - input.users.length]!;
          return {
            projectId: project.id,
            ...grantee,
            readOnly: entry.readOnly,
            restrictFolderAccess: entry.restrictFolderAccess,
          };
        });
        if (rows.length > 0) await tx.insert(runtimeProjectPermissions).values(rows);
        const summary = (list: ProjectPermissionRow[] | ProjectPermissionEntry[]) =>
          list.map((entry) => ({
            id: entry.id,
            readOnly: entry.readOnly,
            restrictFolderAccess: entry.restrictFolderAccess,
          }));
        await deps.audit.append(tx, {
          action: 'runtime.project.permissions.saved',
          actorUserId: actor.userId,
          ip: actor.ip,
          target: `item:${project.id}`,
          details: {
            before: { users: summary(before.users), groups: summary(before.groups) },
            after: { users: summary(input.users), groups: summary(input.groups) },
          },
        });
      });
      return loadProjectPermissions(actor, input.projectId);
    },

    /**
     * Spec §6 checkPermissionToUpdate. A saved item: whether the viewer may change it (the stored item
     * decides, not the values the client sends). A new item (itemId 0 or absent): whether the viewer may
     * create items of the component in `project` (anyone may create outside a project: they become its
     * creator). Refusals carry the §6 text.
     */
    async checkPermissionToUpdate(
      viewer: ItemActor,
      input: CheckPermissionToUpdateBody,
    ): Promise<PermissionToUpdate> {
      let allowed: boolean;
      if (input.itemId) {
        // The one save's rule (field-permissions.ts): the write right, and some field still writable in the
        // item's status for this user (nothing is in a final status: only its workflow actions change it).
        const [found] = await db
          .select({ item: runtimeItems, writable: writableColumn(viewer) })
          .from(runtimeItems)
          .where(and(eq(runtimeItems.id, input.itemId), visibleItemCondition(viewer)))
          .limit(1);
        const component = found ? await findGrantedComponent(db, viewer, found.item.componentId) : null;
        allowed =
          found !== undefined &&
          component !== null &&
          canEditWith(
            component.definition,
            found.writable === true,
            await readOnlyFieldsOf(db, viewer, component.definition, found.item),
          );
      } else {
        const row = await findGrantedComponent(db, viewer, input.component);
        const component = row && row.removedAt === null ? row.definition : null;
        if (!component) allowed = false;
        else if (!input.project) allowed = true;
        else allowed = !component.isProject && (await projectAccess(db, viewer, input.project)) === 'write';
      }
      return allowed
        ? { allowed: true }
        : { allowed: false, message: translateError('ITEM_EDIT_FORBIDDEN', viewer.language) };
    },
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
