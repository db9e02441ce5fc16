import { workflowRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

export const DELEGATIONS_QUERY_KEY = ['workflow-delegations'] as const;

/** The user's delegations, given and received. */
export function useDelegations() {
  return useQuery({
    queryKey: DELEGATIONS_QUERY_KEY,
    queryFn: () => apiCall(workflowRoutes.loadDelegations, {}),
  });
}
