import type { KanbanCards, KanbanLaneCount } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import type { ItemActor } from '../items/create-items.ts';
import { decodeCursor, encodeCursor } from '../query/list-order.ts';
import { countCapped, fetchRows, idsAfter } from '../query/list-query.ts';
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
 * predicate, saved queries, capped counts, keyset pages): a lane's pages and its count.
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

    /** A lane's capped count under the filter: an index walk that stops at the cap, as the lists count. */
    async countOf(
      actor: ItemActor,
      board: ResolvedBoard,
      filter: BoardFilter,
      lane: string,
    ): Promise<KanbanLaneCount> {
      const { total, capped } = await countCapped(db, resolveLane(actor, board, filter, lane).scope);
      return { value: lane, count: total, capped };
    },
  };
}
export type LaneReader = ReturnType<typeof createLaneReader>;
