import type { ReportInfo, ReportResult, RunReportBodySchema } from '@der/contracts';
import type { z } from 'zod';
import type { Db } from '../../infra/db/database.ts';
import { countCapped, fetchRows, pageIds } from '../query/list-query.ts';
import { type ResolvedList, resolveList } from '../query/list-request.ts';
import type { ListViewer } from '../query/listing.service.ts';
import { displayRows } from '../query/row-display.ts';
import { readGroups } from './report-groups.ts';
import { reportInfo } from './report-info.ts';
import { labelGroups } from './report-labels.ts';
import { parameterConditions } from './report-parameters.ts';
import { ROLLUP_BUILD_WINDOW } from './report-rollup-build.ts';
import { getReportSourceOrThrow, type ReportSource } from './report-source.ts';

type RunBody = z.output<typeof RunReportBodySchema>;

/**
 * The report's items as a list of the listing layer: the component, what the viewer sees, the saved query and
 * the parameters' conditions, the table's columns. Every read of a report goes through this scope.
 */
export function resolveReportList(
  source: ReportSource,
  viewer: ListViewer,
  parameters: Record<string, unknown>,
): ResolvedList {
  const { report, component } = source;
  return resolveList(
    component,
    viewer,
    {
      componentID: component.definition.id,
      projectId: undefined,
      queryId: report.queryId,
      filters: parameterConditions(component.definition, report, parameters),
      logicSeparator: 'AND',
      viewColumns: report.columns.length > 0 ? report.columns : undefined,
    },
    viewer.language,
  );
}

/**
 * Ids per grouping statement of a scan: PGlite has one connection, so a report over a million items is grouped
 * window by window (report-groups.ts) and other requests' statements run between them: 10 000 ids a window kept
 * /api/health's p99 near 100 ms at about the total time of 50 000 (bench/RESULTS.md). PostgreSQL groups in one
 * statement on its own connection. Most runs read a rollup instead (report-rollup-*.ts) and scan nothing; a
 * scan is what a run with parameters set, or a report of minimums and maximums, costs.
 */
export const REPORT_GROUP_WINDOW = { postgres: null, pglite: 10_000 } as const;
export type ReportDatabaseKind = keyof typeof REPORT_GROUP_WINDOW;

/** The groups, totals and (with columns) one page of items of a report run with these parameters. */
export async function runReportFor(
  db: Db,
  viewer: ListViewer,
  source: ReportSource,
  body: Pick<RunBody, 'parameters' | 'page' | 'rowsPerPage'>,
  databaseKind: ReportDatabaseKind,
): Promise<ReportResult> {
  const list = resolveReportList(source, viewer, body.parameters);
  // A rollup holds every item of the component: it answers runs without a saved query or a parameter set.
  const unfiltered =
    source.report.queryId === undefined &&
    parameterConditions(source.component.definition, source.report, body.parameters).length === 0;
  const windows = {
    scan: REPORT_GROUP_WINDOW[databaseKind],
    rollupBuild: unfiltered ? ROLLUP_BUILD_WINDOW[databaseKind] : null,
  };
  const definition = source.component.definition;
  const tableRows = async () => {
    if (source.report.columns.length === 0) return null;
    const [ids, count] = await Promise.all([
      pageIds(db, list.scope, list.order, {
        offset: (body.page - 1) * body.rowsPerPage,
        limit: body.rowsPerPage,
      }),
      countCapped(db, list.scope),
    ]);
    const rows = await fetchRows(
      db,
      ids.map((entry) => entry.id),
    );
    const shown = await displayRows(
      { db, viewer, language: viewer.language, component: definition, fields: list.fields },
      rows,
    );
    return { rows: shown.rows, users: shown.users, ...count, page: body.page, rowsPerPage: body.rowsPerPage };
  };
  const [raw, table] = await Promise.all([
    readGroups(db, viewer, definition, source.report, list.scope, windows),
    tableRows(),
  ]);
  return {
    groups: await labelGroups(db, definition, source.report, raw.groups, viewer.language),
    groupsTruncated: raw.truncated,
    totals: raw.totals,
    table,
  };
}

export function createReportsService(deps: { db: Db; databaseKind: ReportDatabaseKind }) {
  const { db, databaseKind } = deps;
  return {
    async getReport(viewer: ListViewer, reportId: number): Promise<ReportInfo> {
      return reportInfo(db, viewer, await getReportSourceOrThrow(db, viewer, reportId), viewer.language);
    },

    async runReport(viewer: ListViewer, body: RunBody): Promise<ReportResult> {
      return runReportFor(
        db,
        viewer,
        await getReportSourceOrThrow(db, viewer, body.reportId),
        body,
        databaseKind,
      );
    },

    /** Checks the report and its parameters before an export job is queued (a bad one is refused at once). */
    async checkExport(viewer: ListViewer, reportId: number, parameters: Record<string, unknown>) {
      const source = await getReportSourceOrThrow(db, viewer, reportId);
      resolveReportList(source, viewer, parameters);
      return source;
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
