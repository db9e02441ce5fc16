import { createHash } from 'node:crypto';
import type { ComponentDefinition, ReportDefinition } from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ComparableKind, QueryField } from '../query/query-fields.ts';
import { fieldOf, groupKey, keyOutput } from './report-expressions.ts';

/**
 * Whether a report can be answered from a rollup (runtime_report_rollups), and the SQL that keeps one.
 *
 * A rollup holds, per (project, creator, responsible, status) and group keys, the count of items and the sum
 * and count of each measured value — what count, sum and average need, and all the visibility rule and the
 * hidden-field grants read of an item (see report-rollup-read.ts). So it serves a report when:
 * - every measure is a count, sum or average (a minimum or maximum cannot be taken back when an item changes);
 * - every group key is computed from the item's own row (not ProjectManager, which reads the project's row and
 *   would go stale when the project changes) and is a single value;
 * - the expressions bind no parameters (the statement is kept as text and run by the runtime_items triggers).
 * Filters (parameters, saved queries) are checked by the caller: a rollup holds every item of the component.
 */

/** One stored group key: how it is computed per item, and how it is read back with its original SQL type. */
export interface RollupKey {
  perItem: SQL;
  /** The stored JSON value `keys->>index` cast back, so both paths answer the same types. */
  read: (text: SQL) => SQL;
}

export interface RollupPlan {
  componentId: number;
  keys: RollupKey[];
  /** The measured fields, one per value column of report-expressions.ts (v0…), in its order. */
  valueFields: string[];
  /** The delta statement with `{{spec}}` (the spec id) and `{{rows}}` (the signed changed rows) to fill in. */
  template: string;
  signature: string;
}

const dialect = new PgDialect();

/** The statement as SQL text; null when it binds a parameter (it could not be stored and run as text). */
function inlineText(statement: SQL): string | null {
  const query = dialect.sqlToQuery(statement);
  return query.params.length === 0 ? query.sql : null;
}

/** The SQL type of a field's value expression (the drivers answer int4 as a number, int8 and numeric as text). */
function readCast(field: QueryField): string | null {
  const kinds: Partial<Record<ComparableKind, string>> = {
    text: '',
    instant: '',
    boolean: '::boolean',
    timestamp: '::timestamptz',
    number: `::${field.numericType}`,
    // Configured references, the project and the parent are bigint; the user columns integer.
    reference:
      field.system === null || field.system === 'ProjectName' || field.system === 'Parent'
        ? '::bigint'
        : '::integer',
  };
  return kinds[field.kind] ?? null;
}

function rollupKey(
  component: ComponentDefinition,
  group: ReportDefinition['groupBy'][number],
): RollupKey | null {
  const field = fieldOf(component, group.field);
  if (field.system === 'ProjectManager') return null;
  if (group.by !== 'value') {
    // A month or year is kept as it is answered ('YYYY-MM', 'YYYY').
    return { perItem: keyOutput(groupKey(field, group), group), read: (text) => text };
  }
  const cast = readCast(field);
  if (cast === null) return null;
  return { perItem: field.expression, read: (text) => sql`(${text})${sql.raw(cast)}` };
}

/** The measured fields of a report in the order report-expressions.ts numbers them (one per field). */
export function measuredFields(report: ReportDefinition): string[] {
  const fields: string[] = [];
  for (const measure of report.measures) {
    if (measure.aggregate === 'count' || measure.field === undefined) continue;
    if (!fields.includes(measure.field)) fields.push(measure.field);
  }
  return fields;
}

export function rollupPlan(component: ComponentDefinition, report: ReportDefinition): RollupPlan | null {
  if (component.isProject) return null;
  if (report.measures.some((measure) => measure.aggregate === 'min' || measure.aggregate === 'max'))
    return null;
  const keys: RollupKey[] = [];
  for (const group of report.groupBy) {
    const key = rollupKey(component, group);
    if (key === null) return null;
    keys.push(key);
  }
  const valueFields = measuredFields(report);
  const values = valueFields.map((name) => fieldOf(component, name).expression);
  const componentId = sql.raw(String(component.id));
  const perItem = sql.join(
    [
      sql.raw(
        'runtime_items.project_id, runtime_items.creator_id, runtime_items.responsible_id, runtime_items.status',
      ),
      sql`jsonb_build_array(${sql.join(
        keys.map((key) => key.perItem),
        sql`, `,
      )}) as keys`,
      ...values.map((value, index) => sql`(${value})::numeric as ${sql.raw(`v${index}`)}`),
      sql.raw('runtime_items.rollup_sign'),
    ],
    sql`, `,
  );
  const names = valueFields.map((_name, index) => `v${index}`);
  const sums = names.map((name) => `coalesce(sum(rollup_sign * ${name}), 0)`);
  const counts = names.map((name) => `sum(case when ${name} is null then 0 else rollup_sign end)`);
  // Changes that cancel out (a save that moves no item between groups and changes no measured value) write no
  // row: most saves touch no rollup row at all, so they neither write nor wait for one another.
  const changed = ['sum(rollup_sign) <> 0', ...sums.map((sum) => `${sum} <> 0`)].join(' or ');
  const statement = sql`insert into runtime_report_rollups as rollup
  (spec_id, project_id, creator_id, responsible_id, status, keys, items, sums, counts)
select {{spec}}, project_id, creator_id, responsible_id, status, keys, sum(rollup_sign),
  array[${sql.raw(sums.join(', '))}]::numeric[], array[${sql.raw(counts.join(', '))}]::numeric[]
from (select ${perItem} from {{rows}} as runtime_items where runtime_items.component_id = ${componentId}) as per_item
group by project_id, creator_id, responsible_id, status, keys
having ${sql.raw(changed)}
order by project_id, creator_id, responsible_id, status, keys
on conflict on constraint runtime_report_rollups_group do update set
  items = rollup.items + excluded.items,
  sums = runtime_report_rollups_add(rollup.sums, excluded.sums),
  counts = runtime_report_rollups_add(rollup.counts, excluded.counts)`;
  const template = inlineText(statement);
  if (template === null) return null;
  const signature = createHash('sha256').update(template).digest('hex');
  return { componentId: component.id, keys, valueFields, template, signature };
}
