import type { ExportReportBodySchema, ReportJob } from '@der/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { ListViewer } from '../query/listing.service.ts';
import { type ReportJobRow, reportJobs } from './report-jobs.table.ts';
import type { ReportsService } from './reports.service.ts';

type ExportBody = z.output<typeof ExportReportBodySchema>;

export const REPORT_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

export function reportJobOf(row: ReportJobRow): ReportJob {
  return {
    id: row.id,
    reportId: row.reportId,
    format: row.format,
    status: row.status,
    done: row.done,
    total: row.total,
    fileName: row.status === 'finished' ? row.fileName : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Export jobs as their creator sees them. A job is its creator's alone: anyone else — an administrator
 * included, as the file holds what its creator may see — gets 404, as for an unknown id.
 */
export function createReportJobsService(deps: {
  db: Db;
  now: () => Date;
  reports: ReportsService;
  wake: () => void;
}) {
  const { db } = deps;

  async function ownJobOrThrow(viewer: ListViewer, jobId: number): Promise<ReportJobRow> {
    const [row] = await db
      .select()
      .from(reportJobs)
      .where(and(eq(reportJobs.id, jobId), eq(reportJobs.creatorId, viewer.userId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    /** Checks the report and its parameters at once (400 / 404 now, not in the job), then queues the export. */
    async exportReport(viewer: ListViewer, body: ExportBody): Promise<ReportJob> {
      await deps.reports.checkExport(viewer, body.reportId, body.parameters);
      const [row] = await db
        .insert(reportJobs)
        .values({
          reportId: body.reportId,
          creatorId: viewer.userId,
          language: viewer.language,
          parameters: body.parameters,
          format: body.format,
          createdAt: deps.now(),
        })
        .returning();
      deps.wake();
      return reportJobOf(row!);
    },

    async getReportJob(viewer: ListViewer, jobId: number): Promise<ReportJob> {
      return reportJobOf(await ownJobOrThrow(viewer, jobId));
    },

    /** scheduleDownload: the finished file; a job not finished yet (or failed) has none to give (404). */
    async download(viewer: ListViewer, jobId: number) {
      const row = await ownJobOrThrow(viewer, jobId);
      if (row.status !== 'finished' || !row.content || !row.fileName) throw new AppError('NOT_FOUND');
      return { content: row.content, fileName: row.fileName, contentType: REPORT_CONTENT_TYPES[row.format] };
    },
  };
}

export type ReportJobsService = ReturnType<typeof createReportJobsService>;
