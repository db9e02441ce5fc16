import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { createChangesOf } from './item-versions.ts';
import type { RuntimeItemRow, runtimeItems } from './items.table.ts';

type NewItem = Omit<typeof runtimeItems.$inferInsert, 'id'>;

/**
 * Rows per statement. Each batch travels as ONE JSON parameter expanded by jsonb_to_recordset: building a
 * multi-row VALUES list with a bind parameter per cell costs far more (measured: the Excel import spent most
 * of its time there) and is bounded by PostgreSQL's 65 535 parameters.
 */
const BATCH = 2_000;

/** timestamptz as Date.prototype.toISOString writes it (UTC, milliseconds, 'Z'). */
const isoOf = (column: string) =>
  `to_char(ins.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The create version row's snapshot, built by the database from the inserted row (its id is known only there):
 * it must stay exactly what snapshotOf(row) in item-versions.ts gives, as the history compares versions
 * written by both. jsonb keeps keys sorted, so the order of the pairs does not matter.
 */
const SNAPSHOT_SQL = sql.raw(`jsonb_build_object(
    'id', ins.id, 'componentId', ins.component_id, 'projectId', ins.project_id, 'parentId', ins.parent_id,
    'formattedId', ins.formatted_id, 'title', ins.title, 'status', ins.status,
    'responsibleId', ins.responsible_id, 'creatorId', ins.creator_id, 'createdAt', ${isoOf('created_at')},
    'modifierId', ins.modifier_id, 'modifiedAt', ${isoOf('modified_at')}, 'version', ins.version,
    'position', ins.position, 'reason', ins.reason, 'hasAttachment', ins.has_attachment,
    'hasDigitalContent', ins.has_digital_content, 'data', ins.data)`);

function rowsFromExecute(result: unknown): Array<Record<string, unknown>> {
  // node-postgres and PGlite both answer `{ rows }`.
  return (result as { rows: Array<Record<string, unknown>> }).rows;
}

/**
 * Inserts new items (version 1) together with their 'create' version rows and answers the items as Drizzle
 * rows, in the order given. One statement per batch: the version rows are inserted by a data-modifying CTE
 * from the rows just inserted, so their snapshots are built by the database instead of travelling from here
 * as JSON, and no read-back select is needed — the answer is the input plus the ids the database assigned
 * (the remaining columns are the table defaults, which the insert does not set).
 */
export async function insertItemsWithVersions(
  tx: Db,
  items: readonly NewItem[],
  version: { changedBy: number | null; changedAt: Date },
): Promise<RuntimeItemRow[]> {
  const inserted: RuntimeItemRow[] = [];
  let running: Promise<void> | null = null;
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = prepareBatch(items.slice(start, start + BATCH));
    // The next batch is prepared while the database works on this one (one statement at a time per
    // transaction, but building a batch's JSON costs a good part of what the statement does).
    await running;
    running = runBatch(tx, batch, version).then((rows) => {
      inserted.push(...rows);
    });
  }
  await running;
  return inserted;
}

interface PreparedBatch {
  /** The rows as answered (ids filled in once inserted). */
  rows: RuntimeItemRow[];
  /** The rows as the statement's one JSON parameter. */
  payload: string;
}

function prepareBatch(items: readonly NewItem[]): PreparedBatch {
  const rows: RuntimeItemRow[] = items.map((item) => ({
    id: 0,
    componentId: item.componentId,
    projectId: item.projectId ?? null,
    parentId: item.parentId ?? null,
    formattedId: item.formattedId,
    title: item.title ?? '',
    status: item.status ?? null,
    responsibleId: item.responsibleId ?? null,
    creatorId: item.creatorId ?? null,
    createdAt: item.createdAt ?? new Date(),
    modifierId: item.modifierId ?? null,
    modifiedAt: item.modifiedAt ?? new Date(),
    version: item.version ?? 1,
    position: item.position ?? 0,
    reason: item.reason ?? null,
    hasAttachment: false,
    hasDigitalContent: false,
    data: item.data ?? {},
  }));
  const records = rows.map((row, ordinal) => ({
    ordinal,
    component_id: row.componentId,
    project_id: row.projectId,
    parent_id: row.parentId,
    formatted_id: row.formattedId,
    title: row.title,
    status: row.status,
    responsible_id: row.responsibleId,
    creator_id: row.creatorId,
    created_at: row.createdAt.toISOString(),
    modifier_id: row.modifierId,
    modified_at: row.modifiedAt.toISOString(),
    version: row.version,
    position: row.position,
    reason: row.reason,
    data: row.data,
    // Built here: mapping every data key in SQL (jsonb_each + jsonb_object_agg per row) cost the database
    // more than parsing them (measured).
    changes: createChangesOf(row),
  }));
  return { rows, payload: JSON.stringify(records) };
}

/** One statement: the batch's items, then their version rows; answers the rows with their ids set. */
async function runBatch(
  tx: Db,
  { rows, payload }: PreparedBatch,
  version: { changedBy: number | null; changedAt: Date },
): Promise<RuntimeItemRow[]> {
  const result = await tx.execute(sql`
    with r as (
      select * from jsonb_to_recordset(${payload}::jsonb) as r(ordinal int, component_id int,
        project_id bigint, parent_id bigint, formatted_id text, title text, status text, responsible_id int,
        creator_id int, created_at timestamptz, modifier_id int, modified_at timestamptz, version int,
        position int, reason text, data jsonb, changes jsonb)
    ), ins as (
      insert into runtime_items (component_id, project_id, parent_id, formatted_id, title, status,
        responsible_id, creator_id, created_at, modifier_id, modified_at, version, position, reason, data)
      select component_id, project_id, parent_id, formatted_id, title, status, responsible_id, creator_id,
        created_at, modifier_id, modified_at, version, position, reason, coalesce(data, '{}'::jsonb)
      from r
      -- Identity values follow this ORDER BY, so ids ascend with the input order.
      order by ordinal
      returning *
    ), versions as (
      insert into runtime_item_versions (item_id, version, component_id, action, changed_by, changed_at,
        changes, snapshot)
      select ins.id, ins.version, ins.component_id, 'create', ${version.changedBy}::int,
        ${version.changedAt.toISOString()}::timestamptz, r.changes, ${SNAPSHOT_SQL}
      from ins join r on r.component_id = ins.component_id and r.formatted_id = ins.formatted_id
    )
    select id, component_id, formatted_id from ins`);
  // Matched by formatted ID (unique per component), not by the order rows come back in.
  const idOf = new Map<string, number>();
  for (const row of rowsFromExecute(result))
    idOf.set(`${row.component_id}:${row.formatted_id}`, Number(row.id));
  for (const row of rows) {
    const id = idOf.get(`${row.componentId}:${row.formattedId}`);
    if (id === undefined) throw new Error(`insertItemsWithVersions: no id for ${row.formattedId}`);
    row.id = id;
  }
  return rows;
}
