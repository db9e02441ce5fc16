import type { ComponentDefinition, ReportDefinition } from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { hiddenFieldCondition, maskedExpression } from './report-field-access.ts';
import type { RollupPlan } from './report-rollup-plan.ts';

/**
 * The statement that answers a report from its rollup, in the shape of report-groups.ts's grouping statement
 * (o0…, n, then sum, count, min, max per measured value), so both are merged alike.
 *
 * The rollup rows are read under the name runtime_items with the columns the visibility rule and the hidden-field
 * grants read (project, creator, responsible, status, component), so the very predicates of the scan apply to
 * them: a row is one combination of those, hence visible or not, hidden or not, as each of its items. The item's
 * id and parent are not kept (null): they matter only for project items and repository items, which never
 * have a rollup (report-rollup-plan.ts, report-rollup-build.ts).
 */
export async function rollupStatement(
  db: Db,
  actor: ItemActor,
  viewer: ItemViewer,
  component: ComponentDefinition,
  report: ReportDefinition,
  plan: RollupPlan,
  specId: number,
): Promise<SQL> {
  const hidden = (field: string) => hiddenFieldCondition(db, actor, component, field);
  const outputs: SQL[] = [];
  for (const [index, group] of report.groupBy.entries()) {
    const stored = plan.keys[index]!.read(sql`(runtime_items.keys->>${sql.raw(String(index))})`);
    outputs.push(sql`${maskedExpression(stored, await hidden(group.field))} as ${sql.raw(`o${index}`)}`);
  }
  const measured: SQL[] = [];
  for (const [index, field] of plan.valueFields.entries()) {
    const at = sql.raw(String(index + 1));
    const hiddenHere = await hidden(field);
    // A row whose items have no value for the field sums to 0 but, like the scan's sum, must add nothing.
    const sum = sql`case when runtime_items.counts[${at}] = 0 then null else runtime_items.sums[${at}] end`;
    const name = `v${index}`;
    measured.push(
      sql`sum(${maskedExpression(sum, hiddenHere)})::float8 as ${sql.raw(`sum_${name}`)}`,
      sql`coalesce(sum(${maskedExpression(sql`runtime_items.counts[${at}]`, hiddenHere)}), 0)::float8 as ${sql.raw(`count_${name}`)}`,
      sql.raw(`null::float8 as min_${name}, null::float8 as max_${name}`),
    );
  }
  const selected = sql.join(
    [...outputs, sql`coalesce(sum(runtime_items.items), 0)::float8 as n`, ...measured],
    sql`, `,
  );
  const grouping =
    outputs.length === 0
      ? sql``
      : sql.raw(`group by ${report.groupBy.map((_group, index) => `o${index}`).join(', ')}`);
  return sql`select ${selected}
    from (select rollup.project_id, rollup.creator_id, rollup.responsible_id, rollup.status, rollup.keys,
        rollup.items, rollup.sums, rollup.counts, ${sql.raw(String(plan.componentId))}::integer as component_id,
        null::bigint as id, null::bigint as parent_id
      from runtime_report_rollups rollup where rollup.spec_id = ${specId} and rollup.items <> 0) as runtime_items
    where ${visibleItemCondition(viewer)} ${grouping}`;
}
