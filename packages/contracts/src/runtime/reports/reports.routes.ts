import { z } from 'zod';
import { defineRoute } from '../../common/route.ts';
import { XLSX_CONTENT_TYPE } from '../listing/excel.schemas.ts';
import {
  ExportReportBodySchema,
  GetReportQuerySchema,
  ReportInfoSchema,
  ReportJobIdBodySchema,
  ReportJobSchema,
  ReportResultSchema,
  RunReportBodySchema,
  ScheduleDownloadQuerySchema,
} from './reports.schemas.ts';

const tags = ['reports'];

/**
 * The report viewer's calls (spec §2.9 `report/{reportID}`, §7.7 /reportviewer). A report reads the component's
 * items through the listing layer: only what the caller may see is grouped, counted, listed and exported. A
 * report of an application not granted to the caller answers 404, as an unknown one.
 */
export const reportRoutes = {
  getReport: defineRoute({
    method: 'GET',
    path: '/report/getReport',
    access: 'session',
    summary: "A report's name, parameters (with their choices), groups, measures, chart and table columns",
    tags,
    querystring: GetReportQuerySchema,
    response: ReportInfoSchema,
  }),
  runReport: defineRoute({
    method: 'POST',
    path: '/report/runReport',
    access: 'session',
    summary:
      'Runs a report with parameter values: its groups with their aggregates, the totals, a page of items',
    tags,
    body: RunReportBodySchema,
    response: ReportResultSchema,
  }),
  exportReport: defineRoute({
    method: 'POST',
    path: '/report/exportReport',
    access: 'session',
    summary: 'Starts the export of a report to .xlsx or .pdf as a background job; download it when finished',
    tags,
    body: ExportReportBodySchema,
    response: ReportJobSchema,
  }),
  getReportJob: defineRoute({
    method: 'POST',
    path: '/report/getReportJob',
    access: 'session',
    summary: "An export job's progress (only its creator sees it)",
    tags,
    body: ReportJobIdBodySchema,
    response: ReportJobSchema,
  }),
  scheduleDownload: defineRoute({
    method: 'GET',
    path: '/genericItem/scheduleDownload',
    access: 'session',
    summary: 'Spec §7.6: the file of a finished export job (`projectId` is the job), for the user who ran it',
    tags,
    querystring: ScheduleDownloadQuerySchema,
    response: z.unknown(),
    produces: `${XLSX_CONTENT_TYPE}, application/pdf`,
  }),
};
