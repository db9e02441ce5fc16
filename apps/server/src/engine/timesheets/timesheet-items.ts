import { type ComponentDefinition, FORM_MODES, type TimesheetRow } from '@der/contracts';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/database.ts';
import { grantedCurrentComponentsOf } from '../items/application-grant.ts';
import { runtimeItems } from '../items/items.table.ts';
import { openItemCondition } from '../project-widgets/project-resources.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';

/** The application's components time is entered on (ComponentDefinition.timeEntry), when it is granted. */
export async function timeEntryComponentsOf(
  db: Db,
  viewer: ItemViewer,
  applicationId: number,
): Promise<ComponentDefinition[]> {
  const components = await grantedCurrentComponentsOf(db, viewer, applicationId);
  return components.filter((component) => component.timeEntry !== undefined);
}

/** An item of a time-entry component, as the grid and the save see it. */
export interface TimeEntryItem {
  id: number;
  componentId: number;
  projectId: number | null;
}

const project = alias(runtimeItems, 'timesheet_project');

/**
 * The rows of a timesheet: the tasks and activities the subject is responsible for and has not finished, and
 * every item with an entry in the range (`withEntries`) — as far as the viewer may see them.
 */
export async function timesheetRowsOf(
  db: Db,
  viewer: ItemViewer,
  query: {
    components: readonly ComponentDefinition[];
    responsibleId: number;
    withEntries: readonly number[];
    admitted: ReadonlySet<'task' | 'activity'>;
  },
): Promise<TimesheetRow[]> {
  const { components } = query;
  if (components.length === 0) return [];
  const assigned = or(
    ...components.map((component) =>
      and(
        eq(runtimeItems.componentId, component.id),
        eq(runtimeItems.responsibleId, query.responsibleId),
        openItemCondition([component]) ?? sql`true`,
      ),
    ),
  ) as SQL;
  const entered =
    query.withEntries.length > 0 ? inArray(runtimeItems.id, [...query.withEntries]) : sql`false`;
  const rows = await db
    .select({
      itemId: runtimeItems.id,
      componentId: runtimeItems.componentId,
      formattedId: runtimeItems.formattedId,
      title: runtimeItems.title,
      projectId: runtimeItems.projectId,
      projectTitle: project.title,
    })
    .from(runtimeItems)
    .leftJoin(project, eq(project.id, runtimeItems.projectId))
    .where(
      and(
        inArray(
          runtimeItems.componentId,
          components.map((component) => component.id),
        ),
        or(assigned, entered),
        visibleItemCondition(viewer),
      ),
    )
    .orderBy(asc(project.title), asc(runtimeItems.formattedId))
    .limit(500);
  const byId = new Map(components.map((component) => [component.id, component]));
  return rows.map((row) => {
    const component = byId.get(row.componentId) as ComponentDefinition;
    const kind = component.timeEntry as 'task' | 'activity';
    return {
      ...row,
      projectTitle: row.projectTitle ?? '',
      kind,
      formId: component.forms.find((form) => form.mode === FORM_MODES.standard)?.id ?? null,
      open: query.admitted.has(kind),
    };
  });
}

/** The items named by a save, of the given components and visible to the viewer (others are absent). */
export async function timeEntryItems(
  db: Db,
  viewer: ItemViewer,
  components: readonly ComponentDefinition[],
  itemIds: readonly number[],
): Promise<Map<number, TimeEntryItem>> {
  if (itemIds.length === 0 || components.length === 0) return new Map();
  const rows = await db
    .select({ id: runtimeItems.id, componentId: runtimeItems.componentId, projectId: runtimeItems.projectId })
    .from(runtimeItems)
    .where(
      and(
        inArray(runtimeItems.id, [...new Set(itemIds)]),
        inArray(
          runtimeItems.componentId,
          components.map((component) => component.id),
        ),
        visibleItemCondition(viewer),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}
