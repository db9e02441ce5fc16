import type { KanbanMoveResult, KanbanMoves, KanbanTarget, MoveKanbanCardBodySchema } from '@der/contracts';
import type { z } from 'zod';
import type { Db } from '../../infra/db/database.ts';
import { visibleItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/create-items.ts';
import type { ItemsService } from '../items/items.service.ts';
import type { WorkflowService } from '../workflow/workflow.service.ts';
import type { LaneReader } from './kanban-cards.ts';
import { laneRefusal } from './kanban-refusals.ts';
import type { ResolvedBoard } from './kanban-view.ts';

type MoveBody = z.output<typeof MoveKanbanCardBodySchema>;

/**
 * Moving cards (spec §2.9): the lanes a card may go to now, and a drop — on a status board the workflow action
 * linking the two lanes (the workflow service), on a field board an updateItemField, both the one write path.
 */
export function createCardMover(deps: {
  db: Db;
  workflow: WorkflowService;
  items: ItemsService;
  reader: LaneReader;
}) {
  const { db, reader } = deps;

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

  /**
   * A drop: the action whose `to` is the lane (refused as data when none of the caller's reaches it), or the
   * lane field written — both through the one save, at the version the board holds (409 when stale). Answers
   * the card as stored and the counts of the two lanes under the board's filter, so the board redraws both
   * without reloading them.
   */
  async function moveCard(actor: ItemActor, board: ResolvedBoard, body: MoveBody): Promise<KanbanMoveResult> {
    const lane = board.lanes.find((entry) => entry.value === body.toLane);
    if (!lane) throw laneRefusal('unknownLane', actor.language);
    const componentId = board.component.definition.id;
    const moves = await movesOf(actor, board, body.itemId);
    if (moves.lane === body.toLane) throw laneRefusal('sameLane', actor.language);
    let pendingApprovals: KanbanMoveResult['pendingApprovals'] = null;
    if (board.byStatus) {
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
    const filter = { queryId: body.queryId, search: body.search };
    const displayed = await reader.cardsOf(actor, reader.resolveLane(actor, board, {}), [body.itemId]);
    const card = displayed.rows[0]!;
    const counted = [moves.lane, body.toLane].filter(
      (value): value is string => value !== null && board.lanes.some((entry) => entry.value === value),
    );
    return {
      card,
      users: displayed.users,
      lane: board.byStatus
        ? card.Status
        : ((card.values[board.view.laneField] as string | undefined) ?? null),
      pendingApprovals,
      counts: await reader.countsOf(actor, board, filter, counted),
    };
  }

  return { movesOf, moveCard };
}
