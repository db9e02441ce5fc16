import {
  type CloseMonthBody,
  type ReopenMonthBody,
  type SaveTimesheetBody,
  timesheetRoutes,
} from '@der/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

/** The days a timesheet shows (both included). */
export interface TimesheetRange {
  from: string;
  to: string;
}

export const timesheetKeys = {
  all: ['timesheets'] as const,
  sheet: (applicationId: number, range: TimesheetRange, userId: number | undefined) =>
    [...timesheetKeys.all, 'sheet', applicationId, range.from, range.to, userId ?? 'me'] as const,
  list: (applicationId: number, range: TimesheetRange, filter: { userId?: number; projectId?: number }) =>
    [...timesheetKeys.all, 'list', applicationId, range.from, range.to, filter] as const,
  closings: (applicationId: number) => [...timesheetKeys.all, 'closings', applicationId] as const,
};

/** A user's timesheet (their own when `userId` is undefined); the previous range stays while the next loads. */
export function useTimesheet(applicationId: number, range: TimesheetRange, userId: number | undefined) {
  return useQuery({
    queryKey: timesheetKeys.sheet(applicationId, range, userId),
    queryFn: ({ signal }) =>
      apiCall(timesheetRoutes.loadTimesheet, {
        query: { applicationId, ...range, ...(userId ? { userId } : {}) },
        signal,
      }),
    enabled: applicationId > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useTimesheetList(
  applicationId: number,
  range: TimesheetRange,
  filter: { userId?: number; projectId?: number },
) {
  return useQuery({
    queryKey: timesheetKeys.list(applicationId, range, filter),
    queryFn: ({ signal }) =>
      apiCall(timesheetRoutes.loadTimesheetList, { query: { applicationId, ...range, ...filter }, signal }),
    enabled: applicationId > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useMonthClosings(applicationId: number) {
  return useQuery({
    queryKey: timesheetKeys.closings(applicationId),
    queryFn: ({ signal }) => apiCall(timesheetRoutes.loadMonthClosings, { query: { applicationId }, signal }),
    enabled: applicationId > 0,
    retry: false,
  });
}

/** Every timesheet read is stale after a write (the grid, the supervisors' list and the closings agree). */
function useTimesheetMutation<Body, Result>(call: (body: Body) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}

export const useSaveTimesheet = () =>
  useTimesheetMutation((body: SaveTimesheetBody) => apiCall(timesheetRoutes.saveTimesheet, { body }));
export const useFillAutomaticEntries = () =>
  useTimesheetMutation((body: { applicationId: number } & TimesheetRange) =>
    apiCall(timesheetRoutes.fillAutomaticEntries, { body }),
  );
export const useCloseMonth = () =>
  useTimesheetMutation((body: CloseMonthBody) => apiCall(timesheetRoutes.closeMonth, { body }));
export const useReopenMonth = () =>
  useTimesheetMutation((body: ReopenMonthBody) => apiCall(timesheetRoutes.reopenMonth, { body }));
