import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ComponentDefinition } from '@der/contracts';
import { and, eq, isNotNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeItems } from '../items/items.table.ts';
import type { RollupPlan } from './report-rollup-plan.ts';
import { reportRollupSpecs } from './report-rollups.table.ts';

/**
 * Ids per window of a rollup's first build. Each window is one transaction that holds writers of runtime_items
 * off (SHARE lock) while it counts its items and moves `covered_below` past them, so no change is counted twice
 * or missed: a write waits for the window, and its trigger then sees the window covered. PGlite has one
 * connection, so its windows are small and other requests (/api/health) run between them: a build window
 * writes as well as groups, so it is half a scan window (reports.service.ts) for a like wait between them.
 */
export const ROLLUP_BUILD_WINDOW = { postgres: 250_000, pglite: 5_000 } as const;
const LEASE = sql`now() + interval '2 minutes'`;
/** A write that holds runtime_items longer than this makes the build give up for now (the report scans). */
const LOCK_TIMEOUT = '5s';

type Rows<T> = { rows: T[] };

/** The SQLSTATE of a failed statement (drizzle wraps the driver's error as its cause). */
function errorCode(error: unknown): string | undefined {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return typeof code === 'string' ? code : cause === undefined ? undefined : errorCode(cause);
}

/** Whether the component is a repository's folder or file component (its visibility reads each item's folder). */
async function isRepositoryComponent(db: Db, componentId: number): Promise<boolean> {
  const result = (await db.execute(sql`select exists (
      select 1 from application_definitions d
      cross join lateral jsonb_array_elements(coalesce(d.document->'repositories', '[]'::jsonb)) as r(value)
      where (r.value->>'folderComponentId')::int = ${componentId} or (r.value->>'fileComponentId')::int = ${componentId}
    ) as found`)) as unknown as Rows<{ found: boolean }>;
  return result.rows[0]?.found === true;
}

/** The spec of this report as planned, created when missing (with the stale specs of the component dropped). */
async function specOf(
  db: Db,
  component: ComponentDefinition,
  reportId: number,
  plan: RollupPlan,
): Promise<{ id: number; coveredBelow: number | null }> {
  const matching = and(
    eq(reportRollupSpecs.reportId, reportId),
    eq(reportRollupSpecs.signature, plan.signature),
  );
  const select = () =>
    db
      .select({ id: reportRollupSpecs.id, coveredBelow: reportRollupSpecs.coveredBelow })
      .from(reportRollupSpecs)
      .where(matching);
  const [found] = await select();
  if (found) return found;
  await db.transaction(async (tx) => {
    // A report whose definition changed, or that the component no longer has, is not kept up to date any more.
    const reportIds = (component.reports ?? []).map((report) => report.id);
    await tx
      .delete(reportRollupSpecs)
      .where(
        and(
          eq(reportRollupSpecs.componentId, component.id),
          or(
            and(
              eq(reportRollupSpecs.reportId, reportId),
              sql`${reportRollupSpecs.signature} <> ${plan.signature}`,
            ),
            reportIds.length > 0 ? notInArray(reportRollupSpecs.reportId, reportIds) : sql`true`,
          ),
        ),
      );
    await tx
      .insert(reportRollupSpecs)
      .values({ reportId, componentId: component.id, signature: plan.signature, deltaSql: plan.template })
      .onConflictDoNothing();
  });
  const [created] = await select();
  if (!created) throw new Error(`rollup spec of report ${reportId} vanished while it was created`);
  return created;
}

/** Counts the items of [low, high) (high null: every id from low) and moves `covered_below` past them. */
async function buildWindow(db: Db, specId: number, plan: RollupPlan, low: number, high: number | null) {
  const range: SQL =
    high === null
      ? sql`${runtimeItems.id} >= ${low}`
      : sql`${runtimeItems.id} >= ${low} and ${runtimeItems.id} < ${high}`;
  const rows = sql`(select runtime_items.*, 1 as rollup_sign from runtime_items where ${runtimeItems.componentId} = ${sql.raw(String(plan.componentId))} and ${range})`;
  const [head, tail] = plan.template.replace('{{spec}}', String(specId)).split('{{rows}}') as [
    string,
    string,
  ];
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true), set_config('jit', 'off', true)`,
    );
    await tx.execute(sql`lock table runtime_items in share mode`);
    await tx.execute(sql.join([sql.raw(head), rows, sql.raw(tail)]));
    await tx
      .update(reportRollupSpecs)
      .set({ coveredBelow: high, buildingUntil: high === null ? null : LEASE })
      .where(eq(reportRollupSpecs.id, specId));
  });
}

/**
 * The id of this report's rollup when every item is counted in it; built first when it is not (the first run
 * of a report, or the first after its definition changed), window by window, yielding to the event loop.
 * Null when the report cannot use one (a repository's component) or another run is building it (that run
 * holds the lease; a build whose instance stopped is resumed from `covered_below` once the lease ends).
 */
export async function readyRollup(
  db: Db,
  component: ComponentDefinition,
  reportId: number,
  plan: RollupPlan,
  window: number,
): Promise<number | null> {
  const spec = await specOf(db, component, reportId, plan);
  if (spec.coveredBelow === null) return spec.id;
  if (await isRepositoryComponent(db, component.id)) return null;
  const [claimed] = await db
    .update(reportRollupSpecs)
    .set({ buildingUntil: LEASE })
    .where(
      and(
        eq(reportRollupSpecs.id, spec.id),
        isNotNull(reportRollupSpecs.coveredBelow),
        or(sql`${reportRollupSpecs.buildingUntil} is null`, sql`${reportRollupSpecs.buildingUntil} < now()`),
      ),
    )
    .returning({ coveredBelow: reportRollupSpecs.coveredBelow });
  if (!claimed || claimed.coveredBelow === null) return claimed ? spec.id : null;
  const [bounds] = (
    (await db.execute(
      sql`select min(${runtimeItems.id})::float8 as low, max(${runtimeItems.id})::float8 as high from ${runtimeItems} where ${runtimeItems.componentId} = ${component.id}`,
    )) as unknown as Rows<{ low: number | null; high: number | null }>
  ).rows;
  let low = Math.max(claimed.coveredBelow, bounds?.low ?? 0);
  const last = bounds?.high ?? 0;
  try {
    for (;;) {
      const high = low + window > last ? null : low + window;
      await buildWindow(db, spec.id, plan, low, high);
      if (high === null) return spec.id;
      low = high;
      await yieldToEventLoop();
    }
  } catch (error) {
    // A long write held runtime_items: the next run resumes where this one stopped.
    if (errorCode(error) === '55P03') {
      await db
        .update(reportRollupSpecs)
        .set({ buildingUntil: null })
        .where(eq(reportRollupSpecs.id, spec.id));
      return null;
    }
    throw error;
  }
}
