import { adminWorkCalendarRoutes, type SaveWorkCalendarBody, type WorkCalendarRow } from '@der/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';
import type { AdminListSource } from '../shared/useAdminList.ts';

/** The working calendars of the administration and the removal of a selection. */
export const ADMIN_WORK_CALENDARS: AdminListSource<WorkCalendarRow> = {
  queryKey: ['admin', 'workCalendars'],
  load: (signal) => apiCall(adminWorkCalendarRoutes.getWorkCalendars, { signal }),
  remove: (ids) => apiCall(adminWorkCalendarRoutes.deleteWorkCalendars, { body: { ids } }),
};

/** The calendar to edit with its periods and holidays (none for id 0); never served from the cache. */
export function useWorkCalendar(calendarId: number) {
  return useQuery({
    queryKey: ['admin', 'workCalendar', calendarId],
    queryFn: ({ signal }) =>
      apiCall(adminWorkCalendarRoutes.getWorkCalendar, { query: { WorkCalendarId: calendarId }, signal }),
    enabled: calendarId > 0,
    gcTime: 0,
    retry: false,
  });
}

/** Brazil's national holidays of a year (they never change for a year: kept while the page lives). */
export function useNationalHolidays(year: number) {
  return useQuery({
    queryKey: ['admin', 'nationalHolidays', year],
    queryFn: ({ signal }) =>
      apiCall(adminWorkCalendarRoutes.getNationalHolidays, { query: { year }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Saves a calendar; the caller says what a success and a refusal do. */
export function useSaveWorkCalendar(options: {
  onSuccess: (message: string) => void;
  onError: (error: unknown) => void;
}) {
  return useMutation({
    mutationFn: (body: SaveWorkCalendarBody) => apiCall(adminWorkCalendarRoutes.saveWorkCalendar, { body }),
    onSuccess: (result) => options.onSuccess(result.message),
    onError: options.onError,
  });
}
