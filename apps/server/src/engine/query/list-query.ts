import { LIST_COUNT_CAP } from '@der/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/database.ts';
import { rowsOf } from '../../infra/db/rows-of.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { type ItemViewer, visibleItemCondition } from './item-visibility.ts';
import {
  type CursorPosition,
  type ListOrder,
  orderByClause,
  segmentsAfter,
  sortValueAsText,
} from './list-order.ts';

/** Which items a list covers: one component, optionally one project, what the viewer sees, the filter. */
export interface ListScope {
  componentId: number;
  projectId?: number | undefined;
  viewer: ItemViewer;
  /** The compiled filter tree (compile-filter.ts), already checked against the definition. */
  filter?: SQL | undefined;
  /** The indexed expression a capped count walks (count-index.ts). */
  countIndex?: SQL | undefined;
}

/** A row's place in the order: what a cursor is made of. */
export interface OrderedId {
  id: number;
  sortValue: string | null;
}

/**
 * The component id as a literal, not a parameter: the per-component expression indexes are partial
 * (`WHERE component_id = 7`), and the planner can only prove a partial index applies from a constant. It is a
 * checked integer, so nothing but digits reaches the SQL.
 */
function componentLiteral(componentId: number): SQL {
  if (!Number.isSafeInteger(componentId) || componentId <= 0) throw new Error('invalid component id');
  return sql.raw(String(componentId));
}

export function scopeCondition(scope: ListScope): SQL {
  const parts: SQL[] = [sql`${runtimeItems.componentId} = ${componentLiteral(scope.componentId)}`];
  if (scope.projectId !== undefined) parts.push(sql`${runtimeItems.projectId} = ${scope.projectId}`);
  parts.push(visibleItemCondition(scope.viewer));
  if (scope.filter) parts.push(scope.filter);
  return and(...parts) as SQL;
}

/**
 * Matching rows, counted up to LIST_COUNT_CAP: the inner LIMIT stops the scan at cap + 1 rows, so a million
 * matches cost as much as a thousand. `capped` means "at least this many" (the list shows "1.000+").
 *
 * Only index scans stop at the LIMIT, and the planner must be told so: configured fields are filtered through
 * partial expression indexes, whose statistics it does not use, so it guesses 0.5 % of the rows for an
 * equality and 33 % for a range. With those guesses it picked a bitmap scan for `tipo = 'b'` (which collects
 * all 333 000 matches before counting the first: 50–130 ms at 1 000 000 items) and a sequential scan for
 * `valor < 40` (which reads the whole table when fewer than the cap match: over a second). Turned off for this
 * transaction only, both remain possible when no index applies. The penalty that turns them off makes plans
 * look costly enough for JIT compilation (600 ms for a 1 ms scan), so JIT goes off too. When a condition of
 * the filter has an index (scope.countIndex), the rows are counted in that index's order, so it is the one
 * walked. Give it the database, not a transaction: the settings last until the outermost transaction ends.
 */
