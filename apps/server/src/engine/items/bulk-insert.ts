import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { ItemData, RuntimeItemRow } from './items.table.ts';

/** What differs between the items of one bulk insert (the component, the actor and the time are shared). */
export interface NewItemRow {
  projectId: number | null;
  parentId: number | null;
  formattedId: string;
  title: string;
  status: string | null;
  responsibleId: number | null;
  position: number;
  reason: string | null;
  data: ItemData;
}

/** Shared by every item of a bulk insert: version 1, created and last changed by the actor at `at`. */
export interface NewItemsCommon {
  componentId: number;
  actorId: number | null;
  at: Date;
}

/**
 * Rows per statement. Each batch travels as ONE JSON parameter expanded by jsonb_to_recordset: building a
 * multi-row VALUES list with a bind parameter per cell costs far more (measured: the Excel import spent most
 * of its time there) and is bounded by PostgreSQL's 65 535 parameters.
 */
export const INSERT_BATCH_ROWS = 2_000;

function rowsFromExecute(result: unknown): Array<Record<string, unknown>> {
  // node-postgres and PGlite both answer `{ rows }`.
  return (result as { rows: Array<Record<string, unknown>> }).rows;
}

/** A batch ready for its statement: the rows as answered (ids set once inserted) and the JSON parameter. */
export interface PreparedItemBatch {
  rows: RuntimeItemRow[];
  payload: string;
}

/**
 * The batch's rows as Drizzle rows and as the statement's JSON: one record per row holding only what is not
 * the default (null, '', 0 and the empty object are left out), under short keys — the database parses that
 * JSON before it writes a row, and its size was a good part of the statement's time (measured).
 */
export function prepareItemBatch(common: NewItemsCommon, items: readonly NewItemRow[]): PreparedItemBatch {
  const rows: RuntimeItemRow[] = [];
  const records: string[] = [];
  items.forEach((item, ordinal) => {
    rows.push({
      id: 0,
      componentId: common.componentId,
      projectId: item.projectId,
      parentId: item.parentId,
      formattedId: item.formattedId,
      title: item.title,
      status: item.status,
      responsibleId: item.responsibleId,
      responsibleGroupId: null,
      creatorId: common.actorId,
      createdAt: common.at,
      modifierId: common.actorId,
      modifiedAt: common.at,
      version: 1,
      position: item.position,
      reason: item.reason,
      hasAttachment: false,
      hasDigitalContent: false,
      data: item.data,
      // Set after the insert when the status has an SLA (engine/deadlines, startDeadlinesOfCreated).
      dueAt: null,
      dueSoonAt: null,
      warnedAt: null,
      escalatedAt: null,
    });
    records.push(
      JSON.stringify({
        o: ordinal,
        f: item.formattedId,
        t: item.title || undefined,
        p: item.projectId ?? undefined,
        pa: item.parentId ?? undefined,
        s: item.status ?? undefined,
        re: item.responsibleId ?? undefined,
        po: item.position || undefined,
        rs: item.reason ?? undefined,
        d: item.data,
      }),
    );
  });
  return { rows, payload: `[${records.join(',')}]` };
}

/**
 * Inserts one prepared batch of new items (version 1) and, through a data-modifying CTE, their 'create'
 * version rows, in one statement; answers the batch's rows with the ids the database assigned, in the order
 * given (the remaining columns are the table defaults, which the insert does not set). A create's version row
 * holds neither changes nor snapshot: the snapshot is the item row until the item first changes (a trigger
 * then writes it, migration 0012), and the changes are the snapshot's values (item-versions.ts).
 */
export async function insertItemBatch(
  tx: Db,
  common: NewItemsCommon,
  { rows, payload }: PreparedItemBatch,
): Promise<RuntimeItemRow[]> {
  const at = common.at.toISOString();
  const result = await tx.execute(sql`
    with r as (
      select * from jsonb_to_recordset(${payload}::jsonb) as r(o int, f text, t text, p bigint, pa bigint,
        s text, re int, po int, rs text, d jsonb)
    ), ins as (
      insert into runtime_items (component_id, project_id, parent_id, formatted_id, title, status,
        responsible_id, creator_id, created_at, modifier_id, modified_at, version, position, reason, data)
      select ${common.componentId}::int, p, pa, f, coalesce(t, ''), s, re, ${common.actorId}::int,
        ${at}::timestamptz, ${common.actorId}::int, ${at}::timestamptz, 1, coalesce(po, 0), rs,
        coalesce(d, '{}'::jsonb)
      from r
      -- Identity values follow this ORDER BY, so ids ascend with the input order.
      order by o
      returning id, component_id, formatted_id
    ), versions as (
      insert into runtime_item_versions (item_id, version, component_id, action, changed_by, changed_at,
        changes, snapshot)
      select ins.id, 1, ins.component_id, 'create', ${common.actorId}::int, ${at}::timestamptz, '{}'::jsonb,
        '{}'::jsonb
      from ins
    )
    select json_agg(json_build_array(id, formatted_id))::text as "ids" from ins`);
  // One JSON value rather than two per row: the drivers decode each value of the row protocol in JavaScript
  // (PGlite's decoder slowly). Matched by formatted ID (unique per component), not by the order rows come
  // back in.
  const [answer] = rowsFromExecute(result);
  const idOf = new Map<string, number>();
  for (const [id, formattedId] of JSON.parse(String(answer?.ids ?? '[]')) as Array<[number, string]>)
    idOf.set(formattedId, id);
  for (const row of rows) {
    const id = idOf.get(row.formattedId);
    if (id === undefined) throw new Error(`insertItemBatch: no id for ${row.formattedId}`);
    row.id = id;
  }
  return rows;
}
