import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  type Language,
  type ListRow,
  MAX_REPORT_EXPORT_ROWS,
  type ReportInfo,
  type ReportResult,
} from '@der/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { EXPORT_BATCH_ROWS } from '../excel/excel-export.ts';
import { runtimeItems } from '../items/items.table.ts';
import type { CursorPosition } from '../query/list-order.ts';
import { rowsAfter, scopeCondition } from '../query/list-query.ts';
import type { ResolvedList } from '../query/list-request.ts';
import type { ListViewer } from '../query/listing.service.ts';
import { displayRows, newDisplayCache } from '../query/row-display.ts';
import { reportInfo } from './report-info.ts';
import type { ReportSource } from './report-source.ts';
import { resolveReportList, runReportFor } from './reports.service.ts';

/** What an export writes: the report's names, its groups and totals, and its items read batch by batch. */
export interface ReportDocument {
  language: Language;
  info: ReportInfo;
  result: ReportResult;
  list: ResolvedList;
  /** The parameters as "label: value" lines, printed under the title. */
  parameterLines: string[];
  /** Items the table will list (at most MAX_REPORT_EXPORT_ROWS; 0 without columns). */
  rowCount: number;
  /** The items in the table's order, a batch at a time, displayed as the list shows them. */
  batches(): AsyncGenerator<ListRow[]>;
}

function parameterText(info: ReportInfo, key: string, value: unknown): string | null {
  const parameter = info.parameters.find((candidate) => candidate.key === key);
  if (!parameter || value === undefined || value === null || value === '') return null;
  const choice = parameter.choices?.find((candidate) => String(candidate.value) === String(value));
  const shown =
    choice?.label ??
    (typeof value === 'object'
      ? [(value as { from?: string }).from ?? '…', (value as { to?: string }).to ?? '…'].join(' – ')
      : String(value));
  return `${parameter.label}: ${shown}`;
}

export async function loadReportDocument(
  db: Db,
  viewer: ListViewer,
  source: ReportSource,
  parameters: Record<string, unknown>,
  databaseKind: keyof typeof EXPORT_BATCH_ROWS,
): Promise<ReportDocument> {
  const list = resolveReportList(source, viewer, parameters);
  const [info, result] = await Promise.all([
    reportInfo(db, viewer, source, viewer.language),
    runReportFor(db, viewer, source, { parameters, page: 1, rowsPerPage: 1 }, databaseKind),
  ]);
  const hasTable = source.report.columns.length > 0;
  // The count is capped for lists; an export counts up to its own cap, walking the same scope.
  const rowCount = hasTable ? await countUpTo(db, list, MAX_REPORT_EXPORT_ROWS) : 0;
  const batchRows = EXPORT_BATCH_ROWS[databaseKind];
  return {
    language: viewer.language,
    info,
    result,
    list,
    rowCount,
    parameterLines: Object.entries(parameters)
      .map(([key, value]) => parameterText(info, key, value))
      .filter((line) => line !== null),
    async *batches() {
      if (!hasTable) return;
      const cache = newDisplayCache();
      let cursor: CursorPosition | null = null;
      let written = 0;
      while (written < MAX_REPORT_EXPORT_ROWS) {
        const batch = await rowsAfter(
          db,
          list.scope,
          list.order,
          cursor,
          Math.min(batchRows, MAX_REPORT_EXPORT_ROWS - written),
        );
        if (batch.length === 0) return;
        const { rows } = await displayRows(
          {
            db,
            viewer,
            language: viewer.language,
            component: list.component.definition,
            fields: list.fields,
            cache,
          },
          batch,
        );
        yield rows;
        written += batch.length;
        const last = batch.at(-1)!;
        cursor = { value: last.sortValue, id: last.id };
        if (batch.length < batchRows) return;
        // Other requests go on between batches.
        await yieldToEventLoop();
      }
    },
  };
}

/** The matching items, counted up to `cap`: the scan stops there (never an uncapped count of a large table). */
async function countUpTo(db: Db, list: ResolvedList, cap: number): Promise<number> {
  const limited = db
    .select({ one: sql`1` })
    .from(runtimeItems)
    .where(scopeCondition(list.scope))
    .limit(cap)
    .as('limited');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(limited);
  return Number(row?.count ?? 0);
}
