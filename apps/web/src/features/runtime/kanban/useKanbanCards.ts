import type { KanbanCards } from '@der/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type CardSource, type KanbanFilter, kanbanCardsKey, loadCardsPage } from './kanbanQueries.ts';

/**
 * The cards of a lane or swimlane cell, page by page (cursor). A first page that came with the board seeds the
 * cache, as fresh as the board it came in.
 */
export function useKanbanCards(
  viewId: number,
  filter: KanbanFilter,
  source: CardSource,
  firstPage: KanbanCards | undefined,
  firstPageAt: number | undefined,
) {
  return useInfiniteQuery({
    queryKey: kanbanCardsKey(viewId, filter, source),
    queryFn: ({ pageParam }) => loadCardsPage(viewId, filter, source, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: firstPage ? { pages: [firstPage], pageParams: [undefined] } : undefined,
    initialDataUpdatedAt: firstPageAt,
    staleTime: 30_000,
  });
}
