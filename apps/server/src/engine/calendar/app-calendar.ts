import {
  type AppCalendar,
  type AppCalendarEntry,
  type AppCalendarView,
  type CalendarView,
  type ComponentDefinition,
  type Language,
  localize,
  MAX_APP_CALENDAR_ENTRIES,
} from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { grantedCurrentComponentsOf } from '../items/application-grant.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { dateFieldOf, dayRange, placedItemsOf } from './calendar-entries.ts';

type Viewer = ItemViewer & { language: Language };

/** A calendar view with the component it belongs to. */
export interface ResolvedCalendarView {
  component: ComponentDefinition;
  view: CalendarView;
}

/** The calendar views of the application's current components, when the application is granted to the viewer. */
export async function calendarViewsOf(
  db: Db,
  viewer: ItemViewer,
  applicationId: number,
): Promise<ResolvedCalendarView[]> {
  const components = await grantedCurrentComponentsOf(db, viewer, applicationId);
  return components.flatMap((component) => component.calendarViews.map((view) => ({ component, view })));
}

/** A view's entries may be dragged when its dates are fields (system dates are the platform's to keep). */
export function isMovable({ component, view }: ResolvedCalendarView): boolean {
  return (
    dateFieldOf(component, view.startField) !== null &&
    (!view.endField || dateFieldOf(component, view.endField) !== null)
  );
}

function viewSummary(resolved: ResolvedCalendarView, language: Language): AppCalendarView {
  const { component, view } = resolved;
  return {
    viewId: view.id,
    name: localize(view.name, language),
    componentId: component.id,
    ...(view.color ? { color: view.color } : {}),
    movable: isMovable(resolved),
  };
}

/**
 * Spec §2.9 calendar/{title}: every calendar view of the application with the visible items it places within
 * [from, to] (São Paulo days), first by date; at most MAX_APP_CALENDAR_ENTRIES, `capped` telling more matched.
 */
export async function loadAppCalendar(
  db: Db,
  viewer: Viewer,
  query: { applicationId: number; from: string; to: string },
): Promise<AppCalendar> {
  const views = await calendarViewsOf(db, viewer, query.applicationId);
  const range = dayRange(query.from, query.to);
  const perView = await Promise.all(
    views.map(async ({ component, view }) => {
      const dates = { start: view.startField, end: view.endField, view };
      const placed = await placedItemsOf(
        db,
        viewer,
        component,
        dates,
        range,
        undefined,
        MAX_APP_CALENDAR_ENTRIES,
      );
      return placed.map(
        ({ date, endDate, statusColor, ...item }): AppCalendarEntry => ({
          ...item,
          viewId: view.id,
          start: date,
          ...(endDate ? { end: endDate } : {}),
          ...(statusColor ? { color: statusColor } : {}),
        }),
      );
    }),
  );
  const entries = perView
    .flat()
    .sort((a, b) => a.start.localeCompare(b.start) || a.itemId - b.itemId || a.viewId - b.viewId);
  return {
    views: views.map((resolved) => viewSummary(resolved, viewer.language)),
    entries: entries.slice(0, MAX_APP_CALENDAR_ENTRIES),
    capped: entries.length > MAX_APP_CALENDAR_ENTRIES,
  };
}
