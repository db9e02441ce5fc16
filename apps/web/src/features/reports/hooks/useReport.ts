import {
  type ReportExportFormat,
  type ReportJob,
  type ReportParameterValues,
  reportRoutes,
} from '@der/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

/** How often a running export's progress is asked again. */
export const REPORT_JOB_POLL_MS = 1000;

export const isActiveReportJob = (job: ReportJob | undefined) =>
  job?.status === 'pending' || job?.status === 'running';

/** The report's name, parameters (with choices), groups, measures, chart and columns. */
export function useReportInfo(reportId: number) {
  return useQuery({
    queryKey: ['reports', 'info', reportId],
    queryFn: ({ signal }) => apiCall(reportRoutes.getReport, { query: { reportId }, signal }),
    retry: false,
    enabled: reportId > 0,
  });
}

/** The report run with the submitted parameters (null until the form is submitted), one page of its table. */
export function useReportResult(
  reportId: number,
  parameters: ReportParameterValues | null,
  page: number,
  rowsPerPage: number,
) {
  return useQuery({
    queryKey: ['reports', 'run', reportId, parameters, page, rowsPerPage],
    queryFn: ({ signal }) =>
      apiCall(reportRoutes.runReport, {
        body: { reportId, parameters: parameters ?? {}, page, rowsPerPage },
        signal,
      }),
    enabled: parameters !== null,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

/** Starts an export job. */
export function useStartReportExport(reportId: number) {
  return useMutation({
    mutationFn: (input: { parameters: ReportParameterValues; format: ReportExportFormat }) =>
      apiCall(reportRoutes.exportReport, { body: { reportId, ...input } }),
  });
}

/** An export job's progress, asked again every second while it runs. */
export function useReportJob(jobId: number | null) {
  return useQuery({
    queryKey: ['reports', 'job', jobId],
    queryFn: ({ signal }) => apiCall(reportRoutes.getReportJob, { body: { jobId: jobId ?? 0 }, signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (isActiveReportJob(query.state.data) ? REPORT_JOB_POLL_MS : false),
    staleTime: 0,
    retry: false,
  });
}

/** The finished export's file (spec §7.6 scheduleDownload: `projectId` is the job). */
export function downloadReportFile(jobId: number): Promise<Blob> {
  return apiCall(reportRoutes.scheduleDownload, { query: { projectId: jobId } }) as Promise<Blob>;
}
