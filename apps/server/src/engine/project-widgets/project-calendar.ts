import {
  type ComponentDefinition,
  type Language,
  MAX_CALENDAR_ENTRIES,
  type ProjectCalendar,
  type ProjectCalendarEntry,
} from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { type CalendarDates, dayRange, placedItemsOf } from '../calendar/calendar-entries.ts';
import { workingMinutesOn } from '../deadlines/working-time.ts';
import { daysBetween } from '../deadlines/zoned-time.ts';
import { runtimeItems } from '../items/items.table.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { projectWorkCalendar } from '../work-calendars/item-work-calendars.ts';
import { componentsInProject, projectRefOf, projectScopeOf } from './project-scope.ts';

/** Which dates place a component's items: its first calendar view's fields, else its first DATE_TIME field. */
export function calendarDatesOf(component: ComponentDefinition): CalendarDates | null {
  const view = component.calendarViews[0];
  if (view) return { start: view.startField, end: view.endField, view };
  const field = component.fields.find((candidate) => candidate.type === 'DATE_TIME' && !candidate.deprecated);
  return field ? { start: field.key } : null;
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
  const placed = await placedItemsOf(
    db,
    viewer,
    component,
    dates,
    range,
    eq(runtimeItems.projectId, projectId),
    MAX_CALENDAR_ENTRIES,
  );
  return placed.map(({ version: _version, ...entry }) => entry);
}

/**
 * Spec §3 projectCalendar: the visible items of the item's project dated within [from, to] (São Paulo days),
 * first by date. Each component's items are placed by its calendar view's fields or its first DATE_TIME field;
 * components without a date are left out. The days the project's working calendar does not work are named.
 */
export async function loadProjectCalendar(
  db: Db,
  viewer: ItemViewer & { language: Language },
  query: { itemId: number; from: string; to: string },
): Promise<ProjectCalendar> {
  const { project } = await projectScopeOf(db, viewer, query.itemId);
  if (!project) return { project: null, entries: [], capped: false, nonWorkingDays: [] };
  const range = dayRange(query.from, query.to);
  const components = await componentsInProject(db, project.id);
  const [perComponent, calendar] = await Promise.all([
    Promise.all(components.map((component) => entriesOf(db, viewer, project.id, component, range))),
    projectWorkCalendar(db, project.id),
  ]);
  const entries = perComponent.flat().sort((a, b) => a.date.localeCompare(b.date) || a.itemId - b.itemId);
  return {
    project: projectRefOf(project),
    entries: entries.slice(0, MAX_CALENDAR_ENTRIES),
    capped: entries.length > MAX_CALENDAR_ENTRIES,
    nonWorkingDays: daysBetween(query.from, query.to).filter((day) => workingMinutesOn(calendar, day) === 0),
  };
}
