import {
  type LoadScheduleBody,
  type RescheduleItemBody,
  type Schedule,
  scheduleRoutes,
} from '@der/contracts';
import { apiCall } from '../../../api/apiClient.ts';

export const scheduleKeys = {
  all: (viewId: number) => ['schedule', viewId] as const,
  project: (viewId: number, projectId: number | undefined) =>
    [...scheduleKeys.all(viewId), projectId ?? 'default'] as const,
};

export const loadSchedule = (body: LoadScheduleBody, signal?: AbortSignal): Promise<Schedule> =>
  apiCall(scheduleRoutes.getAllActivitiesToEAP, { body, signal });

export const rescheduleItem = (body: RescheduleItemBody) => apiCall(scheduleRoutes.rescheduleItem, { body });

export const exportScheduleExcel = (viewId: number, projectId: number) =>
  apiCall(scheduleRoutes.exportScheduleExcel, { query: { viewId, projectId } }) as Promise<Blob>;

export const exportScheduleMsProject = (viewId: number, projectId: number) =>
  apiCall(scheduleRoutes.exportScheduleMsProject, { query: { viewId, projectId } }) as Promise<Blob>;
