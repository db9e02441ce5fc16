import { workflowRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

/** Under this key: an action taken on the item invalidates it. */
export const workflowActionsQueryKey = (componentId: number, itemId: number) =>
  ['workflow-actions', componentId, itemId] as const;

/** The workflow actions the user may take on an item now; none is asked for before the item exists. */
export function useAvailableActions(componentId: number, itemId: number | null) {
  return useQuery({
    queryKey: workflowActionsQueryKey(componentId, itemId ?? 0),
    queryFn: () => apiCall(workflowRoutes.getActions, { body: { itemId: itemId ?? 0, componentId } }),
    enabled: itemId !== null,
    staleTime: 0,
  });
}
