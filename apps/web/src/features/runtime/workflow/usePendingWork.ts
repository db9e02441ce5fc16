import { workflowRoutes } from '@der/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

/** One page of the user's pending work in an application, optionally of one status; always asked afresh. */
export function usePendingWork(applicationId: number, status: string | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['workflow-pending-work', applicationId, status, page, pageSize],
    queryFn: () =>
      apiCall(workflowRoutes.loadPendingWork, { body: { applicationId, status, page, pageSize } }),
    enabled: applicationId > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
