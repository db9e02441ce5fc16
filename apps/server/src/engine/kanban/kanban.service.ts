import {
  FORM_MODES,
  type KanbanBoard,
  type KanbanCards,
  type KanbanMoveResult,
  type KanbanMoves,
  type KanbanTarget,
  LIST_COUNT_CAP,
  type LoadKanbanBoardBodySchema,
  type LoadKanbanCardsBodySchema,
  type MoveKanbanCardBodySchema,
} from '@der/contracts';
import type { z } from 'zod';
import type { Db } from '../../infra/db/database.ts';
import { visibleItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/create-items.ts';
import type { ItemsService } from '../items/items.service.ts';
import { decodeCursor, encodeCursor } from '../query/list-order.ts';
import { countCapped, fetchRows, idsAfter } from '../query/list-query.ts';
import { type ResolvedList, resolveList } from '../query/list-request.ts';
import { displayRows } from '../query/row-display.ts';
import type { WorkflowService } from '../workflow/workflow.service.ts';
import { laneRefusal } from './kanban-refusals.ts';
import { laneQuery, loadBoard, type ResolvedBoard } from './kanban-view.ts';

type BoardBody = z.output<typeof LoadKanbanBoardBodySchema>;
type CardsBody = z.output<typeof LoadKanbanCardsBodySchema>;
type MoveBody = z.output<typeof MoveKanbanCardBodySchema>;

/**
 * Spec §2.9 kanban boards over the list machinery (engine/query: the application grant, the visibility
 * predicate, saved queries, capped counts, keyset pages) and the one write path: a drop on a status board is
 * the workflow action linking the two lanes (the workflow service), on a field board an updateItemField.
 */
export function createKanbanService(deps: { db: Db; workflow: WorkflowService; items: ItemsService }) {
  const { db } = deps;

  function resolveLane(
    actor: ItemActor,
    board: ResolvedBoard,
    body: Pick<BoardBody, 'queryId' | 'search'>,
    lane?: string,
  ): ResolvedList {
    return resolveList(board.component, actor, laneQuery(board, body, lane), actor.language);
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

  /** The lanes a card may move to now: the `to` of the actions getActions offers, or any other lane. */
  async function movesOf(actor: ItemActor, board: ResolvedBoard, itemId: number): Promise<KanbanMoves> {
    const componentId = board.component.definition.id;
    const onBoard = new Set(board.lanes.map((lane) => lane.value));
    if (board.byStatus) {
      const state = await deps.workflow.getActions(actor, { itemId, componentId });
      const targets: KanbanTarget[] = [];
      for (const action of state.actions) {
        // Two actions to one lane: the first one the definition lists is what a drop runs.
        const lane = action.to.key;
        // An action that keeps the status (take, forward) moves no card: it is run from the form.
        if (lane === state.status?.key || !onBoard.has(lane)) continue;
        if (!targets.some((target) => target.lane === lane)) targets.push({ lane, action });
      }
      return { itemId, version: state.version, lane: state.status?.key ?? null, targets };
    }
    const { item, writable } = await visibleItem(db, actor, itemId, componentId);
    const current = item.data[board.view.laneField];
    const lane = typeof current === 'string' ? current : null;
    return {
      itemId,
      version: item.version,
      lane,
      targets: writable
        ? board.lanes
            .filter((entry) => entry.value !== lane)
            .map((entry) => ({ lane: entry.value, action: null }))
        : [],
    };
  }

  return {
    async loadBoard(actor: ItemActor, body: BoardBody): Promise<KanbanBoard> {
      const board = await loadBoard(db, actor, body.viewId, actor.language);
      const whole = resolveLane(actor, board, body);
      // One capped count per lane, each an index walk that stops at the cap (as the lists count); at once on
      // PostgreSQL's pool (PGlite's one connection takes them in turn).
      const counts = await Promise.all(
        board.lanes.map((lane) => countCapped(db, resolveLane(actor, board, body, lane.value).scope)),
      );
      const { definition, applicationId } = board.component;
      const cardFieldKeys = new Set(board.view.cardFields);
      return {
        viewId: board.view.id,
        name: board.view.name[actor.language],
        componentId: definition.id,
        applicationId,
        formId:
          board.view.formId ?? definition.forms.find((form) => form.mode === FORM_MODES.standard)?.id ?? null,
        laneField: board.view.laneField,
        byStatus: board.byStatus,
        swimlanes: board.view.swimlanes,
        cardFields: board.view.cardFields.flatMap((key) => {
          const column = whole.columns.find((candidate) => candidate.name === key);
          return column && cardFieldKeys.has(key) ? [column] : [];
        }),
        colorField: board.view.colorField ?? null,
        lanes: board.lanes.map((lane, index) => ({
          ...lane,
          count: counts[index]!.total,
          capped: counts[index]!.capped,
        })),
        queries: definition.queries.map((query) => ({ id: query.id, name: query.name[actor.language] })),
        countCap: LIST_COUNT_CAP,
      };
    },

    /** One keyset page of a lane's cards, in the saved query's order (else newest first). */
    async loadCards(actor: ItemActor, body: CardsBody): Promise<KanbanCards> {
      const board = await loadBoard(db, actor, body.viewId, actor.language);
      if (!board.lanes.some((lane) => lane.value === body.lane))
        throw laneRefusal('unknownLane', actor.language);
      const resolved = resolveLane(actor, board, body, body.lane);
      const cursor = body.after ? decodeCursor(resolved.order, body.after) : null;
      const found = await idsAfter(db, resolved.scope, resolved.order, cursor, body.limit + 1);
      const page = found.slice(0, body.limit);
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
          found.length > body.limit && last
            ? encodeCursor(resolved.order, { value: last.sortValue, id: last.id })
            : null,
      };
    },

    async getMoves(actor: ItemActor, body: { viewId: number; itemId: number }): Promise<KanbanMoves> {
      const board = await loadBoard(db, actor, body.viewId, actor.language);
      return movesOf(actor, board, body.itemId);
    },

    /**
     * A drop: the action whose `to` is the lane (refused as data when none of the caller's reaches it), or
     * the lane field written — both through the one save, at the version the board holds (409 when stale).
     */
    async moveCard(actor: ItemActor, body: MoveBody): Promise<KanbanMoveResult> {
      const board = await loadBoard(db, actor, body.viewId, actor.language);
      const lane = board.lanes.find((entry) => entry.value === body.toLane);
      if (!lane) throw laneRefusal('unknownLane', actor.language);
      const componentId = board.component.definition.id;
      let pendingApprovals: KanbanMoveResult['pendingApprovals'] = null;
      if (board.byStatus) {
        const moves = await movesOf(actor, board, body.itemId);
        if (moves.lane === body.toLane) throw laneRefusal('sameLane', actor.language);
        const target = moves.targets.find((entry) => entry.lane === body.toLane);
        if (!target?.action) throw laneRefusal('unreachable', actor.language, lane.name);
        const result = await deps.workflow.executeTaskAction(actor, {
          componentId,
          itemId: body.itemId,
          version: body.version,
          action: target.action.key,
          reason: body.reason ?? null,
          responsibleId: body.responsibleId ?? null,
        });
        pendingApprovals = result.pendingApprovals;
      } else {
        await deps.items.updateItemField(actor, {
          componentId,
          itemId: body.itemId,
          version: body.version,
          field: board.view.laneField,
          value: body.toLane,
        });
      }
      const resolved = resolveLane(actor, board, {});
      const displayed = await cardsOf(actor, resolved, [body.itemId]);
      const card = displayed.rows[0]!;
      return {
        card,
        users: displayed.users,
        lane: board.byStatus
          ? card.Status
          : ((card.values[board.view.laneField] as string | undefined) ?? null),
        pendingApprovals,
      };
    },
  };
}
export type KanbanService = ReturnType<typeof createKanbanService>;
