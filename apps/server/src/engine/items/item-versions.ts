import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { type ItemData, type RuntimeItemRow, runtimeItems, runtimeItemVersions } from './items.table.ts';

export type ItemChangeSet = Record<string, { from: unknown; to: unknown }>;

/** The item as a version row keeps it: system fields and the configured values. */
export function snapshotOf(row: RuntimeItemRow): Record<string, unknown> {
  return {
    id: row.id,
    componentId: row.componentId,
    projectId: row.projectId,
    parentId: row.parentId,
    formattedId: row.formattedId,
    title: row.title,
    status: row.status,
    responsibleId: row.responsibleId,
    creatorId: row.creatorId,
    createdAt: row.createdAt.toISOString(),
    modifierId: row.modifierId,
    modifiedAt: row.modifiedAt.toISOString(),
    version: row.version,
    position: row.position,
    reason: row.reason,
    hasAttachment: row.hasAttachment,
    hasDigitalContent: row.hasDigitalContent,
    data: row.data,
  };
}

/** JSON with object keys sorted: jsonb reorders the keys it stores, so a value read back must still compare equal. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/**
 * The configured values after a save: the stored ones with the changes applied (null removes the key, so
 * "is empty" filters see one representation). Values of fields no longer in the definition stay untouched.
 */
export function applyDataChanges(stored: ItemData, changes: Readonly<Record<string, unknown>>): ItemData {
  const next: ItemData = { ...stored };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/**
 * `{ key: { from, to } }` of what differs: configured keys as they are, system fields by their spec §3 key
 * (Title, Position …). Array and object values compare as JSON.
 */
export function diffItem(
  before: { data: ItemData; title: string; position: number },
  after: { data: ItemData; title: string; position: number },
): ItemChangeSet {
  const changes: ItemChangeSet = {};
  if (before.title !== after.title) changes.Title = { from: before.title, to: after.title };
  if (before.position !== after.position) changes.Position = { from: before.position, to: after.position };
  const keys = new Set([...Object.keys(before.data), ...Object.keys(after.data)]);
  for (const key of [...keys].sort()) {
    if (!sameJson(before.data[key], after.data[key]))
      changes[key] = { from: before.data[key] ?? null, to: after.data[key] ?? null };
  }
  return changes;
}

/**
 * diffItem({ data: {}, title: '', position: 0 }, item) — the changes of a create — without diffItem's JSON
 * comparisons, which bulk creates paid for on every value: against the empty item a value differs exactly
 * when its JSON is not null.
 */
export function createChangesOf(item: { data: ItemData; title: string; position: number }): ItemChangeSet {
  const changes: ItemChangeSet = {};
  if (item.title !== '') changes.Title = { from: '', to: item.title };
  if (item.position !== 0) changes.Position = { from: 0, to: item.position };
  for (const key of Object.keys(item.data).sort()) {
    const value = item.data[key];
    const isJsonNull =
      value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value));
    if (!isJsonNull) changes[key] = { from: null, to: value };
  }
  return changes;
}

type VersionRow = typeof runtimeItemVersions.$inferSelect;

/**
 * The version rows with every create's snapshot in place. A create is written without it (bulk-insert.ts):
 * until the item first changes or is deleted — when a trigger writes it (migration 0012) — the item row is
 * that snapshot.
 */
export async function withCreatedSnapshots<Row extends VersionRow>(db: Db, rows: Row[]): Promise<Row[]> {
  const pending = rows.filter((row) => row.action === 'create' && Object.keys(row.snapshot).length === 0);
  if (pending.length === 0) return rows;
  const items = await db
    .select()
    .from(runtimeItems)
    .where(
      inArray(
        runtimeItems.id,
        pending.map((row) => row.itemId),
      ),
    );
  const byId = new Map(items.map((item) => [item.id, item]));
  return rows.map((row) => {
    const item = pending.includes(row) ? byId.get(row.itemId) : undefined;
    return item ? { ...row, snapshot: snapshotOf(item) } : row;
  });
}

/**
 * What a version changed. A create stores no changes (bulk-insert.ts): they are its snapshot's values against
 * the empty item, derived here — rows written before that still hold the same changes.
 */
export function versionChanges(row: {
  action: string;
  changes: ItemChangeSet;
  snapshot: Record<string, unknown>;
}): ItemChangeSet {
  if (row.action !== 'create') return row.changes;
  const snapshot = row.snapshot as { data?: ItemData; title?: string; position?: number };
  return createChangesOf({
    data: snapshot.data ?? {},
    title: snapshot.title ?? '',
    position: snapshot.position ?? 0,
  });
}

interface VersionEntry {
  action: 'create' | 'update' | 'delete';
  version: number;
  changedBy: number | null;
  changedAt: Date;
  changes: ItemChangeSet;
}

function versionRowOf(row: RuntimeItemRow, entry: VersionEntry): typeof runtimeItemVersions.$inferInsert {
  return {
    itemId: row.id,
    version: entry.version,
    componentId: row.componentId,
    action: entry.action,
    changedBy: entry.changedBy,
    changedAt: entry.changedAt,
    changes: entry.changes,
    snapshot: snapshotOf(row),
  };
}

/** Appends the version row of a save (spec §7.6 history: who, when, what changed, and the item after it). */
export async function writeItemVersion(tx: Db, row: RuntimeItemRow, entry: VersionEntry): Promise<void> {
  await tx.insert(runtimeItemVersions).values(versionRowOf(row, entry));
}

/** The columns a save sets on a stored item: its values, the modifier, and the next version. */
export type ItemUpdate = Partial<Omit<typeof runtimeItems.$inferInsert, 'id'>> & {
  version: number;
  modifierId: number;
  modifiedAt: Date;
};

/**
 * Writes a stored item's new values and its 'update' version row in ONE statement (the version row's insert a
 * data-modifying CTE of the update): a round trip less for every save. The snapshot is the row as the update
 * leaves it — the locked row with the values set — built before the write. Answers the row as stored.
 */
export async function updateItemWithVersion(
  tx: Db,
  item: RuntimeItemRow,
  update: ItemUpdate,
  changes: ItemChangeSet,
): Promise<RuntimeItemRow> {
  const after: RuntimeItemRow = { ...item, ...update };
  const version = tx.$with('item_version').as(
    tx
      .insert(runtimeItemVersions)
      .values(
        versionRowOf(after, {
          action: 'update',
          version: update.version,
          changedBy: update.modifierId,
          changedAt: update.modifiedAt,
          changes,
        }),
      )
      .returning({ itemId: runtimeItemVersions.itemId }),
  );
  const [updated] = await tx
    .with(version)
    .update(runtimeItems)
    .set(update)
    .where(and(eq(runtimeItems.id, item.id), eq(runtimeItems.version, item.version)))
    .returning();
  // The caller holds the row locked at that version: another answer is a fault, and throwing rolls back the
  // version row the CTE wrote.
  if (!updated) throw new Error(`item ${item.id} changed under its own save (version ${item.version})`);
  return updated;
}
