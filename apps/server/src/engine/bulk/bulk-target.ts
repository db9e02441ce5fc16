import {
  type ComponentDefinition,
  type ExecuteBulkOperationBodySchema,
  type ListQuery,
  MAX_BULK_ITEMS,
} from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { translateError } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { ItemActor } from '../items/create-items.ts';
import { runtimeItems } from '../items/items.table.ts';
import { orderByClause } from '../query/list-order.ts';
import { scopeCondition } from '../query/list-query.ts';
import { resolveList } from '../query/list-request.ts';
import { bulkJobItems } from './bulk.table.ts';
import { bulkRefusal } from './bulk-refusals.ts';

type Target = Pick<z.output<typeof ExecuteBulkOperationBodySchema>, 'itemIds' | 'filter'>;

/** The items a job covers: the selected ids in order, or the ids of a filter's query in the list's order. */
export type BulkTarget = { kind: 'selection'; itemIds: number[] } | { kind: 'filter'; ids: SQL };

/**
 * The items a job covers, in order: the selection as given (each id once; an id the creator may not see
 * fails as not found when its turn comes, telling nothing), or — no selection, a filter — every item of that
 * filter the creator sees, through the list machinery (the saved query, the filter tree, the visibility
 * predicate) in the list's order. Neither: 400 BULK_SELECTION_EMPTY ('Select at least one item!').
 */
export function resolveBulkTarget(
  actor: ItemActor,
  component: { definition: ComponentDefinition; applicationId: number },
  target: Target,
): BulkTarget {
  const selected = [...new Set(target.itemIds)];
  if (selected.length > 0) return { kind: 'selection', itemIds: selected };
  if (!target.filter)
    throw new AppError('BULK_SELECTION_EMPTY', [
      { field: 'itemIds', message: translateError('BULK_SELECTION_EMPTY', actor.language) },
    ]);
  const request: ListQuery = {
    componentID: component.definition.id,
    projectId: target.filter.projectId,
    filters: target.filter.filters,
    logicSeparator: target.filter.logicSeparator,
    ...(target.filter.queryId === undefined ? {} : { queryId: target.filter.queryId }),
  };
  const resolved = resolveList(component, actor, request, actor.language);
  // One more than the limit: a filter that matches more is refused, not cut.
  const ids = sql`select ${runtimeItems.id} as id from ${runtimeItems} where ${scopeCondition(resolved.scope)} order by ${sql.join(orderByClause(resolved.order), sql`, `)} limit ${MAX_BULK_ITEMS + 1}`;
  return { kind: 'filter', ids };
}

/**
 * Writes the job's items in one statement, numbered in the target's order, and answers how many: the selection
 * as one array parameter, the filter as INSERT … SELECT (the ids never travel to the server and back).
 * A filter matching nothing or more than MAX_BULK_ITEMS is refused (400 naming `filter`; the caller's
 * transaction rolls back).
 */
export async function insertBulkItems(
  tx: Db,
  jobId: number,
  target: BulkTarget,
  actor: ItemActor,
): Promise<number> {
  // The CTE keeps its rows in the order it produced them, so row_number() over () numbers them in that order.
  const source =
    target.kind === 'selection'
      ? sql`select u.id, u.ord from unnest(${`{${target.itemIds.join(',')}}`}::bigint[]) with ordinality as u(id, ord)`
      : sql`select picked.id, row_number() over () as ord from (${target.ids}) as picked`;
  const result = await tx.execute(sql`
    with ins as (
      insert into ${bulkJobItems} (job_id, item_id, position)
      select ${jobId}::bigint, source.id, (source.ord - 1)::int from (${source}) as source
      returning 1
    )
    select count(*)::int as n from ins`);
  const inserted = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  if (target.kind === 'filter' && inserted === 0) throw bulkRefusal('filter', 'noMatch', actor.language);
  if (inserted > MAX_BULK_ITEMS)
    throw bulkRefusal('filter', 'tooMany', actor.language, { limit: String(MAX_BULK_ITEMS) });
  return inserted;
}
