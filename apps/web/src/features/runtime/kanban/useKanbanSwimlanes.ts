import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KanbanFilter, kanbanSwimlanesKey, loadSwimlanes } from './kanbanQueries.ts';

/** A board's swimlanes (one per responsible); the previous rows stay on screen while a new filter loads. */
export function useKanbanSwimlanes(viewId: number, filter: KanbanFilter) {
  return useQuery({
    queryKey: kanbanSwimlanesKey(viewId, filter),
    queryFn: () => loadSwimlanes(viewId, filter),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
