import { listingRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';

export const listControlQueryKey = (componentId: number, projectId: number | null) =>
  ['runtime', 'listControl', componentId, projectId] as const;

/** A list's columns, saved queries and views, with their labels in the user's language. */
export function useListControl(componentId: number, projectId: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...listControlQueryKey(componentId, projectId), i18n.language],
    queryFn: ({ signal }) =>
      apiCall(listingRoutes.getListControlData, {
        query: { componentID: componentId, projectID: projectId ?? undefined },
        signal,
      }),
    retry: false,
  });
}
