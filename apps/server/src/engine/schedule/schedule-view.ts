import {
  type ComponentDefinition,
  type FieldDefinition,
  type Language,
  localize,
  type ScheduleProject,
  type ScheduleView,
} from '@der/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { applicationGrantedCondition, grantedCurrentComponentsOf } from '../items/application-grant.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { runtimeItems } from '../items/items.table.ts';
import { isProjectItem } from '../projects/item-access.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';

/**
 * How the items of a component are placed on the schedule: their start and end keys (a DATE_TIME field or the
 * date system keys), `end` equal to `start` for a single date (a milestone), and the progress field.
 */
export interface ScheduleDates {
  start: string;
  end: string;
  progress?: string | undefined;
}

/** A component whose items hang on the view's items through a reference field (tasks on activities). */
export interface ScheduleChild {
  definition: ComponentDefinition;
  /** The GENERIC_ITEM_TYPE field (single) naming the view component's item. */
  parentField: string;
  /** Null when the component has no date at all: its items are drawn at their parent's end. */
  dates: ScheduleDates | null;
}

/** A schedule view with its component (of a granted application) and the components hanging on it. */
export interface ResolvedSchedule {
  view: ScheduleView;
  component: ComponentDefinition;
  applicationId: number;
  children: ScheduleChild[];
}

/** A non-deprecated DATE_TIME field: the only dates the schedule may write. */
export function dateFieldOf(component: ComponentDefinition, key: string | undefined): FieldDefinition | null {
  const field = component.fields.find((candidate) => candidate.key === key);
  return field?.type === 'DATE_TIME' && !field.deprecated ? field : null;
}

/**
 * The dates of a hanging component: its own schedule view's, else its first calendar view's (a due date: a
 * milestone), else its first date field (a milestone), else none.
 */
function childDates(definition: ComponentDefinition): ScheduleDates | null {
  const own = definition.scheduleViews[0];
  if (own) return { start: own.startField, end: own.endField, progress: own.progressField };
  const calendar = definition.calendarViews.find((view) => dateFieldOf(definition, view.startField));
  if (calendar)
    return {
      start: calendar.startField,
      end: dateFieldOf(definition, calendar.endField) ? calendar.endField! : calendar.startField,
    };
  const first = definition.fields.find((field) => field.type === 'DATE_TIME' && !field.deprecated);
  return first ? { start: first.key, end: first.key } : null;
}

function childrenOf(
  component: ComponentDefinition,
  siblings: readonly ComponentDefinition[],
): ScheduleChild[] {
  return siblings.flatMap((definition): ScheduleChild[] => {
    if (definition.id === component.id || definition.isProject) return [];
    const parent = definition.fields.find(
      (field) =>
        field.type === 'GENERIC_ITEM_TYPE' &&
        !field.multiple &&
        !field.deprecated &&
        field.targetComponentId === component.id,
    );
    return parent ? [{ definition, parentField: parent.key, dates: childDates(definition) }] : [];
  });
}

/**
 * The component holding schedule view `viewId` among the viewer's granted applications (view ids are unique
 * across the platform: definition-uniqueness.ts), with the components of its application hanging on it; 404
 * otherwise — an ungranted view tells nothing.
 */
export async function loadScheduleView(
  db: Db,
  viewer: ItemViewer,
  viewId: number,
): Promise<ResolvedSchedule> {
  const [row] = await db
    .select({ definition: runtimeComponents.definition, applicationId: runtimeComponents.applicationId })
    .from(runtimeComponents)
    .where(
      and(
        isNull(runtimeComponents.removedAt),
        sql`${runtimeComponents.definition} -> 'scheduleViews' @> ${JSON.stringify([{ id: viewId }])}::jsonb`,
        applicationGrantedCondition(viewer, runtimeComponents.applicationId),
      ),
    )
    .limit(1);
  const view = row?.definition.scheduleViews.find((candidate) => candidate.id === viewId);
  if (!row || !view) throw new AppError('NOT_FOUND');
  const siblings = await grantedCurrentComponentsOf(db, viewer, row.applicationId);
  return {
    view,
    component: row.definition,
    applicationId: row.applicationId,
    children: childrenOf(row.definition, siblings),
  };
}

/** How many projects the selector offers at most (by title). */
const PROJECTS_LIMIT = 1000;

/**
 * The projects of the application's project components the viewer sees, by title, and the one to show: the
 * asked one (404 when it is not among them: a project they do not see tells nothing), else the first that holds
 * items of the view's component, else the first.
 */
export async function scheduleProjects(
  db: Db,
  viewer: ItemActor,
  resolved: ResolvedSchedule,
  asked: number | undefined,
): Promise<{ projects: ScheduleProject[]; project: ScheduleProject | null }> {
  const projectComponents = (await grantedCurrentComponentsOf(db, viewer, resolved.applicationId))
    .filter((definition) => definition.isProject)
    .map((definition) => definition.id);
  const projects =
    projectComponents.length === 0
      ? []
      : await db
          .select({ id: runtimeItems.id, formattedId: runtimeItems.formattedId, title: runtimeItems.title })
          .from(runtimeItems)
          .where(
            and(
              inArray(runtimeItems.componentId, projectComponents),
              isProjectItem,
              visibleItemCondition(viewer),
            ),
          )
          .orderBy(asc(sql`lower(${runtimeItems.title})`), asc(runtimeItems.id))
          .limit(PROJECTS_LIMIT);
  if (asked !== undefined) {
    const project = projects.find((candidate) => candidate.id === asked);
    if (project) return { projects, project };
    // Beyond the selector's first thousand, or not a project of this application / not visible: ask directly.
    const [row] = await db
      .select({ id: runtimeItems.id, formattedId: runtimeItems.formattedId, title: runtimeItems.title })
      .from(runtimeItems)
      .where(
        and(
          eq(runtimeItems.id, asked),
          projectComponents.length === 0 ? sql`false` : inArray(runtimeItems.componentId, projectComponents),
          isProjectItem,
          visibleItemCondition(viewer),
        ),
      );
    if (!row) throw new AppError('NOT_FOUND');
    return { projects, project: row };
  }
  if (projects.length === 0) return { projects, project: null };
  const holding = await db
    .selectDistinct({ projectId: runtimeItems.projectId })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.componentId, resolved.component.id),
        inArray(
          runtimeItems.projectId,
          projects.map((project) => project.id),
        ),
        visibleItemCondition(viewer),
      ),
    );
  const held = new Set(holding.map((row) => row.projectId));
  return { projects, project: projects.find((project) => held.has(project.id)) ?? projects[0]! };
}

/** The status's name and colour in the component's workflow. */
export function statusOf(definition: ComponentDefinition, key: string | null, language: Language) {
  const status = key ? definition.workflow?.statuses.find((candidate) => candidate.key === key) : undefined;
  return {
    name: status ? localize(status.name, language) : key,
    color: status?.color ?? null,
    final: status?.final ?? false,
  };
}
