import {
  type ComponentDefinition,
  type Language,
  localize,
  type Predecessor,
  type PredecessorsResult,
  type SavePredecessorActivitiesBody,
  type SavePredecessorsResult,
} from '@der/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { visibleItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/create-items.ts';
import type { FieldIssue } from '../items/item-changes.ts';
import { validationError } from '../items/item-changes.ts';
import { toWriteResult } from '../items/items.service.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { toLinkedItem, visibleItemsAmong } from './linked-items.ts';
import { runtimeItemLinks } from './links.table.ts';
import { lockItemForChange, recordRelationChange } from './owner-change.ts';

/** A link from an item to an item that must finish before it (spec §3 predecessorActivities). */
export const PREDECESSOR_RELATION = 'predecessor';
/** The history key of predecessor changes. */
const PREDECESSORS_HISTORY_KEY = 'predecessorActivities';

/** The ids of the item's predecessors (visible or not: callers filter). */
async function predecessorIdsOf(tx: Db, itemId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: runtimeItemLinks.toItemId })
    .from(runtimeItemLinks)
    .where(and(eq(runtimeItemLinks.fromItemId, itemId), eq(runtimeItemLinks.relation, PREDECESSOR_RELATION)));
  return rows.map((row) => row.id);
}

/**
 * Of `candidates`, those that already depend on the item, directly or through any chain of predecessors: making
 * one of them a predecessor of the item would close a cycle (A needs B, B needs … needs A). One recursive query
 * walks the predecessor links from every candidate; `union` (not `union all`) stops on cycles already stored.
 */
async function candidatesDependingOn(
  tx: Db,
  itemId: number,
  candidates: readonly number[],
): Promise<Set<number>> {
  if (candidates.length === 0) return new Set();
  const start = sql.join(
    candidates.map((id) => sql`(${id}::bigint, ${id}::bigint)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with recursive chain(origin, node) as (
      select origin, node from (values ${start}) as seeds(origin, node)
      union
      select chain.origin, link.to_item_id
      from chain join ${runtimeItemLinks} link
        on link.from_item_id = chain.node and link.relation = ${PREDECESSOR_RELATION}
    )
    select distinct origin from chain where node = ${itemId}`);
  // Both drivers answer { rows }; the typed result of execute differs between them.
  const { rows } = result as unknown as { rows: Array<{ origin: number | string }> };
  return new Set(rows.map((row) => Number(row.origin)));
}

/** Status names and colours of the workflows of the given components. */
async function workflowsOf(
  tx: Db,
  componentIds: readonly number[],
): Promise<Map<number, ComponentDefinition>> {
  if (componentIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: runtimeComponents.id, definition: runtimeComponents.definition })
    .from(runtimeComponents)
    .where(inArray(runtimeComponents.id, [...componentIds]));
  return new Map(rows.map((row) => [row.id, row.definition]));
}

/** The item's predecessors the viewer sees, each with its status as its workflow names and colours it. */
async function visiblePredecessors(
  tx: Db,
  viewer: ItemViewer,
  itemId: number,
  language: Language,
): Promise<Predecessor[]> {
  const rows = await visibleItemsAmong(tx, viewer, await predecessorIdsOf(tx, itemId));
  const components = await workflowsOf(tx, [...new Set(rows.map((row) => row.componentId))]);
  const statusOf = (row: RuntimeItemRow) =>
    row.status === null
      ? undefined
      : components.get(row.componentId)?.workflow?.statuses.find((status) => status.key === row.status);
  return rows
    .sort((a, b) => a.formattedId.localeCompare(b.formattedId, 'pt-BR') || a.id - b.id)
    .map((row) => {
      const status = statusOf(row);
      return {
        item: toLinkedItem(row),
        statusName: status ? localize(status.name, language) : row.status,
        statusColor: status?.color ?? null,
        finished: status?.final ?? false,
      };
    });
}

/**
 * The checks of a new predecessor set, all reported at once as 400 naming `predecessorIds.<index>`: not the
 * item itself, of the item's project, and not already depending on the item (a cycle). An id the actor does
 * not see answers 404 before any of them, like an unknown one.
 */
async function assertPredecessorsValid(
  tx: Db,
  actor: ItemActor,
  item: RuntimeItemRow,
  wanted: readonly number[],
): Promise<void> {
  const others = wanted.filter((id) => id !== item.id);
  const visible = new Map((await visibleItemsAmong(tx, actor, others)).map((row) => [row.id, row]));
  if (others.some((id) => !visible.has(id))) throw new AppError('NOT_FOUND');
  const cyclic = await candidatesDependingOn(tx, item.id, others);
  const issues = wanted.flatMap((id, index): FieldIssue[] => {
    const field = `predecessorIds.${index}`;
    if (id === item.id) return [{ field, message: 'predecessorItself' }];
    if (item.projectId === null || visible.get(id)?.projectId !== item.projectId)
      return [{ field, message: 'predecessorOtherProject' }];
    if (cyclic.has(id)) return [{ field, message: 'predecessorCycle' }];
    return [];
  });
  if (issues.length > 0) throw validationError(issues, actor.language);
}

export function createPredecessors(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  return {
    async load(actor: ItemActor, itemId: number): Promise<PredecessorsResult> {
      await visibleItem(db, actor, itemId);
      return { predecessors: await visiblePredecessors(db, actor, itemId, actor.language) };
    },

    /**
     * Replaces the item's predecessors in one transaction: the item locked and checked (404, 403, 409), the
     * set checked (404, 400; nothing written), links added and removed, one new version of the item. The
     * predecessors the actor does not see stay. Nothing changed: no new version.
     */
    async save(actor: ItemActor, body: SavePredecessorActivitiesBody): Promise<SavePredecessorsResult> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        let item = await lockItemForChange(tx, actor, body.itemId, body.version);
        const wanted = [...new Set(body.predecessorIds)];
        await assertPredecessorsValid(tx, actor, item, body.predecessorIds);
        const before = await predecessorIdsOf(tx, item.id);
        const seen = new Set((await visibleItemsAmong(tx, actor, before)).map((row) => row.id));
        const wantedSet = new Set(wanted);
        const beforeSet = new Set(before);
        const removed = before.filter((id) => seen.has(id) && !wantedSet.has(id));
        const added = wanted.filter((id) => !beforeSet.has(id));
        if (removed.length > 0)
          await tx
            .delete(runtimeItemLinks)
            .where(
              and(
                eq(runtimeItemLinks.fromItemId, item.id),
                eq(runtimeItemLinks.relation, PREDECESSOR_RELATION),
                inArray(runtimeItemLinks.toItemId, removed),
              ),
            );
        if (added.length > 0)
          await tx.insert(runtimeItemLinks).values(
            added.map((toItemId) => ({
              fromItemId: item.id,
              toItemId,
              relation: PREDECESSOR_RELATION,
              createdBy: actor.userId,
              createdAt: now,
            })),
          );
        if (removed.length > 0 || added.length > 0) {
          const removedSet = new Set(removed);
          const after = [...before.filter((id) => !removedSet.has(id)), ...added];
          item = await recordRelationChange(
            tx,
            actor,
            item,
            { key: PREDECESSORS_HISTORY_KEY, before, after },
            now,
          );
        }
        return {
          saved: toWriteResult(item),
          predecessors: await visiblePredecessors(tx, actor, item.id, actor.language),
        };
      });
    },
  };
}
