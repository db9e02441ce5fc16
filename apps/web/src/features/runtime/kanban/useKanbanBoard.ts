import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BOARD_STALE_MS, type KanbanFilter, kanbanBoardKey, loadBoard } from './kanbanQueries.ts';

/** A board under a filter; the previous board stays on screen while a new filter loads. */
export function useKanbanBoard(viewId: number, filter: KanbanFilter) {
  return useQuery({
    queryKey: kanbanBoardKey(viewId, filter),
    queryFn: () => loadBoard(viewId, filter),
    enabled: viewId > 0,
    placeholderData: keepPreviousData,
    staleTime: BOARD_STALE_MS,
  });
}
