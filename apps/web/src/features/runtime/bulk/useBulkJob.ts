import { type BulkJob, type BulkJobStatus, bulkRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/ApiError.ts';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';

/** How often a running job's progress is asked again. */
export const BULK_POLL_MS = 1000;

export const bulkJobQueryKey = (id: number) => ['bulk', 'job', id] as const;
export const bulkJobsQueryKey = (applicationId: number) => ['bulk', 'jobs', applicationId] as const;

/** Pending or running: the job still moves, so its progress is polled. */
export const isActiveJob = (status: BulkJobStatus | undefined) =>
  status === 'pending' || status === 'running';

/** Items handled so far (written, refused or left by an interruption), as a percentage of the job. */
export const handledPercent = (job: BulkJob) =>
  job.total === 0 ? 100 : Math.round(((job.done + job.failed + job.interrupted) / job.total) * 100);

/** A job's progress and its items' errors, asked again every second while it runs. */
export function useBulkJob(id: number) {
  return useQuery({
    queryKey: bulkJobQueryKey(id),
    queryFn: ({ signal }) => apiCall(bulkRoutes.getBulkJob, { body: { id }, signal }),
    refetchInterval: (query) => (isActiveJob(query.state.data?.job.status) ? BULK_POLL_MS : false),
    staleTime: 0,
    retry: false,
  });
}

/** The text of a refused bulk call: the refusals' own texts ('Selecione pelo menos um item!'), else Message. */
export function bulkErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) {
    const details = (error.body as { details?: unknown } | undefined)?.details;
    if (Array.isArray(details)) {
      const texts = details
        .map((detail) => (detail && typeof detail.message === 'string' ? detail.message : null))
        .filter((text): text is string => Boolean(text));
      if (texts.length > 0) return texts.join(' ');
    }
  }
  return getErrorMessage(error);
}
