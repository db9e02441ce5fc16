import type { DefaultValueQueryResult } from '@der/contracts';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { writableComponentOrThrow } from '../items/application-grant.ts';
import { activeComponentOrThrow, type ItemActor } from '../items/create-items.ts';
import { validationError } from '../items/item-changes.ts';
import { runtimeItems } from '../items/items.table.ts';
import { compileFilter } from '../query/compile-filter.ts';
import { resolveOrder } from '../query/list-order.ts';
import { scopeCondition } from '../query/list-query.ts';
import { DEFAULT_SORT } from '../query/list-request.ts';

/**
 * Spec §7.6 getDefaultValueQuery, as the definition schema allows it: `field` is a GENERIC_ITEM_TYPE field of
 * the component (else 400 naming 'field'), `queryId` a saved query of the field's target component (else 404);
 * the value is the id of the first item the actor sees matching the query's filter, in the order its list
 * shows (the query's sort, else newest first; then id) — the same compiler and order the lists use.
 */
export async function defaultValueFromQuery(
  db: Db,
  actor: ItemActor,
  query: { componentId: number; field: string; queryId: number },
): Promise<DefaultValueQueryResult> {
  const component = await writableComponentOrThrow(db, actor, query.componentId);
  const field = component.fields.find((candidate) => candidate.key === query.field);
  if (field?.type !== 'GENERIC_ITEM_TYPE' || field.targetComponentId === undefined)
    throw validationError([{ field: 'field', message: 'invalidValue' }], actor.language);
  const target = await activeComponentOrThrow(db, field.targetComponentId);
  const saved = target.queries.find((candidate) => candidate.id === query.queryId);
  if (!saved) throw new AppError('NOT_FOUND');

  // No sort of its own: the list's default order, so "first" is the first row the query's list shows.
  const sorts = saved.sort.length > 0 ? saved.sort : [DEFAULT_SORT];
  const order: SQL[] = sorts.map((sort) => {
    const resolved = resolveOrder(target, sort);
    return resolved.direction === 'asc'
      ? sql`${resolved.expression} asc nulls last`
      : sql`${resolved.expression} desc nulls first`;
  });
  const [first] = await db
    .select({ id: runtimeItems.id, formattedId: runtimeItems.formattedId, title: runtimeItems.title })
    .from(runtimeItems)
    .where(
      scopeCondition({
        componentId: target.id,
        viewer: actor,
        filter: compileFilter(saved.filter, target, { currentUserId: actor.userId }),
      }),
    )
    .orderBy(...order, sorts[0]?.sortDirection === 'desc' ? desc(runtimeItems.id) : asc(runtimeItems.id))
    .limit(1);
  return { value: first?.id ?? null, item: first ?? null };
}
