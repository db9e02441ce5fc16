import { type KanbanCards, type KanbanLaneCount, LIST_COUNT_CAP } from '@der/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { ItemActor } from '../items/create-items.ts';
import { runtimeItems } from '../items/items.table.ts';
import { decodeCursor, encodeCursor } from '../query/list-order.ts';
import { fetchRows, idsAfter, scopeCondition } from '../query/list-query.ts';
import { type ResolvedList, resolveList } from '../query/list-request.ts';
import { displayRows } from '../query/row-display.ts';
import { type BoardFilter, laneQuery, type ResolvedBoard } from './kanban-view.ts';

/** One page of a lane (or of a swimlane cell): where it starts and how many cards. */
export interface LanePageRequest {
  lane: string;
  /** A swimlane cell: one responsible's cards (null: of none). */
  responsibleId?: number | null | undefined;
  after?: string | undefined;
  limit: number;
}

/**
 * The cards of a board through the list machinery (engine/query: the application grant, the visibility
 * predicate, saved queries, capped counts, keyset pages): a lane's pages and the lanes' counts.
 */
export function createLaneReader(db: Db) {
  function resolveLane(
    actor: ItemActor,
    board: ResolvedBoard,
    filter: BoardFilter,
    lane?: string,
    responsibleId?: number | null,
  ): ResolvedList {
    return resolveList(board.component, actor, laneQuery(board, filter, lane, responsibleId), actor.language);
  }

  /** Cards as list rows with their display values (the card fields, status, responsible). */
  async function cardsOf(actor: ItemActor, resolved: ResolvedList, ids: number[]) {
    return displayRows(
      {
        db,
        viewer: actor,
        language: actor.language,
        component: resolved.component.definition,
        fields: resolved.fields,
      },
      await fetchRows(db, ids),
    );
  }

  return {
    resolveLane,
    cardsOf,

    /** One keyset page of a lane's cards, in the saved query's order (else newest first). */
    async pageOf(
      actor: ItemActor,
      board: ResolvedBoard,
      filter: BoardFilter,
      request: LanePageRequest,
    ): Promise<KanbanCards> {
      const resolved = resolveLane(actor, board, filter, request.lane, request.responsibleId);
      const cursor = request.after ? decodeCursor(resolved.order, request.after) : null;
      const found = await idsAfter(db, resolved.scope, resolved.order, cursor, request.limit + 1);
      const page = found.slice(0, request.limit);
      const displayed = await cardsOf(
        actor,
        resolved,
        page.map((entry) => entry.id),
      );
      const last = page.at(-1);
      return {
        cards: displayed.rows,
        users: displayed.users,
        nextCursor:
          found.length > request.limit && last
            ? encodeCursor(resolved.order, { value: last.sortValue, id: last.id })
            : null,
      };
    },

    /**
     * Several lanes' capped counts in one statement (a subquery each, each an index walk stopping at the cap as
     * countCapped's): one round trip and one set of planner settings instead of four statements per lane.
     */
    async countsOf(
      actor: ItemActor,
      board: ResolvedBoard,
      filter: BoardFilter,
      lanes: readonly string[],
    ): Promise<KanbanLaneCount[]> {
      if (lanes.length === 0) return [];
      const counted = lanes.map((lane) => {
        const { scope } = resolveLane(actor, board, filter, lane);
        const matching = sql`select 1 from ${runtimeItems} where ${scopeCondition(scope)}`;
        const ordered = scope.countIndex
          ? sql`${matching} order by ${scope.countIndex} asc nulls last, ${runtimeItems.id}`
          : matching;
        return sql`(select count(*)::int from (${ordered} limit ${LIST_COUNT_CAP + 1}) as limited)`;
      });
      const counts = await db.transaction(async (tx) => {
        // As countCapped: index walks that stop at the cap, no JIT for the penalised plans.
        await tx.execute(
          sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true),
            set_config('jit', 'off', true)`,
        );
        const result = await tx.execute(sql`select array[${sql.join(counted, sql`, `)}] as counts`);
        return (result as unknown as { rows: Array<{ counts: number[] }> }).rows[0]!.counts;
      });
      return lanes.map((value, index) => {
        const count = Number(counts[index] ?? 0);
        return count > LIST_COUNT_CAP
          ? { value, count: LIST_COUNT_CAP, capped: true }
          : { value, count, capped: false };
      });
    },
  };
}
export type LaneReader = ReturnType<typeof createLaneReader>;
