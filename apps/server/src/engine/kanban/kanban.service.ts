import {
  FORM_MODES,
  KANBAN_FIRST_PAGE_SIZE,
  type KanbanBoard,
  type KanbanCards,
  type KanbanMoveResult,
  type KanbanMoves,
  type KanbanSwimlanes,
  LIST_COUNT_CAP,
  type LoadKanbanBoardBodySchema,
  type LoadKanbanCardsBodySchema,
  type MoveKanbanCardBodySchema,
} from '@der/contracts';
import type { z } from 'zod';
import type { Db } from '../../infra/db/database.ts';
import type { ItemActor } from '../items/create-items.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { WorkflowService } from '../workflow/workflow.service.ts';
import { createLaneReader } from './kanban-cards.ts';
import { createCardMover } from './kanban-moves.ts';
import { laneRefusal } from './kanban-refusals.ts';
import { loadSwimlanes } from './kanban-swimlanes.ts';
import { loadBoard } from './kanban-view.ts';

type BoardBody = z.output<typeof LoadKanbanBoardBodySchema>;
type CardsBody = z.output<typeof LoadKanbanCardsBodySchema>;
type MoveBody = z.output<typeof MoveKanbanCardBodySchema>;

/**
 * Spec §2.9 kanban boards: the view (kanban-view.ts) read through the list machinery (kanban-cards.ts) and
 * moved through the one write path (kanban-moves.ts).
 */
export function createKanbanService(deps: { db: Db; workflow: WorkflowService; items: ItemsService }) {
  const { db } = deps;
  const reader = createLaneReader(db);
  const mover = createCardMover({ ...deps, reader });

  return {
    /**
     * The board with every lane's capped count and first page: the first paint is this one request. The
     * counts and pages are read at once on PostgreSQL's pool (PGlite's one connection takes them in turn).
     */
    async loadBoard(actor: ItemActor, body: BoardBody): Promise<KanbanBoard> {
      const board = await loadBoard(db, actor, body.viewId, actor.language);
      const whole = reader.resolveLane(actor, board, body);
      const [counts, pages] = await Promise.all([
        reader.countsOf(
          actor,
          board,
          body,
          board.lanes.map((lane) => lane.value),
        ),
        Promise.all(
          board.lanes.map((lane) =>
            reader.pageOf(actor, board, body, { lane: lane.value, limit: KANBAN_FIRST_PAGE_SIZE }),
          ),
        ),
      ]);
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
          count: counts[index]!.count,
          capped: counts[index]!.capped,
          firstPage: pages[index]!,
        })),
        queries: definition.queries.map((query) => ({ id: query.id, name: query.name[actor.language] })),
        countCap: LIST_COUNT_CAP,
      };
    },

    /** One keyset page of a lane's cards (or of a swimlane cell's), in the saved query's order. */
    async loadCards(actor: ItemActor, body: CardsBody): Promise<KanbanCards> {
      const board = await loadBoard(db, actor, body.viewId, actor.language);
      if (!board.lanes.some((lane) => lane.value === body.lane))
        throw laneRefusal('unknownLane', actor.language);
      return reader.pageOf(actor, board, body, body);
    },

    async loadSwimlanes(actor: ItemActor, body: BoardBody): Promise<KanbanSwimlanes> {
      const board = await loadBoard(db, actor, body.viewId, actor.language);
      return loadSwimlanes(db, reader, actor, board, body);
    },

    async getMoves(actor: ItemActor, body: { viewId: number; itemId: number }): Promise<KanbanMoves> {
      const board = await loadBoard(db, actor, body.viewId, actor.language);
      return mover.movesOf(actor, board, body.itemId);
    },

    async moveCard(actor: ItemActor, body: MoveBody): Promise<KanbanMoveResult> {
      const board = await loadBoard(db, actor, body.viewId, actor.language);
      return mover.moveCard(actor, board, body);
    },
  };
}
export type KanbanService = ReturnType<typeof createKanbanService>;
