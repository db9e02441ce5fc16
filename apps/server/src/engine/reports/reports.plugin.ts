import { reportRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { listViewerOf } from '../query/listing.plugin.ts';
import type { ReportsService } from './reports.service.ts';

/** The report viewer's calls (spec §2.9 report/{reportID}, §7.7): every read as the signed-in user. */
export const reportsPlugin: FastifyPluginAsync<{ service: ReportsService }> = async (app, { service }) => {
  registerRoute(app, reportRoutes.getReport, (request) =>
    service.getReport(listViewerOf(request), request.query.reportId),
  );
  registerRoute(app, reportRoutes.runReport, (request) =>
    service.runReport(listViewerOf(request), request.body),
  );
};
