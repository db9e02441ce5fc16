import {
  type ComponentDefinition,
  type ExecuteBulkOperationBodySchema,
  type ListQuery,
  MAX_BULK_ITEMS,
} from '@der/contracts';
import type { z } from 'zod';
import { translateError } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { ItemActor } from '../items/create-items.ts';
import { runtimeItems } from '../items/items.table.ts';
import { orderByClause } from '../query/list-order.ts';
import { scopeCondition } from '../query/list-query.ts';
import { resolveList } from '../query/list-request.ts';
import { bulkRefusal } from './bulk-refusals.ts';

type Target = Pick<z.output<typeof ExecuteBulkOperationBodySchema>, 'itemIds' | 'filter'>;

/**
 * The items a job covers, in order: the selection as given (each id once; an id the creator may not see
 * fails as not found when its turn comes, telling nothing), or — no selection, a filter — every item of that
 * filter the creator sees, through the list machinery (the saved query, the filter tree, the visibility
 * predicate) in the list's order. Neither: 400 BULK_SELECTION_EMPTY ('Select at least one item!').
 */
export async function resolveBulkTarget(
  db: Db,
  actor: ItemActor,
  component: { definition: ComponentDefinition; applicationId: number },
  target: Target,
): Promise<{ kind: 'selection' | 'filter'; itemIds: number[] }> {
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
  const rows = await db
    .select({ id: runtimeItems.id })
    .from(runtimeItems)
    .where(scopeCondition(resolved.scope))
    .orderBy(...orderByClause(resolved.order))
    .limit(MAX_BULK_ITEMS + 1);
  if (rows.length === 0) throw bulkRefusal('filter', 'noMatch', actor.language);
  if (rows.length > MAX_BULK_ITEMS)
    throw bulkRefusal('filter', 'tooMany', actor.language, { limit: String(MAX_BULK_ITEMS) });
  return { kind: 'filter', itemIds: rows.map((row) => row.id) };
}
