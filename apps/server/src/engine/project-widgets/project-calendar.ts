import {
  type CalendarView,
  type ComponentDefinition,
  type FieldDefinition,
  FORM_MODES,
  type Language,
  localize,
  MAX_CALENDAR_ENTRIES,
  type ProjectCalendar,
  type ProjectCalendarEntry,
} from '@der/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { fieldValueExpression } from '../items/field-expression.ts';
import { runtimeItems } from '../items/items.table.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { componentsInProject, projectRefOf, projectScopeOf } from './project-scope.ts';

/**
 * The platform's days are São Paulo days. Brazil has kept UTC−3 all year since 2019, so a fixed offset turns
 * a day into its first instant without a time-zone database.
 */
const SAO_PAULO_OFFSET = '-03:00';
const DAY_MS = 86_400_000;

function firstInstantOf(day: string): Date {
  return new Date(`${day}T00:00:00${SAO_PAULO_OFFSET}`);
}

/** A system date column as the same fixed-width ISO UTC text DATE_TIME values are stored as. */
function isoText(column: typeof runtimeItems.createdAt | typeof runtimeItems.modifiedAt): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The text expression of a date a calendar reads: a non-deprecated DATE_TIME field of the component or a date
 * system key. Anything else (a definition naming a removed field) gives null: the component is left out
 * rather than an unchecked key reaching SQL.
 */
function dateExpression(component: ComponentDefinition, key: string): SQL<string> | null {
  if (key === 'CreationDate') return isoText(runtimeItems.createdAt);
  if (key === 'LastModify') return isoText(runtimeItems.modifiedAt);
  const field = component.fields.find((candidate) => candidate.key === key);
  if (field?.type !== 'DATE_TIME' || field.deprecated) return null;
  return fieldValueExpression(field) as SQL<string>;
}

/** Which dates place a component's items: its first calendar view's fields, else its first DATE_TIME field. */
export function calendarDatesOf(
  component: ComponentDefinition,
): { start: string; end?: string; view?: CalendarView } | null {
  const view = component.calendarViews[0];
  if (view) return { start: view.startField, end: view.endField, view };
  const field = component.fields.find((candidate) => candidate.type === 'DATE_TIME' && !candidate.deprecated);
  return field ? { start: field.key } : null;
}

function statusOf(component: ComponentDefinition, key: string | null) {
  return key ? component.workflow?.statuses.find((status) => status.key === key) : undefined;
}

/** The entry's colour: the view's colour field (PICKLIST option or status) or fixed colour, else its status's. */
function colorOf(
  component: ComponentDefinition,
  view: CalendarView | undefined,
  row: { status: string | null; colorValue: unknown },
): string | undefined {
  const statusColor = statusOf(component, row.status)?.color;
  if (view?.colorField && view.colorField !== 'StatusName') {
    const field: FieldDefinition | undefined = component.fields.find((f) => f.key === view.colorField);
    const option = field?.options?.find((candidate) => candidate.value === row.colorValue);
    if (option?.color) return option.color;
  }
  return view?.color ?? statusColor;
}

async function entriesOf(
  db: Db,
  viewer: ItemViewer & { language: Language },
  projectId: number,
  component: ComponentDefinition,
  range: { start: string; end: string },
): Promise<ProjectCalendarEntry[]> {
  const dates = calendarDatesOf(component);
  if (!dates) return [];
  const start = dateExpression(component, dates.start);
  if (!start) return [];
  const end = dates.end ? dateExpression(component, dates.end) : null;
  const colorKey = dates.view?.colorField;
  const colorField = component.fields.find((field) => field.key === colorKey && field.type === 'PICKLIST');
  const rows = await db
    .select({
      itemId: runtimeItems.id,
      formattedId: runtimeItems.formattedId,
      title: runtimeItems.title,
      status: runtimeItems.status,
      date: start,
      endDate: end ?? sql<null>`null`,
      colorValue: colorField ? fieldValueExpression(colorField) : sql<null>`null`,
    })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.projectId, projectId),
        eq(runtimeItems.componentId, component.id),
        visibleItemCondition(viewer),
        sql`${start} is not null`,
        sql`${start} < ${range.end}`,
        // A span shows on every day it covers: it overlaps the range unless it ended before it began.
        sql`coalesce(${end ?? start}, ${start}) >= ${range.start}`,
      ),
    )
    .orderBy(asc(start), asc(runtimeItems.id))
    .limit(MAX_CALENDAR_ENTRIES + 1);
  const formId = component.forms.find((form) => form.mode === FORM_MODES.standard)?.id ?? null;
  return rows.map((row) => {
    const status = statusOf(component, row.status);
    const color = colorOf(component, dates.view, row);
    const endDate = typeof row.endDate === 'string' && row.endDate > row.date ? row.endDate : undefined;
    return {
      itemId: row.itemId,
      componentId: component.id,
      formId,
      formattedId: row.formattedId,
      title: row.title,
      date: row.date,
      ...(endDate ? { endDate } : {}),
      ...(color ? { statusColor: color } : {}),
      ...(status ? { statusName: localize(status.name, viewer.language) } : {}),
    };
  });
}

/**
 * Spec §3 projectCalendar: the visible items of the item's project dated within [from, to] (São Paulo days),
 * first by date. Each component's items are placed by its calendar view's fields or its first DATE_TIME field;
 * components without a date are left out.
 */
export async function loadProjectCalendar(
  db: Db,
  viewer: ItemViewer & { language: Language },
  query: { itemId: number; from: string; to: string },
): Promise<ProjectCalendar> {
  const { project } = await projectScopeOf(db, viewer, query.itemId);
  if (!project) return { project: null, entries: [], capped: false };
  const range = {
    start: firstInstantOf(query.from).toISOString(),
    end: new Date(firstInstantOf(query.to).getTime() + DAY_MS).toISOString(),
  };
  const components = await componentsInProject(db, project.id);
  const perComponent = await Promise.all(
    components.map((component) => entriesOf(db, viewer, project.id, component, range)),
  );
  const entries = perComponent.flat().sort((a, b) => a.date.localeCompare(b.date) || a.itemId - b.itemId);
  return {
    project: projectRefOf(project),
    entries: entries.slice(0, MAX_CALENDAR_ENTRIES),
    capped: entries.length > MAX_CALENDAR_ENTRIES,
  };
}
