import {
  type ComponentDefinition,
  MAX_REPORT_GROUPS,
  type ReportDefinition,
  type ReportGroup,
} from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { runtimeItems } from '../items/items.table.ts';
import { type ListScope, scopeCondition } from '../query/list-query.ts';
import { type QueryField, resolveQueryField } from '../query/query-fields.ts';
import { hiddenFieldCondition, maskedExpression } from './report-field-access.ts';

/** A group's key as read: the grouped value (a month 'YYYY-MM', a year 'YYYY'), then the measures. */
export interface RawGroup {
  keys: Array<string | number | boolean | null>;
  values: Array<number | null>;
}

export interface RawReport {
  groups: RawGroup[];
  truncated: boolean;
  totals: Array<number | null>;
}

function fieldOf(component: ComponentDefinition, name: string): QueryField {
  const field = resolveQueryField(component, name);
  // The definition was validated on import: a field it names exists.
  if (!field) throw new Error(`report field ${name} is not in component ${component.id}`);
  return field;
}

/** A date's month or year in São Paulo (instants are stored UTC: ISO text in data, timestamptz in columns). */
function truncated(field: QueryField, by: 'month' | 'year'): SQL {
  const instant = field.kind === 'instant' ? sql`(${field.expression})::timestamptz` : field.expression;
  return sql`date_trunc(${sql.raw(`'${by}'`)}, ${instant} at time zone 'America/Sao_Paulo')`;
}

function groupKey(field: QueryField, group: ReportGroup): SQL {
  switch (group.by) {
    case 'value':
      return field.expression;
    case 'month':
    case 'year':
      return truncated(field, group.by);
  }
}

/** How the grouped key is answered: a truncated date as 'YYYY-MM' / 'YYYY' text (computed once per group). */
export function keyOutput(column: SQL, group: ReportGroup): SQL {
  if (group.by === 'month') return sql`to_char(${column}, 'YYYY-MM')`;
  if (group.by === 'year') return sql`to_char(${column}, 'YYYY')`;
  return column;
}

/** The per-item grouping keys (k0…), measured values (v0…, one per measure with a field) and their aggregates. */
export interface ReportExpressions {
  keys: SQL[];
  values: SQL[];
  /** Per measure: the aggregate over the keyed rows, and the value column it reads (null for a count). */
  measures: SQL[];
  valueOf: Array<string | null>;
}

export async function reportExpressions(
  db: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  report: ReportDefinition,
): Promise<ReportExpressions> {
  const masked = async (name: string, expression: SQL) =>
    maskedExpression(expression, await hiddenFieldCondition(db, actor, component, name));
  const keys: SQL[] = [];
  for (const group of report.groupBy) {
    const field = fieldOf(component, group.field);
    keys.push(await masked(group.field, groupKey(field, group)));
  }
  // The measured values per item (v0…); count(*) needs none.
  const values: SQL[] = [];
  const measures: SQL[] = [];
  const valueOf: Array<string | null> = [];
  for (const measure of report.measures) {
    if (measure.aggregate === 'count' || measure.field === undefined) {
      measures.push(sql`count(*)::float8`);
      valueOf.push(null);
      continue;
    }
    const value = await masked(measure.field, fieldOf(component, measure.field).expression);
    const name = `v${values.length}`;
    values.push(sql`${value} as ${sql.raw(name)}`);
    measures.push(sql`(${sql.raw(measure.aggregate)}(${sql.raw(name)}))::float8`);
    valueOf.push(name);
  }
  return { keys, values, measures, valueOf };
}

/**
 * One statement over the report's scope (component, the viewer's visibility, the saved query and the
 * parameters): GROUP BY GROUPING SETS ((keys…), ()) gives the groups and the totals in one pass over the items,
 * aggregated by the database — the items never come to Node. Fields hidden from the viewer in an item's status
 * count as empty. At most MAX_REPORT_GROUPS groups, in key order.
 */
export async function readGroups(
  db: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  report: ReportDefinition,
  scope: ListScope,
): Promise<RawReport> {
  const { keys, values, measures } = await reportExpressions(db, actor, component, report);
  const keyNames = keys.map((_key, index) => `k${index}`);
  const perItem = sql.join(
    [sql`1 as one`, ...keys.map((key, index) => sql`${key} as ${sql.raw(keyNames[index]!)}`), ...values],
    sql`, `,
  );
  // Every column named: the driver answers rows as objects, where two columns of one name would be one.
  const selected = sql.join(
    [
      keys.length === 0 ? sql`1 as total_row` : sql.raw(`grouping(${keyNames.join(', ')}) as total_row`),
      ...report.groupBy.map(
        (group, index) => sql`${keyOutput(sql.raw(keyNames[index]!), group)} as ${sql.raw(`o${index}`)}`,
      ),
      ...measures.map((measure, index) => sql`${measure} as ${sql.raw(`m${index}`)}`),
    ],
    sql`, `,
  );
  // The items are only keyed (one subquery the planner flattens); grouping and aggregation are the database's.
  const statement =
    keys.length === 0
      ? sql`select ${selected} from (select ${perItem} from ${runtimeItems} where ${scopeCondition(scope)}) as keyed`
      : sql`select ${selected} from (select ${perItem} from ${runtimeItems} where ${scopeCondition(scope)}) as keyed
          group by grouping sets ((${sql.raw(keyNames.join(', '))}), ())
          order by 1 desc, ${sql.raw(keyNames.map((name) => `${name} nulls last`).join(', '))}
          limit ${MAX_REPORT_GROUPS + 2}`;
  const result = (await db.execute(statement)) as unknown as { rows: Array<Record<string, unknown>> };
  const rows = result.rows.map((row) => Object.values(row));
  const [totalRow, ...groupRows] = rows;
  const keyCount = report.groupBy.length;
  const numbers = (cells: unknown[]) => cells.map((cell) => (cell === null ? null : Number(cell)));
  const totals = totalRow ? numbers(totalRow.slice(1 + keyCount)) : report.measures.map(() => null);
  const groups =
    keyCount === 0
      ? [{ keys: [], values: totals }]
      : groupRows.map((cells) => ({
          keys: cells.slice(1, 1 + keyCount) as RawGroup['keys'],
          values: numbers(cells.slice(1 + keyCount)),
        }));
  return {
    groups: groups.slice(0, MAX_REPORT_GROUPS),
    truncated: groups.length > MAX_REPORT_GROUPS,
    totals,
  };
}
