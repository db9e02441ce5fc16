import {
  type ComponentDefinition,
  type DeleteResourcesResponse,
  type FieldIssue,
  FORM_MODES,
  type GetResourcesBodySchema,
  localize,
  MAX_RESOURCE_PENDING_ITEMS,
  type ResourceEdit,
  type ResourceFormInitialData,
  type ResourcePendingItems,
  type ResourceProject,
  type ResourceProjects,
  type ResourceRow,
  type ResourcesPage,
  type SaveResourceBodySchema,
  type SaveResourceResponse,
} from '@der/contracts';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { translateInfo } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { AuditService } from '../../modules/audit/audit.service.ts';
import { grantedComponentItemCondition } from '../items/application-grant.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { runtimeItems } from '../items/items.table.ts';
import { openItemCondition } from '../project-widgets/project-resources.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import { statusView } from '../workflow/status-view.ts';
import { loadActivityResources } from './activity-resources.ts';
import { fieldIssue, invalidFields, resourceForbidden } from './resource-refusals.ts';
import type { ProjectRecord } from './resource-work.repo.ts';
import { createResourcesRepo, type ResourceRecord } from './resources.repo.ts';

type GetResourcesBody = z.output<typeof GetResourcesBodySchema>;
type SaveResourceBody = z.output<typeof SaveResourceBodySchema>;

/**
 * A task is what the definition says time is entered on as one (`timeEntry: 'task'`, e.g. Gestão de Projetos'
 * Tarefa): declared by the component, not known by its id.
 */
export function isTaskComponent(component: ComponentDefinition): boolean {
  return component.timeEntry === 'task';
}

/** Administrators change every resource; a supervisor the resources they supervise. */
function canEdit(actor: ItemActor, resource: Pick<ResourceRecord, 'supervisorId'>): boolean {
  return actor.isAdministrator || (resource.supervisorId !== null && resource.supervisorId === actor.userId);
}

const formIdOf = (component: ComponentDefinition | undefined): number | null =>
  component?.forms.find((form) => form.mode === FORM_MODES.standard)?.id ?? null;

/**
 * Spec §7.4 resources: people (users) and named assets with a working calendar, a cost per hour, projects and a
 * supervisor (who sees and closes the person's timesheets).
 *
 * Who may: reading (the list, a record, its projects and pending work) — whoever was granted the application the
 * page belongs to (or the application of the component whose RESOURCES field asks); creating and deleting —
 * administrators; changing — administrators, and the resource's supervisor for everything but its kind, person
 * and supervisor (a supervisor handing the resource to someone else, or taking another's, is an administrator's
 * decision). A person's e-mail is answered to administrators only. Projects and items are those the caller may
 * see (engine/query/item-visibility.ts): a resource's list never shows what its reader could not open.
 */
