import { type ReportDefinition, ReportDefinitionSchema } from '@der/contracts';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { applicationGrantedCondition } from '../items/application-grant.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import type { ListComponent } from '../query/list-component.ts';

/** A report and the component whose items it reads. */
export interface ReportSource {
  report: ReportDefinition;
  component: ListComponent;
}

/**
 * The report `reportId` (ids are unique across the platform) of a current definition of an application granted
 * to the viewer; 404 otherwise, as an unknown id. The stored report is parsed again: a definition imported before
 * reports took their present shape fills in its defaults, and one that cannot is not a report to run.
 */
export async function getReportSourceOrThrow(
  db: Db,
  viewer: ItemViewer,
  reportId: number,
): Promise<ReportSource> {
  const [row] = await db
    .select()
    .from(runtimeComponents)
    .where(
      and(
        sql`${runtimeComponents.definition}->'reports' @> ${JSON.stringify([{ id: reportId }])}::jsonb`,
        isNull(runtimeComponents.removedAt),
        applicationGrantedCondition(viewer, runtimeComponents.applicationId),
      ),
    )
    .limit(1);
  const stored = row?.definition.reports.find((report) => report.id === reportId);
  const parsed = ReportDefinitionSchema.safeParse(stored);
  if (!row || !parsed.success) throw new AppError('NOT_FOUND');
  return { report: parsed.data, component: { definition: row.definition, applicationId: row.applicationId } };
}