export async function countCapped(db: Db, scope: ListScope): Promise<{ total: number; capped: boolean }> {
  const count = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true),
        set_config('jit', 'off', true)`,
    );
    const matching = tx.select({ one: sql`1` }).from(runtimeItems).where(scopeCondition(scope));
    const limited = (
      scope.countIndex ? matching.orderBy(sql`${scope.countIndex} asc nulls last`, runtimeItems.id) : matching
    )
      .limit(LIST_COUNT_CAP + 1)
      .as('limited');
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(limited);
    return Number(row?.count ?? 0);
  });
  return count > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, capped: true } : { total: count, capped: false };
}

/**
 * Ids of one page by number — the deferred join: the index walk and OFFSET read ids and sort values only,
 * and the wide rows are fetched afterwards by primary key (fetchRows) for the page alone.
 */
export async function pageIds(
  db: Db,
  scope: ListScope,
  order: ListOrder,
  page: { offset: number; limit: number },
): Promise<OrderedId[]> {
  const rows = await db
    .select({ id: runtimeItems.id, sortValue: sortValueAsText(order) })
    .from(runtimeItems)
    .where(scopeCondition(scope))
    .orderBy(...orderByClause(order))
    .limit(page.limit)
    .offset(page.offset);
  return rows;
}

/**
 * Ids of the page after a cursor (keyset paging): every query starts at an index position, so page 10 000
 * costs what page 1 costs. The order's two segments (with a value / without) are read one after the other.
 */
export async function idsAfter(
  db: Db,
  scope: ListScope,
  order: ListOrder,
  cursor: CursorPosition | null,
  limit: number,
): Promise<OrderedId[]> {
  const found: OrderedId[] = [];
  for (const segment of segmentsAfter(order, cursor)) {
    const rows = await db
      .select({ id: runtimeItems.id, sortValue: sortValueAsText(order) })
      .from(runtimeItems)
      .where(and(scopeCondition(scope), segment))
      .orderBy(...orderByClause(order))
      .limit(limit - found.length);
    found.push(...rows);
    if (found.length >= limit) break;
  }
  return found;
}

/** A list row as read: the item's columns, its instants as ISO text. */
export type ListItemRow = Omit<
  RuntimeItemRow,
  'componentId' | 'createdAt' | 'modifiedAt' | 'dueAt' | 'dueSoonAt' | 'warnedAt' | 'escalatedAt'
> & {
  createdAt: string;
  modifiedAt: string;
  dueAt: string | null;
  dueSoonAt: string | null;
};

/**
 * The columns a list row is built from (row-display.ts), named as ListItemRow names them. Read as JSON
 * (readRows), not through the query builder: per-value mapping of the builder costs as much as the query
 * itself on an export's hundred thousand rows. So the SQL gives the final JS shapes: bigint ids as JSON
 * numbers (exact below 2^53, as the schema's `mode: 'number'`), instants as fixed-width ISO UTC text (no Date
 * per cell).
 */
const iso = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
type Column = readonly [name: string, expression: SQL];
const LIST_ROW_COLUMNS: readonly Column[] = [
  ['id', sql`${runtimeItems.id}`],
  ['formattedId', sql`${runtimeItems.formattedId}`],
  ['title', sql`${runtimeItems.title}`],
  ['parentId', sql`${runtimeItems.parentId}`],
  ['projectId', sql`${runtimeItems.projectId}`],
  ['status', sql`${runtimeItems.status}`],
  ['responsibleId', sql`${runtimeItems.responsibleId}`],
  ['creatorId', sql`${runtimeItems.creatorId}`],
  ['createdAt', iso(runtimeItems.createdAt)],
  ['modifierId', sql`${runtimeItems.modifierId}`],
  ['modifiedAt', iso(runtimeItems.modifiedAt)],
  ['version', sql`${runtimeItems.version}`],
  ['position', sql`${runtimeItems.position}`],
  ['reason', sql`${runtimeItems.reason}`],
  ['hasAttachment', sql`${runtimeItems.hasAttachment}`],
  ['hasDigitalContent', sql`${runtimeItems.hasDigitalContent}`],
  ['data', sql`${runtimeItems.data}`],
  ['dueAt', iso(runtimeItems.dueAt)],
  ['dueSoonAt', iso(runtimeItems.dueSoonAt)],
];

/**
 * The rows `rest` (FROM … WHERE … [ORDER BY … LIMIT …]) selects, with these columns, read as one JSON array
 * of value arrays: one value for the driver to decode instead of 18 per row. The drivers decode each value
 * of the row protocol in JavaScript (PGlite's decoder most slowly: a batch of 1 000 export rows took 33 ms to
 * read that way, 16 ms as JSON objects and 12 ms as arrays, measured), while JSON.parse is native. json_agg
 * takes the rows in the order the subquery yields them, which its ORDER BY and LIMIT fix.
 */
async function readRows<T>(db: Db, columns: readonly Column[], rest: SQL): Promise<T[]> {
  const selected = sql.join(
    columns.map(([_name, expression], index) => sql`${expression} as ${sql.raw(`c${index}`)}`),
    sql`, `,
  );
  const values = sql.raw(columns.map((_column, index) => `listed.c${index}`).join(', '));
  const [answer] = rowsOf<{ rows: string | null }>(
    await db.execute(
      sql`select json_agg(json_build_array(${values}))::text as "rows" from (select ${selected} ${rest}) as listed`,
    ),
  );
  if (!answer?.rows) return [];
  const names = columns.map(([name]) => name);
  return (JSON.parse(answer.rows) as unknown[][]).map((cells) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index += 1) row[names[index]!] = cells[index];
    return row as T;
  });
}

/**
 * The rows of these ids, in the ids' order (ids the caller obtained through the scope's conditions). One
 * array parameter rather than an IN list of a thousand parameters: far cheaper to send and to plan.
 */
export async function fetchRows(db: Db, ids: readonly number[]): Promise<ListItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await readRows<ListItemRow>(
    db,
    LIST_ROW_COLUMNS,
    sql`from ${runtimeItems} where ${runtimeItems.id} = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * Whole rows after a cursor, in the list's order: what an export streams, batch after batch (no deferred
 * join needed: each batch starts at an index position).
 */
export async function rowsAfter(
  db: Db,
  scope: ListScope,
  order: ListOrder,
  cursor: CursorPosition | null,
  limit: number,
): Promise<Array<ListItemRow & { sortValue: string | null }>> {
  const found: Array<ListItemRow & { sortValue: string | null }> = [];
  for (const segment of segmentsAfter(order, cursor)) {
    const rows = await readRows<ListItemRow & { sortValue: string | null }>(
      db,
      [...LIST_ROW_COLUMNS, ['sortValue', sortValueAsText(order)]],
      sql`from ${runtimeItems} where ${and(scopeCondition(scope), segment)}
        order by ${sql.join(orderByClause(order), sql`, `)} limit ${limit - found.length}`,
    );
    found.push(...rows);
    if (found.length >= limit) break;
  }
  return found;
}
