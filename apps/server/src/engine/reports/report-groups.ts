import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  assertNever,
  type ComponentDefinition,
  MAX_REPORT_GROUPS,
  type ReportDefinition,
} from '@der/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { runtimeItems } from '../items/items.table.ts';
import { type ListScope, scopeCondition } from '../query/list-query.ts';
import { keyOutput, type RawGroup, type RawReport, reportExpressions } from './report-expressions.ts';
import { readyRollup } from './report-rollup-build.ts';
import { rollupPlan } from './report-rollup-plan.ts';
import { rollupStatement } from './report-rollup-read.ts';

/** Partial aggregates of one group: merged window after window (an average is a sum over a count). */
interface Partial {
  keys: RawGroup['keys'];
  count: number;
  sums: Array<number | null>;
  counts: number[];
  mins: Array<number | null>;
  maxes: Array<number | null>;
}

const add = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);
const least = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const most = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const number = (cell: unknown) => (cell === null || cell === undefined ? null : Number(cell));

/** Keys in the SQL order of the one-statement path: values ascending (code-point order), empty ones last. */
function compareKeys(a: RawGroup['keys'], b: RawGroup['keys']): number {
  for (let index = 0; index < a.length; index += 1) {
    const [x, y] = [a[index] ?? null, b[index] ?? null];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    const numeric = typeof x === 'number' && typeof y === 'number';
    const order = numeric ? x - y : String(x) < String(y) ? -1 : 1;
    if (order !== 0) return order;
  }
  return 0;
}

type Rows = { rows: Array<Record<string, unknown>> };

/**
 * The answers of the grouping statement: one over the whole scope (PostgreSQL: JIT off, its compilation costs
 * more than it saves on a scan of a second), or one per window of `window` ids (PGlite), yielding between them.
 */
