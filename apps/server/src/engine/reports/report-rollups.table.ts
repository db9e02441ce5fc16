import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * A report's pre-aggregated groups (report-rollup-*.ts): which report of which component, the statement that
 * folds changed items into runtime_report_rollups (run by the runtime_items triggers of migration 0031 for
 * every writer: the item save path, bulk changes, imports, raw SQL loads), and how far the first build got.
 *
 * `signature` is a hash of that statement: it holds the component, the grouped and measured expressions and
 * the time zone, so a definition that changes any of them no longer matches and the report is rebuilt.
 * `covered_below`: items with a smaller id are already counted (the triggers fold changes of those only);
 * null once every item is counted — only then do reports read the rollup.
 */
export const reportRollupSpecs = pgTable(
  'runtime_report_rollup_specs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reportId: integer('report_id').notNull(),
    componentId: integer('component_id').notNull(),
    signature: text('signature').notNull(),
    /** The INSERT … ON CONFLICT of per-item deltas; `{{rows}}` stands for the signed changed rows. */
    deltaSql: text('delta_sql').notNull(),
    coveredBelow: bigint('covered_below', { mode: 'number' }).default(0),
    /** The instance building it holds it until then (renewed window after window). */
    buildingUntil: timestamp('building_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [unique('runtime_report_rollup_specs_report_signature').on(table.reportId, table.signature)],
);

/**
 * One group of a report per (project, creator, responsible, status): the columns the visibility rule and the
 * hidden-field grants read, so both still apply to pre-aggregated rows. `keys` are the report's group keys as
 * answered (a month as 'YYYY-MM'); `sums` and `counts` the sum and number of non-empty values per measured
 * field (an average is their ratio). Rows whose items fell to 0 stay (sums 0) and are skipped on read.
 */
export const reportRollups = pgTable(
  'runtime_report_rollups',
  {
    specId: integer('spec_id')
      .notNull()
      .references(() => reportRollupSpecs.id, { onDelete: 'cascade' }),
    projectId: bigint('project_id', { mode: 'number' }),
    creatorId: integer('creator_id'),
    responsibleId: integer('responsible_id'),
    status: text('status'),
    keys: jsonb('keys').$type<unknown[]>().notNull(),
    items: bigint('items', { mode: 'number' }).notNull(),
    sums: numeric('sums').array().notNull().default(sql`'{}'`),
    counts: numeric('counts').array().notNull().default(sql`'{}'`),
  },
  (table) => [
    unique('runtime_report_rollups_group')
      .on(table.specId, table.projectId, table.creatorId, table.responsibleId, table.status, table.keys)
      .nullsNotDistinct(),
  ],
);
