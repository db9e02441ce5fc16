import { type AppCalendar, calendarRoutes, type MoveCalendarEntryBody } from '@der/contracts';
import { apiCall } from '../../../api/apiClient.ts';

/** The days a calendar shows (São Paulo days, both included). */
export interface CalendarRange {
  from: string;
  to: string;
}

export const appCalendarKeys = {
  all: (applicationId: number) => ['app-calendar', applicationId] as const,
  range: (applicationId: number, range: CalendarRange) =>
    [...appCalendarKeys.all(applicationId), range.from, range.to] as const,
};

export const loadAppCalendar = (
  applicationId: number,
  range: CalendarRange,
  signal?: AbortSignal,
): Promise<AppCalendar> =>
  apiCall(calendarRoutes.loadAppCalendar, { query: { applicationId, ...range }, signal });

export const moveCalendarEntry = (body: MoveCalendarEntryBody) =>
  apiCall(calendarRoutes.moveCalendarEntry, { body });

/** A date as the calendar day it falls on in the browser's zone (what the grid shows). */
export function dayOf(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The range the grid shows, from FullCalendar's [start, end) to days with both ends included. */
export function rangeOf(start: Date, end: Date): CalendarRange {
  return { from: dayOf(start), to: dayOf(new Date(end.getTime() - 1)) };
}
