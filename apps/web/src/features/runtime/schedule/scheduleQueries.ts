import {
  type LoadScheduleBody,
  type RescheduleItemBody,
  type Schedule,
  scheduleRoutes,
} from '@der/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

export const scheduleKeys = {
  all: (viewId: number) => ['schedule', viewId] as const,
  project: (viewId: number, projectId: number | undefined) =>
    [...scheduleKeys.all(viewId), projectId ?? 'default'] as const,
};

export const loadSchedule = (body: LoadScheduleBody, signal?: AbortSignal): Promise<Schedule> =>
  apiCall(scheduleRoutes.getAllActivitiesToEAP, { body, signal });

/** How long a loaded schedule is fresh (the page's query and the arrival prefetch agree). */
export const SCHEDULE_STALE_MS = 30_000;

/** A schedule asked for on arrival, alongside the page's code (app/routePreload.ts). */
export function prefetchSchedule(
  queryClient: QueryClient,
  viewId: number,
  projectId: number | undefined,
): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: scheduleKeys.project(viewId, projectId),
    queryFn: ({ signal }) =>
      loadSchedule({ viewId, ...(projectId === undefined ? {} : { projectId }) }, signal),
    staleTime: SCHEDULE_STALE_MS,
  });
}

export const rescheduleItem = (body: RescheduleItemBody) => apiCall(scheduleRoutes.rescheduleItem, { body });

export const exportScheduleExcel = (viewId: number, projectId: number) =>
  apiCall(scheduleRoutes.exportScheduleExcel, { query: { viewId, projectId } }) as Promise<Blob>;

export const exportScheduleMsProject = (viewId: number, projectId: number) =>
  apiCall(scheduleRoutes.exportScheduleMsProject, { query: { viewId, projectId } }) as Promise<Blob>;
