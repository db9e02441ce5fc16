/** The runtime sub-route of 'Operações em massa' (/runtime/{appID}/bulkJobs), the user's bulk jobs. */
export const BULK_JOBS_ROUTE = 'bulkJobs';

/** The user's bulk jobs of an application; with a job id, that job's progress opened. */
export const bulkJobsPath = (appId: string, jobId?: number) =>
  `/runtime/${appId}/${BULK_JOBS_ROUTE}${jobId ? `?job=${jobId}` : ''}`;
