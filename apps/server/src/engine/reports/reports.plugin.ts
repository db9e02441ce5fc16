import { reportRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { listViewerOf } from '../query/listing.plugin.ts';
import type { ReportJobsService } from './report-jobs.service.ts';
import type { ReportsService } from './reports.service.ts';

/** The report viewer's calls (spec §2.9 report/{reportID}, §7.7) and scheduleDownload (§7.6), as the signed-in user. */
export const reportsPlugin: FastifyPluginAsync<{ service: ReportsService; jobs: ReportJobsService }> = async (
  app,
  { service, jobs },
) => {
  registerRoute(app, reportRoutes.getReport, (request) =>
    service.getReport(listViewerOf(request), request.query.reportId),
  );
  registerRoute(app, reportRoutes.runReport, (request) =>
    service.runReport(listViewerOf(request), request.body),
  );
  registerRoute(app, reportRoutes.exportReport, (request) =>
    jobs.exportReport(listViewerOf(request), request.body),
  );
  registerRoute(app, reportRoutes.getReportJob, (request) =>
    jobs.getReportJob(listViewerOf(request), request.body.jobId),
  );
  registerRoute(app, reportRoutes.scheduleDownload, async (request, reply) => {
    const file = await jobs.download(listViewerOf(request), request.query.projectId);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
};
