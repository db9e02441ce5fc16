import type { ComponentDefinition } from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { DEFAULT_WORK_CALENDAR, type WorkCalendar } from '../deadlines/working-time.ts';
import { queryWorkCalendar } from './load-work-calendar.ts';

/** What the deadlines of an item need to know of it to find its calendar. */
export interface CalendarHolder {
  projectId: number | null;
  data: Record<string, unknown>;
}

/**
 * The calendar an item's deadlines count on: its project's when the project names one in a CALENDAR field (a
 * project item, its own), else the default calendar. Each project's and each calendar's is read once per
 * resolver — a bulk write makes one resolver and asks it for every item.
 */
export interface ItemWorkCalendars {
  of(component: ComponentDefinition, item: CalendarHolder): Promise<WorkCalendar>;
}

/** The calendar `calendarId` selects, else the default one. */
async function calendarOrDefault(db: Db, calendarId: SQL): Promise<WorkCalendar> {
  return (await queryWorkCalendar(db, calendarId)) ?? DEFAULT_WORK_CALENDAR;
}

/** The calendar id a project's CALENDAR field holds (the first such field of its component), as SQL. */
const projectCalendarId = (projectId: number) => sql`
  select (i.data ->> (f.value ->> 'key'))::int
  from runtime_items i
  join runtime_components rc on rc.id = i.component_id
  cross join lateral jsonb_array_elements(rc.definition -> 'fields') with ordinality as f(value, position)
  where i.id = ${projectId} and f.value ->> 'type' = 'CALENDAR'
    and (i.data ->> (f.value ->> 'key')) ~ '^[0-9]{1,9}$'
  order by f.position
  limit 1`;

/** The working calendar of a project (its CALENDAR field's), else the default one. */
export function projectWorkCalendar(db: Db, projectId: number): Promise<WorkCalendar> {
  return calendarOrDefault(db, projectCalendarId(projectId));
}

/** The calendar id an item of `component` holds itself (a project's own CALENDAR field), or null. */
function ownCalendarId(component: ComponentDefinition, data: Record<string, unknown>): number | null {
  const field = component.fields.find((candidate) => candidate.type === 'CALENDAR');
  const value = field ? data[field.key] : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** A resolver reading each project's calendar once (one statement each) through `db`. */
export function itemWorkCalendars(db: Db): ItemWorkCalendars {
  const cache = new Map<string, Promise<WorkCalendar>>();
  const cached = (key: string, load: () => Promise<WorkCalendar>) => {
    let calendar = cache.get(key);
    if (!calendar) {
      calendar = load();
      cache.set(key, calendar);
    }
    return calendar;
  };
  return {
    of(component, item) {
      if (component.isProject) {
        const calendarId = ownCalendarId(component, item.data);
        if (calendarId === null) return Promise.resolve(DEFAULT_WORK_CALENDAR);
        return cached(`calendar:${calendarId}`, () => calendarOrDefault(db, sql`${calendarId}`));
      }
      const { projectId } = item;
      if (projectId === null) return Promise.resolve(DEFAULT_WORK_CALENDAR);
      return cached(`project:${projectId}`, () => calendarOrDefault(db, projectCalendarId(projectId)));
    },
  };
}
