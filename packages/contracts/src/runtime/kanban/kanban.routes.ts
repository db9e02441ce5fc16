import { defineRoute } from '../../common/route.ts';
import {
  KanbanBoardSchema,
  KanbanCardBodySchema,
  KanbanCardsSchema,
  KanbanMoveResultSchema,
  KanbanMovesSchema,
  KanbanSwimlanesSchema,
  LoadKanbanBoardBodySchema,
  LoadKanbanCardsBodySchema,
  MoveKanbanCardBodySchema,
} from './kanban.schemas.ts';

const tags = ['kanban'];

/**
 * Spec §2.9 kanban boards. A view of an application not granted to the caller answers 404 as an unknown one;
 * cards are read through the visibility rule (never returned nor counted when invisible). A drop on a status
 * board runs the workflow action linking the two lanes (refusals 400 naming `action`, `reason`,
 * `responsibleId` or `lane`; 409 when stale); on a field board it writes the field through the one save.
 */
export const kanbanRoutes = {
  loadKanbanBoard: defineRoute({
    method: 'POST',
    path: '/genericItem/loadKanbanBoard',
    access: 'session',
    summary: 'A kanban view: its lanes with their (capped) counts, card fields and saved queries',
    tags,
    body: LoadKanbanBoardBodySchema,
    response: KanbanBoardSchema,
  }),
  loadKanbanCards: defineRoute({
    method: 'POST',
    path: '/genericItem/loadKanbanCards',
    access: 'session',
    summary: 'One page of the cards of a lane (keyset paging)',
    tags,
    body: LoadKanbanCardsBodySchema,
    response: KanbanCardsSchema,
  }),
  loadKanbanSwimlanes: defineRoute({
    method: 'POST',
    path: '/genericItem/loadKanbanSwimlanes',
    access: 'session',
    summary: "The swimlane rows of a board: its cards' responsibles with their (capped) counts per lane",
    tags,
    body: LoadKanbanBoardBodySchema,
    response: KanbanSwimlanesSchema,
  }),
  getKanbanMoves: defineRoute({
    method: 'POST',
    path: '/genericItem/getKanbanMoves',
    access: 'session',
    summary: 'The lanes the caller can move a card to now',
    tags,
    body: KanbanCardBodySchema,
    response: KanbanMovesSchema,
  }),
  moveKanbanCard: defineRoute({
    method: 'POST',
    path: '/genericItem/moveKanbanCard',
    access: 'session',
    summary: 'Drops a card on a lane: the workflow action to it, or the lane field written',
    tags,
    body: MoveKanbanCardBodySchema,
    response: KanbanMoveResultSchema,
  }),
};
