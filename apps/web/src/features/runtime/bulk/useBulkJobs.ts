import { bulkRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';
import { BULK_POLL_MS, bulkJobsQueryKey, isActiveJob } from './useBulkJob.ts';

/** The bulk jobs of an application (0: of every application), asked again while one of them runs. */
export function useBulkJobs(applicationId: number) {
  return useQuery({
    queryKey: bulkJobsQueryKey(applicationId),
    queryFn: ({ signal }) =>
      apiCall(bulkRoutes.listBulkJobs, {
        body: applicationId > 0 ? { applicationId } : {},
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => isActiveJob(job.status)) ? BULK_POLL_MS * 2 : false,
    staleTime: 0,
  });
}
