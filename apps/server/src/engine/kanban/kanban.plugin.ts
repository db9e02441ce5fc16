import { kanbanRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { KanbanService } from './kanban.service.ts';

/** Spec §2.9 kanban boards under /genericItem/ (lanes with their first pages, cards by keyset pages, swimlane rows, moves and drops). */
export const kanbanPlugin: FastifyPluginAsync<{ service: KanbanService }> = async (app, { service }) => {
  registerRoute(app, kanbanRoutes.loadKanbanBoard, (request) =>
    service.loadBoard(itemActorOf(request), request.body),
  );
  registerRoute(app, kanbanRoutes.loadKanbanCards, (request) =>
    service.loadCards(itemActorOf(request), request.body),
  );
  registerRoute(app, kanbanRoutes.loadKanbanSwimlanes, (request) =>
    service.loadSwimlanes(itemActorOf(request), request.body),
  );
  registerRoute(app, kanbanRoutes.getKanbanMoves, (request) =>
    service.getMoves(itemActorOf(request), request.body),
  );
  registerRoute(app, kanbanRoutes.moveKanbanCard, (request) =>
    service.moveCard(itemActorOf(request), request.body),
  );
};
