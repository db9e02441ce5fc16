import { and, asc, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { type RuntimeItemRow, runtimeItems, type runtimeItemVersions } from './items.table.ts';

type NewItem = Omit<typeof runtimeItems.$inferInsert, 'id'>;
type NewItemVersion = typeof runtimeItemVersions.$inferInsert;

/**
 * Rows per statement. Each batch travels as ONE JSON parameter expanded by jsonb_to_recordset: building a
 * multi-row VALUES list with a bind parameter per cell costs far more (measured: the Excel import spent most
 * of its time there) and is bounded by PostgreSQL's 65 535 parameters.
 */
const BATCH = 2_000;

function rowsFromExecute(result: unknown): Array<Record<string, unknown>> {
  // node-postgres and PGlite both answer `{ rows }`.
  return (result as { rows: Array<Record<string, unknown>> }).rows;
}

/** Inserts new items and answers them as Drizzle rows, in the order given. */
export async function insertItems(tx: Db, items: readonly NewItem[]): Promise<RuntimeItemRow[]> {
  const inserted: RuntimeItemRow[] = [];
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = items.slice(start, start + BATCH).map((item, ordinal) => ({
      ordinal,
      component_id: item.componentId,
      project_id: item.projectId ?? null,
      parent_id: item.parentId ?? null,
      formatted_id: item.formattedId,
      title: item.title ?? '',
      status: item.status ?? null,
      responsible_id: item.responsibleId ?? null,
      creator_id: item.creatorId ?? null,
      created_at: (item.createdAt ?? new Date()).toISOString(),
      modifier_id: item.modifierId ?? null,
      modified_at: (item.modifiedAt ?? new Date()).toISOString(),
      version: item.version ?? 1,
      position: item.position ?? 0,
      reason: item.reason ?? null,
      data: item.data ?? {},
    }));
    // Identity values follow the ORDER BY of the SELECT, so ids ascend with the input order.
    const result = await tx.execute(sql`
      insert into runtime_items (component_id, project_id, parent_id, formatted_id, title, status,
        responsible_id, creator_id, created_at, modifier_id, modified_at, version, position, reason, data)
      select component_id, project_id, parent_id, formatted_id, title, status, responsible_id, creator_id,
        created_at, modifier_id, modified_at, version, position, reason, coalesce(data, '{}'::jsonb)
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(ordinal int, component_id int,
        project_id bigint, parent_id bigint, formatted_id text, title text, status text, responsible_id int,
        creator_id int, created_at timestamptz, modifier_id int, modified_at timestamptz, version int,
        position int, reason text, data jsonb)
      order by ordinal
      returning id`);
    const ids = rowsFromExecute(result).map((row) => Number(row.id));
    if (ids.length === 0) continue;
    // Read back by id range, not by an IN list of thousands of bind parameters (that statement cost more
    // than the insert). Rows another transaction committed inside the range are left out by the id set.
    const wanted = new Set(ids);
    const rows = await tx
      .select()
      .from(runtimeItems)
      .where(and(gte(runtimeItems.id, Math.min(...ids)), lte(runtimeItems.id, Math.max(...ids))))
      .orderBy(asc(runtimeItems.id));
    for (const row of rows) if (wanted.has(row.id)) inserted.push(row);
  }
  return inserted;
}

/** Inserts version rows (see insertItems for why one JSON parameter per batch). */
export async function insertItemVersions(tx: Db, versions: readonly NewItemVersion[]): Promise<void> {
  for (let start = 0; start < versions.length; start += BATCH) {
    const batch = versions.slice(start, start + BATCH).map((version) => ({
      item_id: version.itemId,
      version: version.version,
      component_id: version.componentId,
      action: version.action,
      changed_by: version.changedBy ?? null,
      changed_at: (version.changedAt ?? new Date()).toISOString(),
      changes: version.changes,
      snapshot: version.snapshot,
    }));
    await tx.execute(sql`
      insert into runtime_item_versions (item_id, version, component_id, action, changed_by, changed_at,
        changes, snapshot)
      select item_id, version, component_id, action, changed_by, changed_at, changes, snapshot
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(item_id bigint, version int,
        component_id int, action text, changed_by int, changed_at timestamptz, changes jsonb, snapshot jsonb)`);
  }
}
