import {
  type KanbanBoard,
  type KanbanCards,
  kanbanRoutes,
  type ListRow,
  type ListUser,
} from '@der/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

/** What narrows a board: a saved query and the search box. */
export interface KanbanFilter {
  queryId: number | undefined;
  search: string;
}

export const kanbanBoardKey = (viewId: number, filter: KanbanFilter) =>
  ['kanban-board', viewId, filter.queryId ?? null, filter.search] as const;
export const kanbanLaneKey = (viewId: number, filter: KanbanFilter, lane: string) =>
  ['kanban-cards', viewId, filter.queryId ?? null, filter.search, lane] as const;

export function loadBoard(viewId: number, filter: KanbanFilter): Promise<KanbanBoard> {
  return apiCall(kanbanRoutes.loadKanbanBoard, {
    body: { viewId, queryId: filter.queryId, search: filter.search || undefined },
  });
}

export function loadLanePage(
  viewId: number,
  filter: KanbanFilter,
  lane: string,
  after: string | undefined,
): Promise<KanbanCards> {
  return apiCall(kanbanRoutes.loadKanbanCards, {
    body: { viewId, lane, queryId: filter.queryId, search: filter.search || undefined, after },
  });
}

type LaneData = InfiniteData<KanbanCards, string | undefined>;

/**
 * A moved card leaves its lane's loaded pages and enters the top of the lane it now is in (when that lane is
 * loaded), the counts following: the board redraws from the server's answer without reloading any lane.
 */
export function placeMovedCard(
  client: QueryClient,
  viewId: number,
  filter: KanbanFilter,
  move: { card: ListRow; users: Record<string, ListUser>; from: string; to: string | null },
) {
  if (move.to === move.from) {
    client.setQueryData<LaneData>(kanbanLaneKey(viewId, filter, move.from), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              cards: page.cards.map((card) => (card.ID === move.card.ID ? move.card : card)),
            })),
          }
        : data,
    );
    return;
  }
  client.setQueryData<LaneData>(kanbanLaneKey(viewId, filter, move.from), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            cards: page.cards.filter((card) => card.ID !== move.card.ID),
          })),
        }
      : data,
  );
  if (move.to !== null) {
    client.setQueryData<LaneData>(kanbanLaneKey(viewId, filter, move.to), (data) => {
      if (!data || data.pages.length === 0) return data;
      const [first, ...rest] = data.pages;
      return {
        ...data,
        pages: [
          { ...first!, cards: [move.card, ...first!.cards], users: { ...first!.users, ...move.users } },
          ...rest,
        ],
      };
    });
  }
  client.setQueryData<KanbanBoard>(kanbanBoardKey(viewId, filter), (board) =>
    board
      ? {
          ...board,
          lanes: board.lanes.map((lane) => {
            if (lane.capped) return lane;
            if (lane.value === move.from) return { ...lane, count: Math.max(0, lane.count - 1) };
            if (lane.value === move.to) return { ...lane, count: lane.count + 1 };
            return lane;
          }),
        }
      : board,
  );
}
