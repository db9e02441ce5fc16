import { useQuery } from '@tanstack/react-query';
import { type KanbanFilter, kanbanBoardKey, loadBoard } from './kanbanQueries.ts';

/**
 * The unfiltered board of a view, asked for the application that holds it. Under the board's own key, so the
 * board page opened next starts from it.
 */
export function useKanbanBoardOwner(viewId: number) {
  const filter: KanbanFilter = { queryId: undefined, search: '' };
  return useQuery({
    queryKey: kanbanBoardKey(viewId, filter),
    queryFn: () => loadBoard(viewId, filter),
    enabled: viewId > 0,
  });
}
