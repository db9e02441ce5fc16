import type { BulkItemState, BulkJob, Language } from '@der/contracts';
import { localize } from '@der/contracts';
import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { type BulkJobRow, bulkJobItems, bulkJobs } from './bulk.table.ts';

type Counts = Record<BulkItemState, number>;
const NO_COUNTS: Counts = { pending: 0, claimed: 0, done: 0, failed: 0, interrupted: 0 };

/** The items of each job by state, counted from the item rows (one index scan per job): never out of step. */
async function countsOf(db: Db, jobIds: number[]): Promise<Map<number, Counts>> {
  const counts = new Map<number, Counts>();
  if (jobIds.length === 0) return counts;
  const rows = await db
    .select({ jobId: bulkJobItems.jobId, state: bulkJobItems.state, count: sql<number>`count(*)::int` })
    .from(bulkJobItems)
    .where(inArray(bulkJobItems.jobId, jobIds))
    .groupBy(bulkJobItems.jobId, bulkJobItems.state);
  for (const row of rows) {
    const entry = counts.get(row.jobId) ?? { ...NO_COUNTS };
    entry[row.state] = Number(row.count);
    counts.set(row.jobId, entry);
  }
  return counts;
}

/** What a job's operation reads as: the action's name or the updated fields' labels. */
function describe(
  job: BulkJobRow,
  definition: (typeof runtimeComponents.$inferSelect)['definition'] | null,
  language: Language,
): string {
  const { operation } = job;
  if (operation.kind === 'action') {
    const action = definition?.workflow?.actions.find((candidate) => candidate.key === operation.action);
    return action ? localize(action.name, language) : operation.action;
  }
  return Object.keys(operation.changes)
    .map((key) => {
      const field = definition?.fields.find((candidate) => candidate.key === key);
      return field ? localize(field.label, language) : key;
    })
    .join(', ');
}

/** The jobs matching `where`, newest first, as the contract answers them. */
export async function listJobViews(db: Db, where: SQL, language: Language, limit = 50): Promise<BulkJob[]> {
  const rows = await db
    .select({
      job: bulkJobs,
      definition: runtimeComponents.definition,
      applicationId: runtimeComponents.applicationId,
    })
    .from(bulkJobs)
    .leftJoin(runtimeComponents, eq(runtimeComponents.id, bulkJobs.componentId))
    .where(where)
    .orderBy(desc(bulkJobs.id))
    .limit(limit);
  const counts = await countsOf(
    db,
    rows.map((row) => row.job.id),
  );
  return rows.map(({ job, definition, applicationId }) => {
    const count = counts.get(job.id) ?? NO_COUNTS;
    return {
      id: job.id,
      componentId: job.componentId,
      componentName: definition ? localize(definition.pluralLabel, language) : '',
      applicationId: applicationId ?? 0,
      description: describe(job, definition, language),
      operation: job.operation,
      target: job.target,
      status: job.status,
      creatorId: job.creatorId,
      total: job.total,
      done: count.done,
      failed: count.failed,
      interrupted: count.interrupted,
      remaining: count.pending + count.claimed,
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
    };
  });
}

/** One job's view, or null. */
export async function findJobView(db: Db, where: SQL, language: Language): Promise<BulkJob | null> {
  const [job] = await listJobViews(db, where, language, 1);
  return job ?? null;
}
