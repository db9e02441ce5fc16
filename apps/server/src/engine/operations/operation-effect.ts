import { evaluateRuleExpression, type OperationEffect } from '@der/contracts';
import { asc } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { valuesOfItem } from '../forms/form-items.ts';
import { writableComponentOrThrow } from '../items/application-grant.ts';
import type { ItemActor } from '../items/items.service.ts';
import { runtimeItems } from '../items/items.table.ts';
import { saveItem } from '../items/save-item.ts';
import { compileFilter } from '../query/compile-filter.ts';
import { scopeCondition } from '../query/list-query.ts';

/** An operation changes at most this many items in one run (one transaction holds their row locks). */
export const MAX_OPERATION_ITEMS = 1000;

/**
 * Applies an `updateItems` effect inside the caller's transaction: the items the saved query selects among those
 * the actor sees (and `when` keeps), each updated through the one save (save-item.ts: access, field permissions,
 * rules, the workflow action's checks, version row and effects), with the values of `set` and the action's `reason` evaluated over the item's
 * values, `prompt` (the prompt's values) and `$now()`. Any refusal throws and rolls the whole operation back.
 * Answers how many items changed.
 */
export async function applyOperationEffect(
  tx: Db,
  actor: ItemActor,
  effect: OperationEffect,
  prompt: Record<string, unknown>,
  now: Date,
): Promise<number> {
  const component = await writableComponentOrThrow(tx, actor, effect.componentId);
  const query = component.queries.find((candidate) => candidate.id === effect.queryId);
  if (!query) throw new AppError('NOT_FOUND');
  const rows = await tx
    .select()
    .from(runtimeItems)
    .where(
      scopeCondition({
        componentId: component.id,
        viewer: actor,
        filter: compileFilter(query.filter, component, { currentUserId: actor.userId }),
      }),
    )
    .orderBy(asc(runtimeItems.id))
    .limit(MAX_OPERATION_ITEMS);
  const action = effect.action
    ? component.workflow?.actions.find((candidate) => candidate.key === effect.action)
    : undefined;
  let updated = 0;
  for (const row of rows) {
    const input = { ...valuesOfItem(row), prompt };
    const evaluate = async (expression: string) =>
      (await evaluateRuleExpression(expression, input, { now })) ?? null;
    if (effect.when !== undefined && !(await evaluate(effect.when))) continue;
    // An item the action does not apply to (already past it) is left as it is, not a refusal.
    if (effect.action !== undefined && !(row.status !== null && action?.from.includes(row.status))) continue;
    const changes: Record<string, unknown> = {};
    for (const [key, expression] of Object.entries(effect.set)) changes[key] = await evaluate(expression);
    const transition = effect.action
      ? {
          action: effect.action,
          reason: effect.reason === undefined ? null : String((await evaluate(effect.reason)) ?? ''),
        }
      : undefined;
    // The one save, in the caller's transaction: a refusal rolls the whole operation back.
    const saved = await saveItem(
      tx,
      actor,
      {
        componentId: component.id,
        itemId: row.id,
        version: row.version,
        changes,
        ...(transition ? { transition } : {}),
      },
      { now, component },
    );
    if (saved.changed) updated += 1;
  }
  return updated;
}
