import {
  type LoadBulkResponsiblesBodySchema,
  type LoadBulkResponsiblesResult,
  MAX_BULK_RESPONSIBLE_SOURCES,
  type WorkflowAction,
} from '@der/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../infra/db/database.ts';
import { grantedComponentOrThrow } from '../items/application-grant.ts';
import type { ItemActor } from '../items/create-items.ts';
import { runtimeItems } from '../items/items.table.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import { actionOrThrow, actionValues } from '../workflow/item-transition.ts';
import { listResponsibleCandidates, type ResponsibleCandidate } from '../workflow/responsibles.ts';
import { resolveBulkTarget } from './bulk-target.ts';

/**
 * What an item's candidates depend on, as listResponsibleCandidates draws them (workflow/responsibles.ts): the
 * value of the field the action names, the item's project, or — the action's groups — nothing. Items alike
 * in it have the same candidates, so one of each is enough.
 */
function candidateSourceKey(action: WorkflowAction): SQL {
  const source = action.responsibleCandidates;
  // The same for every item of the component (DISTINCT ON takes no constant).
  if (source?.kind === 'group') return sql`${runtimeItems.componentId}`;
  if (source?.kind === 'field') return sql`${runtimeItems.data} -> ${source.field}`;
  if (source?.kind === 'projectMembers') return sql`coalesce(${runtimeItems.projectId}, ${runtimeItems.id})`;
  // No source: the project's members for an item in a project, the action's groups for the others.
  return sql`${runtimeItems.projectId}`;
}

/** The people in every list, in the first list's order (by name). */
function commonTo(lists: ResponsibleCandidate[][]): ResponsibleCandidate[] {
  const [first = [], ...rest] = lists;
  const others = rest.map((list) => new Set(list.map((candidate) => candidate.id)));
  return first.filter((candidate) => others.every((ids) => ids.has(candidate.id)));
}

/**
 * loadBulkResponsibles: the candidates of the action for the items a bulk job would cover (the selection, or
 * every item of the filter the caller sees — resolveBulkTarget, as executeBulkOperation). A job hands every item
 * to the one person chosen, and the write path refuses an item whose candidates do not include them, so only
 * the people valid for every item are offered (`differ` when the items' candidates are not all the same).
 * One item per distinct source (project, field value) is asked; past MAX_BULK_RESPONSIBLE_SOURCES of them
 * nobody is offered and `differ` is set: the dialog asks to narrow the filter.
 */
export async function loadBulkResponsibles(
  db: Db,
  actor: ItemActor,
  body: z.output<typeof LoadBulkResponsiblesBodySchema>,
): Promise<LoadBulkResponsiblesResult> {
  const row = await grantedComponentOrThrow(db, actor, body.componentId, { active: true });
  const action = actionOrThrow(row.definition, body.action, actor);
  const target = resolveBulkTarget(
    actor,
    { definition: row.definition, applicationId: row.applicationId },
    body,
  );
  const ids =
    target.kind === 'selection'
      ? sql`select unnest(${`{${target.itemIds.join(',')}}`}::bigint[])`
      : sql`select picked.id from (${target.ids}) as picked`;
  const key = candidateSourceKey(action);
  const representatives = await db
    .selectDistinctOn([key])
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.componentId, row.id),
        sql`${runtimeItems.id} in (${ids})`,
        visibleItemCondition(actor),
      ),
    )
    .limit(MAX_BULK_RESPONSIBLE_SOURCES + 1);
  if (representatives.length > MAX_BULK_RESPONSIBLE_SOURCES) return { responsibles: [], differ: true };
  const lists: ResponsibleCandidate[][] = [];
  for (const item of representatives)
    lists.push(await listResponsibleCandidates(db, action, item, actionValues(item, undefined)));
  const responsibles = commonTo(lists);
  return { responsibles, differ: lists.some((list) => list.length !== responsibles.length) };
}
