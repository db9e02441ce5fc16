import {
  type KanbanBoard,
  type KanbanCards,
  type KanbanSwimlanes,
  kanbanRoutes,
  type ListRow,
} from '@der/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

/** What narrows a board: a saved query and the search box. */
export interface KanbanFilter {
  queryId: number | undefined;
  search: string;
}

/** Which cards a card list shows: a whole lane, or a swimlane cell (one responsible's, null: of none). */
export interface CardSource {
  lane: string;
  responsibleId?: number | null | undefined;
}

/** A whole lane's cards are cached under this instead of a responsible. */
const WHOLE_LANE = 'lane';

export const kanbanBoardKey = (viewId: number, filter: KanbanFilter) =>
  ['kanban-board', viewId, filter.queryId ?? null, filter.search] as const;
/** Every card list of a board under a filter (lanes and swimlane cells) starts with this. */
export const kanbanCardsPrefix = (viewId: number, filter: KanbanFilter) =>
  ['kanban-cards', viewId, filter.queryId ?? null, filter.search] as const;
export const kanbanCardsKey = (viewId: number, filter: KanbanFilter, source: CardSource) =>
  [
    ...kanbanCardsPrefix(viewId, filter),
    source.lane,
    source.responsibleId === undefined ? WHOLE_LANE : source.responsibleId,
  ] as const;
export const kanbanSwimlanesKey = (viewId: number, filter: KanbanFilter) =>
  ['kanban-swimlanes', viewId, filter.queryId ?? null, filter.search] as const;

export function loadBoard(viewId: number, filter: KanbanFilter): Promise<KanbanBoard> {
  return apiCall(kanbanRoutes.loadKanbanBoard, {
    body: { viewId, queryId: filter.queryId, search: filter.search || undefined },
  });
}

/** How long a loaded board is fresh (the page's query and the arrival prefetch agree). */
export const BOARD_STALE_MS = 30_000;

/** A board's first cards asked for on arrival, alongside the page's code (app/routePreload.ts). */
export function prefetchBoard(queryClient: QueryClient, viewId: number): Promise<void> {
  const filter: KanbanFilter = { queryId: undefined, search: '' };
  return queryClient.prefetchQuery({
    queryKey: kanbanBoardKey(viewId, filter),
    queryFn: () => loadBoard(viewId, filter),
    staleTime: BOARD_STALE_MS,
  });
}

export function loadSwimlanes(viewId: number, filter: KanbanFilter): Promise<KanbanSwimlanes> {
  return apiCall(kanbanRoutes.loadKanbanSwimlanes, {
    body: { viewId, queryId: filter.queryId, search: filter.search || undefined },
  });
}

export function loadCardsPage(
  viewId: number,
  filter: KanbanFilter,
  source: CardSource,
  after: string | undefined,
): Promise<KanbanCards> {
  return apiCall(kanbanRoutes.loadKanbanCards, {
    body: {
      viewId,
      lane: source.lane,
      responsibleId: source.responsibleId,
      queryId: filter.queryId,
      search: filter.search || undefined,
      after,
    },
  });
}

export type CardPages = InfiniteData<KanbanCards, string | undefined>;

/** The key's lane and responsible (kanbanCardsKey's last two parts). */
function sourceOfKey(key: readonly unknown[]): { lane: string; responsible: unknown } {
  return { lane: String(key[4]), responsible: key[5] };
}

/** Whether a card (by its lane and responsible) belongs in the card list cached under `key`. */
function belongs(key: readonly unknown[], lane: string | null, row: ListRow): boolean {
  const source = sourceOfKey(key);
  if (source.lane !== lane) return false;
  return source.responsible === WHOLE_LANE || source.responsible === row.ResponsibleID;
}

/** What the card lists of a board held before a move: put back as they were when the move is refused. */
export type CardsSnapshot = Array<[readonly unknown[], CardPages | undefined]>;

/**
 * A card placed in the lane `to` (null: it left the board's lanes): out of every card list of the board that
 * holds it, on top of those it now belongs in (its lane, and its responsible's cell). Keyset pages stay valid
 * (each cursor is its page's last card), so no page is reloaded. Answers the lists as they were.
 */
export function placeCard(
  client: QueryClient,
  viewId: number,
  filter: KanbanFilter,
  row: ListRow,
  users: KanbanCards['users'],
  to: string | null,
): CardsSnapshot {
  const snapshot: CardsSnapshot = [];
  for (const query of client.getQueryCache().findAll({ queryKey: kanbanCardsPrefix(viewId, filter) })) {
    const key = query.queryKey;
    const data = client.getQueryData<CardPages>(key);
    if (!data) continue;
    const holds = data.pages.some((page) => page.cards.some((card) => card.ID === row.ID));
    const takes = belongs(key, to, row) && data.pages.length > 0;
    if (!holds && !takes) continue;
    snapshot.push([key, data]);
    const pages = data.pages.map((page) => ({
      ...page,
      cards: page.cards.filter((card) => card.ID !== row.ID),
    }));
    if (takes) {
      const first = pages[0]!;
      // The page's users object stays when it knows them all: its cards' content is not redrawn.
      const knows = Object.keys(users).every((id) => id in first.users);
      pages[0] = {
        ...first,
        cards: [row, ...first.cards],
        users: knows ? first.users : { ...first.users, ...users },
      };
    }
    client.setQueryData<CardPages>(key, { ...data, pages });
  }
  return snapshot;
}

/** The card lists as they were before a refused move. */
export function restoreCards(client: QueryClient, snapshot: CardsSnapshot) {
  for (const [key, data] of snapshot) client.setQueryData(key, data);
}

/** Lane counts on the board: the given ones set, or (no counts) one card moved from a lane to another. */
export function updateCounts(
  client: QueryClient,
  viewId: number,
  filter: KanbanFilter,
  change: { counts: Array<{ value: string; count: number; capped: boolean }> } | { from: string; to: string },
) {
  client.setQueryData<KanbanBoard>(kanbanBoardKey(viewId, filter), (board) => {
    if (!board) return board;
    const lanes = board.lanes.map((lane) => {
      if ('counts' in change) {
        const counted = change.counts.find((entry) => entry.value === lane.value);
        return counted ? { ...lane, count: counted.count, capped: counted.capped } : lane;
      }
      if (lane.capped) return lane;
      if (lane.value === change.from) return { ...lane, count: Math.max(0, lane.count - 1) };
      if (lane.value === change.to) return { ...lane, count: lane.count + 1 };
      return lane;
    });
    return { ...board, lanes };
  });
}
