import type { ComponentDefinition } from '@der/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { applications } from '../../modules/applications/applications.table.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { applicationGrantedCondition, grantedComponentItemCondition } from '../items/application-grant.ts';
import { runtimeItems } from '../items/items.table.ts';
import { isProjectItem } from '../projects/item-access.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { resourceProjects } from './resources.table.ts';

// The resources repo's reads of the work around resources: the projects they are on and the items waiting on
// them, through the viewer's grants and visibility (resources.repo.ts spreads these into its own).

export interface ProjectRecord {
  id: number;
  componentId: number;
  formattedId: string;
  title: string;
}

/** Projects of resources the viewer may see: project items, visible, of applications granted to them. */
function visibleProjectCondition(viewer: ItemViewer): SQL {
  return and(
    isProjectItem,
    visibleItemCondition(viewer),
    grantedComponentItemCondition(viewer, runtimeItems.componentId),
  ) as SQL;
}

/** A project as the resource pages list it. */
const projectColumns = {
  id: runtimeItems.id,
  componentId: runtimeItems.componentId,
  formattedId: runtimeItems.formattedId,
  title: runtimeItems.title,
};

export function createResourceWorkRepo(db: Db) {
  return {
    async isApplicationGranted(viewer: ItemViewer, applicationId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: applications.id })
        .from(applications)
        .where(
          and(eq(applications.id, applicationId), applicationGrantedCondition(viewer, sql`${applicationId}`)),
        )
        .limit(1);
      return row !== undefined;
    },

    async isComponentGranted(viewer: ItemViewer, componentId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: runtimeComponents.id })
        .from(runtimeComponents)
        .where(
          and(
            eq(runtimeComponents.id, componentId),
            applicationGrantedCondition(viewer, runtimeComponents.applicationId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** How many of each resource's projects the viewer may see. */
    async visibleProjectCounts(viewer: ItemViewer, resourceIds: number[]): Promise<Map<number, number>> {
      if (resourceIds.length === 0) return new Map();
      const rows = await db
        .select({ resourceId: resourceProjects.resourceId, n: count() })
        .from(resourceProjects)
        .innerJoin(runtimeItems, eq(runtimeItems.id, resourceProjects.projectId))
        .where(and(inArray(resourceProjects.resourceId, resourceIds), visibleProjectCondition(viewer)))
        .groupBy(resourceProjects.resourceId);
      return new Map(rows.map((row) => [row.resourceId, Number(row.n)]));
    },

    /** The resource's projects the viewer may see, by formatted id. */
    async visibleProjectsOf(viewer: ItemViewer, resourceId: number): Promise<ProjectRecord[]> {
      return db
        .select(projectColumns)
        .from(resourceProjects)
        .innerJoin(runtimeItems, eq(runtimeItems.id, resourceProjects.projectId))
        .where(and(eq(resourceProjects.resourceId, resourceId), visibleProjectCondition(viewer)))
        .orderBy(asc(runtimeItems.formattedId), asc(runtimeItems.id));
    },

    /** Every project the viewer may see (the form's choices), by formatted id. */
    async visibleProjects(viewer: ItemViewer, ids?: number[]): Promise<ProjectRecord[]> {
      if (ids && ids.length === 0) return [];
      return db
        .select(projectColumns)
        .from(runtimeItems)
        .where(and(visibleProjectCondition(viewer), ids ? inArray(runtimeItems.id, ids) : undefined))
        .orderBy(asc(runtimeItems.formattedId), asc(runtimeItems.id))
        .limit(2000);
    },

    /** The current definitions of the components with these ids. */
    async componentDefinitions(componentIds: number[]): Promise<Map<number, ComponentDefinition>> {
      if (componentIds.length === 0) return new Map();
      const rows = await db
        .select({ id: runtimeComponents.id, definition: runtimeComponents.definition })
        .from(runtimeComponents)
        .where(inArray(runtimeComponents.id, componentIds));
      return new Map(rows.map((row) => [row.id, row.definition]));
    },

    /** The components items of the project are of. */
    async componentIdsInProject(projectId: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ componentId: runtimeItems.componentId })
        .from(runtimeItems)
        .where(eq(runtimeItems.projectId, projectId));
      return rows.map((row) => row.componentId);
    },

    /** Items of a project the user is responsible for, among those `where` keeps (visibility, openness). */
    async responsibleItems(projectId: number, userId: number, where: SQL | undefined, limit: number) {
      return db
        .select({
          id: runtimeItems.id,
          componentId: runtimeItems.componentId,
          formattedId: runtimeItems.formattedId,
          title: runtimeItems.title,
          status: runtimeItems.status,
          dueAt: runtimeItems.dueAt,
        })
        .from(runtimeItems)
        .where(and(eq(runtimeItems.projectId, projectId), eq(runtimeItems.responsibleId, userId), where))
        .orderBy(
          sql`${runtimeItems.dueAt} asc nulls last`,
          asc(runtimeItems.formattedId),
          asc(runtimeItems.id),
        )
        .limit(limit);
    },
  };
}