async function* windowResults(
  db: Db,
  scope: ListScope,
  window: number | null,
  statement: (range: SQL | null) => SQL,
): AsyncGenerator<Rows> {
  if (window === null) {
    yield await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('jit', 'off', true)`);
      return (await tx.execute(statement(null))) as unknown as Rows;
    });
    return;
  }
  const [bounds] = (
    (await db.execute(
      sql`select min(${runtimeItems.id})::float8 as low, max(${runtimeItems.id})::float8 as high from ${runtimeItems} where ${runtimeItems.componentId} = ${scope.componentId}`,
    )) as unknown as { rows: Array<{ low: number | null; high: number | null }> }
  ).rows;
  if (!bounds || bounds.low === null || bounds.high === null) return;
  for (let low = bounds.low; low <= bounds.high; low += window) {
    yield (await db.execute(
      statement(sql`${runtimeItems.id} >= ${low} and ${runtimeItems.id} < ${low + window}`),
    )) as unknown as Rows;
    await yieldToEventLoop();
  }
}

/** Ids per grouping statement of a scan (null: one statement) and per window of a rollup's build (null: none). */
export interface GroupWindows {
  scan: number | null;
  /** Null when the run is filtered (parameters, a saved query): a rollup holds every item, so it scans. */
  rollupBuild: number | null;
}

/**
 * The report's groups read from its rollup (report-rollup-*.ts) when it has one or can build one: the report
 * measures counts, sums and averages of keys of the item's own row, over every item the viewer sees. Null: scan.
 */
async function rollupResult(
  db: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  report: ReportDefinition,
  scope: ListScope,
  windows: GroupWindows,
): Promise<Rows | null> {
  if (windows.rollupBuild === null || scope.projectId !== undefined) return null;
  const plan = rollupPlan(component, report);
  if (plan === null) return null;
  const specId = await readyRollup(db, component, report.id, plan, windows.rollupBuild);
  if (specId === null) return null;
  const statement = await rollupStatement(db, actor, scope.viewer, component, report, plan, specId);
  return (await db.execute(statement)) as unknown as Rows;
}

/**
 * The groups of a report: from its rollup when it allows (rollupResult), or one GROUP BY over the scope (PostgreSQL) or over the component's id range, for PGlite: it has one
 * connection, and one statement over a million items holds every other request's statements (/api/health
 * included) for its whole length. Each window is one GROUP BY over `window` ids of the same scope, answering
 * count, sum, count and min/max per measure; the partial rows (at most one per group and window) are merged
 * here, and the event loop is yielded between windows. Same numbers as the one-statement path.
 */
export async function readGroups(
  db: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  report: ReportDefinition,
  scope: ListScope,
  windows: GroupWindows,
): Promise<RawReport> {
  const { keys, values, measuredColumn } = await reportExpressions(db, actor, component, report);
  const keyNames = keys.map((_key, index) => `k${index}`);
  const extremes = new Set(
    report.measures.flatMap((measure, index) =>
      measure.aggregate === 'min' || measure.aggregate === 'max' ? [measuredColumn[index]] : [],
    ),
  );
  const valueNames = values.map((_value, index) => `v${index}`);
  const perItem = sql.join(
    [sql`1 as one`, ...keys.map((key, index) => sql`${key} as ${sql.raw(keyNames[index]!)}`), ...values],
    sql`, `,
  );
  // Every column named: the driver answers rows as objects, where two columns of one name would be one.
  const selected = sql.join(
    [
      ...report.groupBy.map(
        (group, index) => sql`${keyOutput(sql.raw(keyNames[index]!), group)} as ${sql.raw(`o${index}`)}`,
      ),
      sql`count(*)::float8 as n`,
      // A minimum or maximum of numeric values costs a comparison per item: taken only when asked for.
      ...valueNames.flatMap((name) =>
        ['sum', 'count', 'min', 'max'].map((aggregate) =>
          (aggregate === 'min' || aggregate === 'max') && !extremes.has(name)
            ? sql.raw(`null::float8 as ${aggregate}_${name}`)
            : sql.raw(`${aggregate}(${name})::float8 as ${aggregate}_${name}`),
        ),
      ),
    ],
    sql`, `,
  );
  const grouping = keys.length === 0 ? sql`` : sql.raw(`group by ${keyNames.join(', ')}`);
  const merged = new Map<string, Partial>();
  const keyCount = keys.length;
  const statement = (range: SQL | null) =>
    sql`select ${selected} from (select ${perItem} from ${runtimeItems} where ${range === null ? scopeCondition(scope) : (and(scopeCondition(scope), range) as SQL)}) as keyed ${grouping}`;
  const fromRollup = await rollupResult(db, actor, component, report, scope, windows);
  const results = fromRollup ? [fromRollup] : windowResults(db, scope, windows.scan, statement);
  for await (const result of results) {
    for (const row of result.rows) {
      const cells = Object.values(row);
      const rowKeys = cells.slice(0, keyCount) as RawGroup['keys'];
      const count = Number(cells[keyCount]);
      if (count === 0) continue;
      const id = JSON.stringify(rowKeys);
      const entry = merged.get(id) ?? {
        keys: rowKeys,
        count: 0,
        sums: valueNames.map(() => null),
        counts: valueNames.map(() => 0),
        mins: valueNames.map(() => null),
        maxes: valueNames.map(() => null),
      };
      entry.count += count;
      valueNames.forEach((_name, index) => {
        const base = keyCount + 1 + index * 4;
        entry.sums[index] = add(entry.sums[index] ?? null, number(cells[base]));
        entry.counts[index] = (entry.counts[index] ?? 0) + Number(cells[base + 1]);
        entry.mins[index] = least(entry.mins[index] ?? null, number(cells[base + 2]));
        entry.maxes[index] = most(entry.maxes[index] ?? null, number(cells[base + 3]));
      });
      merged.set(id, entry);
    }
  }
  const measuresOf = (entry: Partial): Array<number | null> =>
    report.measures.map((measure, index) => {
      const name = measuredColumn[index];
      if (name === null || name === undefined) return entry.count;
      const at = valueNames.indexOf(name);
      switch (measure.aggregate) {
        case 'sum':
          return entry.sums[at] ?? null;
        case 'avg':
          return entry.counts[at] ? (entry.sums[at] ?? 0) / entry.counts[at]! : null;
        case 'min':
          return entry.mins[at] ?? null;
        case 'max':
          return entry.maxes[at] ?? null;
        case 'count':
          return entry.count;
        default:
          return assertNever(measure.aggregate);
      }
    });
  const all = [...merged.values()].sort((a, b) => compareKeys(a.keys, b.keys));
  const total: Partial = {
    keys: [],
    count: all.reduce((sum, entry) => sum + entry.count, 0),
    sums: valueNames.map((_name, index) =>
      all.reduce<number | null>((sum, entry) => add(sum, entry.sums[index] ?? null), null),
    ),
    counts: valueNames.map((_name, index) => all.reduce((sum, entry) => sum + (entry.counts[index] ?? 0), 0)),
    mins: valueNames.map((_name, index) =>
      all.reduce<number | null>((low, entry) => least(low, entry.mins[index] ?? null), null),
    ),
    maxes: valueNames.map((_name, index) =>
      all.reduce<number | null>((high, entry) => most(high, entry.maxes[index] ?? null), null),
    ),
  };
  const totals = measuresOf(total);
  const groups =
    keyCount === 0
      ? [{ keys: [], values: totals }]
      : all.map((entry) => ({ keys: entry.keys, values: measuresOf(entry) }));
  return { groups: groups.slice(0, MAX_REPORT_GROUPS), truncated: groups.length > MAX_REPORT_GROUPS, totals };
}
