import {
  type DeleteResourcesBody,
  type GetResourcesBody,
  type ResourcePendingQuery,
  resourceRoutes,
  type SaveResourceBody,
} from '@der/contracts';
import { apiCall } from '../../../api/apiClient.ts';

/** TanStack Query keys of the resources page (spec §7.4), per application. */
export const resourceKeys = {
  all: ['resources'] as const,
  list: (body: GetResourcesBody) => [...resourceKeys.all, 'list', body] as const,
  record: (applicationId: number, resourceId: number) =>
    [...resourceKeys.all, 'record', applicationId, resourceId] as const,
  formData: (applicationId: number, resourceId: number) =>
    [...resourceKeys.all, 'form', applicationId, resourceId] as const,
  projects: (applicationId: number, resourceId: number) =>
    [...resourceKeys.all, 'projects', applicationId, resourceId] as const,
  pending: (kind: 'items' | 'tasks', query: ResourcePendingQuery) =>
    [...resourceKeys.all, 'pending', kind, query] as const,
};

export const loadResources = (body: GetResourcesBody, signal?: AbortSignal) =>
  apiCall(resourceRoutes.getResources, { body, signal });

export const loadResourceToEdit = (applicationId: number, resourceId: number, signal?: AbortSignal) =>
  apiCall(resourceRoutes.getResourcetoEdit, { query: { applicationId, resourceId }, signal });

export const loadResourceFormData = (applicationId: number, resourceId: number, signal?: AbortSignal) =>
  apiCall(resourceRoutes.getResourceFormInitialData, { query: { applicationId, resourceId }, signal });

export const loadResourceProjects = (applicationId: number, resourceId: number, signal?: AbortSignal) =>
  apiCall(resourceRoutes.getProjects, { query: { applicationId, resourceId }, signal });

export const loadPendingWork = (kind: 'items' | 'tasks', query: ResourcePendingQuery, signal?: AbortSignal) =>
  apiCall(kind === 'tasks' ? resourceRoutes.getPendingTasks : resourceRoutes.getPendingItems, {
    query,
    signal,
  });

export const saveResource = (body: SaveResourceBody) => apiCall(resourceRoutes.saveResource, { body });

export const deleteResources = (body: DeleteResourcesBody) =>
  apiCall(resourceRoutes.deleteResources, { body });
