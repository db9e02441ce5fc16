import type { ColumnDefinition, KanbanCards, ListRow } from '@der/contracts';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import type { FormatContext } from '../../../shared/format/formatContext.ts';
import { type DraggedCard, KanbanCard } from './KanbanCard.tsx';
import { cardColour } from './KanbanCardContent.tsx';
import type { CardSource, KanbanFilter } from './kanbanQueries.ts';
import { useKanbanCards } from './useKanbanCards.ts';

/** A card's height before it is measured (id, title, two fields, responsible). */
const ESTIMATED_CARD_HEIGHT = 132;
/** Cards drawn beyond the visible ones, so a quick scroll shows no gap. */
const OVERSCAN = 4;
/** The list's size before the browser measured it: the first render already draws the visible cards. */
const INITIAL_RECT = { width: 280, height: 640 };

/**
 * The cards of a lane or of a swimlane cell (spec §2.9 kanban): keyset pages loaded as it scrolls, virtualised
 * (only the visible cards are in the page). The first page may come with the board (`firstPage`): then the
 * first paint asks nothing more. `dropRef` makes the scrolling area the droppable.
 */
export function KanbanCardList({
  viewId,
  filter,
  source,
  firstPage,
  firstPageAt,
  laneColour,
  colorField,
  fields,
  hrefOf,
  context,
  movingId,
  labelledBy,
  dropRef,
  maxHeight,
}: {
  viewId: number;
  filter: KanbanFilter;
  source: CardSource;
  firstPage?: KanbanCards | undefined;
  /** When the board holding `firstPage` was loaded (the page is as fresh as it). */
  firstPageAt?: number | undefined;
  laneColour: string;
  colorField: string | null;
  fields: readonly ColumnDefinition[];
  hrefOf: (itemId: number) => string | null;
  context: FormatContext;
  movingId: number | null;
  labelledBy: string;
  dropRef: (node: HTMLElement | null) => void;
  /** A swimlane cell scrolls within this height; a lane fills its column. */
  maxHeight?: number;
}) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const cards = useKanbanCards(viewId, filter, source, firstPage, firstPageAt);

  // The same card object for the same row: a page change (a card moved in or out) redraws only what changed.
  const known = useRef(new WeakMap<ListRow, DraggedCard>());
  const entries = useMemo<DraggedCard[]>(() => {
    // A card moved in on top may come again in a later page (its place in the order): drawn once.
    const seen = new Set<number>();
    return (cards.data?.pages ?? []).flatMap((page) =>
      page.cards.flatMap((row): DraggedCard[] => {
        if (seen.has(row.ID)) return [];
        seen.add(row.ID);
        const colour = cardColour(row, colorField, laneColour);
        const previous = known.current.get(row);
        if (previous?.users === page.users && previous.lane === source.lane && previous.colour === colour)
          return [previous];
        const card = { row, users: page.users, lane: source.lane, colour };
        known.current.set(row, card);
        return [card];
      }),
    );
  }, [cards.data, source.lane, laneColour, colorField]);

  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: OVERSCAN,
    initialRect: maxHeight ? { ...INITIAL_RECT, height: maxHeight } : INITIAL_RECT,
    getItemKey: (index) => entries[index]!.row.ID,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = cards;
  useEffect(() => {
    // The next page when the last loaded cards come into view.
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entries.length - OVERSCAN) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, entries.length]);

  return (
    <>
      {(cards.isFetching || isFetchingNextPage) && <LinearProgress aria-label={t('kanban.loading')} />}
      {cards.isError && (
        <Alert severity="error" sx={{ m: 1 }}>
          {getErrorMessage(cards.error)}
        </Alert>
      )}
      <Box
        ref={(node: HTMLDivElement | null) => {
          scrollRef.current = node;
          dropRef(node);
        }}
        sx={{
          flex: 1,
          overflowY: 'auto',
          minHeight: maxHeight ? 96 : 160,
          maxHeight,
          px: 1,
          pb: 1,
        }}
      >
        {cards.data && entries.length === 0 ? (
          <Typography variant="body2" color="text.secondary" align="center" sx={{ py: 3 }}>
            {t('kanban.emptyLane')}
          </Typography>
        ) : (
          <ul
            aria-labelledby={labelledBy}
            className="kanban-card-list"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => {
              const entry = entries[item.index]!;
              return (
                <li
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="kanban-card-slot"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <KanbanCard
                    card={entry}
                    fields={fields}
                    href={hrefOf(entry.row.ID)}
                    context={context}
                    moving={movingId === entry.row.ID}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </Box>
    </>
  );
}
