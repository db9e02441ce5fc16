import type { ComponentDefinition, ReportDefinition, ReportGroup } from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { ItemActor } from '../items/item-actor.ts';
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

export function fieldOf(component: ComponentDefinition, name: string): QueryField {
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

/** A group's key per item, before it is answered (keyOutput): the value, or the date truncated in São Paulo. */
export function groupKey(field: QueryField, group: ReportGroup): SQL {
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
  /** Per measure: the value column it aggregates (null for a count). */
  measuredColumn: Array<string | null>;
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
  // The measured values per item (v0…), one per field however many measures read it (the sum and the average
  // of one field share it: the JSON is read and cast once per item); count(*) needs none.
  const values: SQL[] = [];
  const measuredColumn: Array<string | null> = [];
  const columnOfField = new Map<string, string>();
  for (const measure of report.measures) {
    if (measure.aggregate === 'count' || measure.field === undefined) {
      measuredColumn.push(null);
      continue;
    }
    const known = columnOfField.get(measure.field);
    if (known !== undefined) {
      measuredColumn.push(known);
      continue;
    }
    const value = await masked(measure.field, fieldOf(component, measure.field).expression);
    const name = `v${values.length}`;
    values.push(sql`${value} as ${sql.raw(name)}`);
    columnOfField.set(measure.field, name);
    measuredColumn.push(name);
  }
  return { keys, values, measuredColumn };
}