export function createResourcesService(deps: { db: Db; now: () => Date; audit: AuditService }) {
  const { db, now, audit } = deps;
  const repo = createResourcesRepo(db);

  async function assertReadable(actor: ItemActor, scope: { applicationId?: number; componentId?: number }) {
    const granted =
      scope.applicationId !== undefined
        ? await repo.isApplicationGranted(actor, scope.applicationId)
        : scope.componentId !== undefined && (await repo.isComponentGranted(actor, scope.componentId));
    if (!granted) throw resourceForbidden('read');
  }

  async function resourceOrThrow(id: number): Promise<ResourceRecord> {
    const resource = await repo.findResource(id);
    if (!resource) throw new AppError('NOT_FOUND');
    return resource;
  }

  async function projectsWithForms(projects: ProjectRecord[]): Promise<ResourceProject[]> {
    const components = await repo.componentDefinitions([...new Set(projects.map((p) => p.componentId))]);
    return projects.map((project) => ({ ...project, formId: formIdOf(components.get(project.componentId)) }));
  }

  function toRow(actor: ItemActor, record: ResourceRecord, projectCount: number): ResourceRow {
    return {
      id: record.id,
      kind: record.kind,
      name: record.name,
      userId: record.userId,
      email: actor.isAdministrator && record.kind === 'user' ? record.email : null,
      calendarId: record.calendarId,
      calendarName: record.calendarName,
      costPerHour: record.costPerHour,
      supervisorId: record.supervisorId,
      supervisorName: record.supervisorName,
      projectCount,
      active: record.active,
      canEdit: canEdit(actor, record),
    };
  }

  async function pending(
    actor: ItemActor,
    query: { resourceId: number; projectId: number; applicationId: number },
    tasksOnly: boolean,
  ): Promise<ResourcePendingItems> {
    await assertReadable(actor, { applicationId: query.applicationId });
    const resource = await resourceOrThrow(query.resourceId);
    // A project the resource does not work on, or one the caller may not see, answers as unknown.
    const [project] = (await repo.projectIdsOf(resource.id)).includes(query.projectId)
      ? await repo.visibleProjects(actor, [query.projectId])
      : [];
    if (!project) throw new AppError('NOT_FOUND');
    // An asset is responsible for nothing.
    if (resource.userId === null) return { items: [], capped: false };
    const components = await repo.componentDefinitions(await repo.componentIdsInProject(project.id));
    const wanted = [...components.values()].filter((component) => !tasksOnly || isTaskComponent(component));
    if (wanted.length === 0) return { items: [], capped: false };
    const where = and(
      inArray(
        runtimeItems.componentId,
        wanted.map((component) => component.id),
      ),
      openItemCondition(wanted),
      visibleItemCondition(actor),
      grantedComponentItemCondition(actor, runtimeItems.componentId),
    ) as SQL;
    const rows = await repo.responsibleItems(
      project.id,
      resource.userId,
      where,
      MAX_RESOURCE_PENDING_ITEMS + 1,
    );
    return {
      items: rows.slice(0, MAX_RESOURCE_PENDING_ITEMS).map((row) => {
        const component = components.get(row.componentId)!;
        const status = statusView(component, row.status, actor.language);
        return {
          itemId: row.id,
          componentId: row.componentId,
          componentLabel: localize(component.label, actor.language),
          formId: formIdOf(component),
          formattedId: row.formattedId,
          title: row.title,
          statusName: status?.name ?? null,
          statusColor: status?.color ?? null,
          dueAt: row.dueAt?.toISOString() ?? null,
        };
      }),
      capped: rows.length > MAX_RESOURCE_PENDING_ITEMS,
    };
  }

  return {
    getActivityResources: (actor: ItemActor, itemId: number) => loadActivityResources(db, actor, itemId),

    async getResources(actor: ItemActor, body: GetResourcesBody): Promise<ResourcesPage> {
      await assertReadable(actor, body);
      const { rows, total } = await repo.listResources(
        { search: body.search, kind: body.kind, active: body.active, ids: body.ids },
        { offset: (body.page - 1) * body.pageSize, limit: body.pageSize },
      );
      const counts = await repo.visibleProjectCounts(
        actor,
        rows.map((row) => row.id),
      );
      return {
        rows: rows.map((row) => toRow(actor, row, counts.get(row.id) ?? 0)),
        total,
        canManage: actor.isAdministrator,
      };
    },

    /** The form's choices: only for who may save the record (administrators; a supervisor their resource). */
    async getResourceFormInitialData(
      actor: ItemActor,
      query: { resourceId: number; applicationId: number },
    ): Promise<ResourceFormInitialData> {
      await assertReadable(actor, query);
      const resource = query.resourceId === 0 ? null : await resourceOrThrow(query.resourceId);
      if (!resource && !actor.isAdministrator) throw resourceForbidden('create');
      if (resource && !canEdit(actor, resource)) throw resourceForbidden();
      const [users, calendars, projects, supervisors] = await Promise.all([
        // A supervisor keeps the person (and the supervisor): the lists of people are an administrator's.
        actor.isAdministrator
          ? repo.activeStaff({ excludeResources: true, keep: resource?.userId ?? null })
          : Promise.resolve([]),
        repo.calendars(),
        repo.visibleProjects(actor).then(projectsWithForms),
        actor.isAdministrator ? repo.activeStaff({ excludeResources: false }) : Promise.resolve([]),
      ]);
      return { users, calendars, projects, supervisors };
    },

    async getResourcetoEdit(
      actor: ItemActor,
      query: { resourceId: number; applicationId: number },
    ): Promise<ResourceEdit> {
      await assertReadable(actor, query);
      if (query.resourceId === 0) {
        if (!actor.isAdministrator) throw resourceForbidden('create');
        return {
          id: 0,
          kind: 'user',
          userId: null,
          userName: null,
          name: '',
          calendarId: null,
          calendarName: null,
          costPerHour: 0,
          supervisorId: null,
          supervisorName: null,
          projects: [],
          active: true,
          version: 0,
          canEdit: true,
          canChangeOwnership: true,
        };
      }
      const resource = await resourceOrThrow(query.resourceId);
      return {
        id: resource.id,
        kind: resource.kind,
        userId: resource.userId,
        userName: resource.personName,
        name: resource.kind === 'asset' ? resource.name : '',
        calendarId: resource.calendarId,
        calendarName: resource.calendarName,
        costPerHour: resource.costPerHour,
        supervisorId: resource.supervisorId,
        supervisorName: resource.supervisorName,
        projects: await projectsWithForms(await repo.visibleProjectsOf(actor, resource.id)),
        active: resource.active,
        version: resource.version,
        canEdit: canEdit(actor, resource),
        canChangeOwnership: actor.isAdministrator,
      };
    },

    async getProjects(
      actor: ItemActor,
      query: { resourceId: number; applicationId: number },
    ): Promise<ResourceProjects> {
      await assertReadable(actor, query);
      const resource = await resourceOrThrow(query.resourceId);
      return { projects: await projectsWithForms(await repo.visibleProjectsOf(actor, resource.id)) };
    },

    getPendingItems: (
      actor: ItemActor,
      query: { resourceId: number; projectId: number; applicationId: number },
    ) => pending(actor, query, false),

    getPendingTasks: (
      actor: ItemActor,
      query: { resourceId: number; projectId: number; applicationId: number },
    ) => pending(actor, query, true),

    async saveResource(actor: ItemActor, body: SaveResourceBody): Promise<SaveResourceResponse> {
      const existing = body.id === 0 ? null : await resourceOrThrow(body.id);
      if (!existing && !actor.isAdministrator) throw resourceForbidden('create');
      if (existing) {
        if (!canEdit(actor, existing)) throw resourceForbidden();
        if (existing.version !== body.version) throw new AppError('CONFLICT');
        const ownershipChanged =
          body.kind !== existing.kind ||
          (body.kind === 'user' && body.userId !== existing.userId) ||
          body.supervisorId !== existing.supervisorId;
        if (!actor.isAdministrator && ownershipChanged) throw resourceForbidden('ownership');
      }
      const language = actor.language;
      const issues: FieldIssue[] = [];
      const userId = body.kind === 'user' ? body.userId : null;
      // A person kept as they were stays valid even if their account was disabled since.
      if (userId !== null && userId !== existing?.userId) {
        if (!(await repo.isActiveStaff(userId))) issues.push(fieldIssue('userId', 'userNotActive', language));
        else {
          const other = await repo.findResourceOfUser(userId);
          if (other && other.id !== body.id)
            issues.push(fieldIssue('userId', 'userAlreadyResource', language));
        }
      }
      if (body.calendarId !== null && !(await repo.calendarExists(body.calendarId)))
        issues.push(fieldIssue('calendarId', 'calendarUnknown', language));
      if (body.supervisorId !== null) {
        if (userId !== null && body.supervisorId === userId)
          issues.push(fieldIssue('supervisorId', 'supervisorIsResource', language));
        else if (
          body.supervisorId !== existing?.supervisorId &&
          !(await repo.isActiveStaff(body.supervisorId))
        )
          issues.push(fieldIssue('supervisorId', 'supervisorNotActive', language));
      }
      const wanted = [...new Set(body.projectIds)];
      const visible = new Set((await repo.visibleProjects(actor, wanted)).map((project) => project.id));
      const refused = wanted.filter((id) => !visible.has(id));
      if (refused.length > 0)
        issues.push(fieldIssue('projectIds', 'projectsNotVisible', language, { ids: refused.join(', ') }));
      if (issues.length > 0) throw invalidFields(issues);

      // Projects the saver cannot see are not in their form: they stay the resource's.
      const current = existing ? await repo.projectIdsOf(existing.id) : [];
      const seen = new Set((await repo.visibleProjects(actor, current)).map((project) => project.id));
      const kept = current.filter((id) => !seen.has(id));
      const saved = await repo.saveResource({
        id: body.id,
        version: body.version,
        kind: body.kind,
        userId,
        name: body.kind === 'asset' ? body.name : '',
        calendarId: body.calendarId,
        costPerHour: body.costPerHour,
        supervisorId: body.supervisorId,
        active: body.active,
        projectIds: [...wanted, ...kept],
        now: now(),
      });
      if (!saved) throw new AppError('CONFLICT');
      await audit.append(db, {
        action: body.id === 0 ? 'runtime.resource.created' : 'runtime.resource.changed',
        actorUserId: actor.userId,
        target: `resource:${saved.id}`,
        details: { kind: body.kind, projects: wanted.length + kept.length },
      });
      return {
        success: true,
        message: translateInfo('resourceSaved', language),
        id: saved.id,
        version: saved.version,
      };
    },

    async deleteResources(actor: ItemActor, ids: number[]): Promise<DeleteResourcesResponse> {
      if (!actor.isAdministrator) throw resourceForbidden('delete');
      const { deleted, missing } = await repo.deleteResources(ids);
      if (missing.length > 0)
        throw invalidFields([
          fieldIssue('ids', 'resourcesUnknown', actor.language, { ids: missing.join(', ') }),
        ]);
      await audit.append(db, {
        action: 'runtime.resource.deleted',
        actorUserId: actor.userId,
        target: deleted.map((id) => `resource:${id}`).join(','),
      });
      return { success: true, message: translateInfo('resourcesRemoved', actor.language), deleted };
    },
  };
}
export type ResourcesService = ReturnType<typeof createResourcesService>;
