import { listingRoutes, projectRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';

/**
 * A project's title and the item types it holds (their names in the user's language: the language is in the
 * key). Nothing is asked before the project id is known; a refusal is shown at once, not retried.
 */
export function useRuntimeProject(projectId: number) {
  const { i18n } = useTranslation();
  const project = useQuery({
    queryKey: ['runtime', 'projectTitle', projectId],
    queryFn: ({ signal }) => apiCall(projectRoutes.getProjectTitle, { body: { projectId }, signal }),
    enabled: projectId > 0,
    retry: false,
  });
  const itemTypes = useQuery({
    queryKey: ['runtime', 'projectItemTypes', projectId, i18n.language],
    queryFn: ({ signal }) =>
      apiCall(listingRoutes.getAllowedsProjectItemTypes, { query: { projectId }, signal }),
    enabled: projectId > 0,
    retry: false,
  });
  return { project, itemTypes };
}
