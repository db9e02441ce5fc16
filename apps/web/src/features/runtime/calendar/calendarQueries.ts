import { type AppCalendar, calendarRoutes, type MoveCalendarEntryBody } from '@der/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';
import { type CalendarRange, monthGridRange } from './calendarRange.ts';

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

/** How long a loaded range is fresh (the page's query and the arrival prefetch agree). */
export const CALENDAR_STALE_MS = 30_000;

/** The month the page opens on, asked for on arrival alongside the page's code (app/routePreload.ts). */
export function prefetchAppCalendar(queryClient: QueryClient, applicationId: number): Promise<void> {
  const range = monthGridRange(new Date());
  return queryClient.prefetchQuery({
    queryKey: appCalendarKeys.range(applicationId, range),
    queryFn: ({ signal }) => loadAppCalendar(applicationId, range, signal),
    staleTime: CALENDAR_STALE_MS,
  });
}

export const moveCalendarEntry = (body: MoveCalendarEntryBody) =>
  apiCall(calendarRoutes.moveCalendarEntry, { body });
