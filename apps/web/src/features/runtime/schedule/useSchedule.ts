import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { loadSchedule, SCHEDULE_STALE_MS, scheduleKeys } from './scheduleQueries.ts';

/** A project's schedule (the first the user sees when `projectId` is undefined); the last one stays while the next loads. */
export function useSchedule(viewId: number, projectId: number | undefined) {
  return useQuery({
    queryKey: scheduleKeys.project(viewId, projectId),
    queryFn: ({ signal }) =>
      loadSchedule({ viewId, ...(projectId === undefined ? {} : { projectId }) }, signal),
    enabled: viewId > 0,
    staleTime: SCHEDULE_STALE_MS,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
