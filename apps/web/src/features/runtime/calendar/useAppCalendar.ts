import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { appCalendarKeys, CALENDAR_STALE_MS, loadAppCalendar } from './calendarQueries.ts';
import type { CalendarRange } from './calendarRange.ts';

/** An application's calendar over the days the grid shows; the previous range stays while the next loads. */
export function useAppCalendar(applicationId: number, range: CalendarRange | null) {
  return useQuery({
    queryKey: range ? appCalendarKeys.range(applicationId, range) : appCalendarKeys.all(applicationId),
    queryFn: ({ signal }) => loadAppCalendar(applicationId, range!, signal),
    enabled: applicationId > 0 && range !== null,
    staleTime: CALENDAR_STALE_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
