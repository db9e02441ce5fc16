import type { ColumnDefinition, KanbanLaneView } from '@der/contracts';
import { useDroppable } from '@dnd-kit/core';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Chip, IconButton, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import type { FormatContext } from '../format/formatContext.ts';
import { type DraggedCard, KanbanCard } from './KanbanCard.tsx';
import { cardColour } from './KanbanCardContent.tsx';
import { type KanbanFilter, kanbanLaneKey, loadLanePage } from './kanbanQueries.ts';
import { LANE_ID_PREFIX } from './laneKeyboardCoordinates.ts';

/** A card's height before it is measured (title, two fields, responsible). */
const ESTIMATED_CARD_HEIGHT = 112;
/** Cards drawn beyond the visible ones, so a quick scroll shows no gap. */
const OVERSCAN = 6;
/** A header row of a responsible's cards (swimlanes). */
type Entry = { kind: 'card'; card: DraggedCard } | { kind: 'group'; name: string; key: string };

/**
 * One lane (spec §2.9 kanban): its name, colour and count (the server's, capped as the lists are), its cards
 * by keyset pages loaded as it scrolls, virtualised (only the visible cards are in the page), a droppable area
 * shown disabled while a card no action of the user takes here is dragged; swimlanes group its cards by
 * responsible.
 */
export function KanbanLane({
  viewId,
  filter,
  lane,
  fields,
  colorField,
  swimlanes,
  hrefOf,
  onCreate,
  context,
  dragState,
  movingId,
}: {
  viewId: number;
  filter: KanbanFilter;
  lane: KanbanLaneView;
  fields: readonly ColumnDefinition[];
  colorField: string | null;
  swimlanes: boolean;
  hrefOf: (itemId: number) => string | null;
  onCreate: (() => void) | null;
  context: FormatContext;
  /** While a card is dragged: whether this lane can take it (null: not known yet, or nothing dragged). */
  dragState: 'reachable' | 'unreachable' | 'origin' | null;
  movingId: number | null;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { setNodeRef, isOver } = useDroppable({
    id: `${LANE_ID_PREFIX}${lane.value}`,
    data: { lane: lane.value },
  });
  const cards = useInfiniteQuery({
    queryKey: kanbanLaneKey(viewId, filter, lane.value),
    queryFn: ({ pageParam }) => loadLanePage(viewId, filter, lane.value, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });

  const entries = useMemo<Entry[]>(() => {
    const all = (cards.data?.pages ?? []).flatMap((page) =>
      page.cards.map(
        (row): DraggedCard => ({
          row,
          users: page.users,
          lane: lane.value,
          colour: cardColour(row, colorField, lane.color),
        }),
      ),
    );
    if (!swimlanes) return all.map((card) => ({ kind: 'card', card }));
    const groups = new Map<string, DraggedCard[]>();
    for (const card of all) {
      const name = card.row.ResponsibleName ?? '';
      groups.set(name, [...(groups.get(name) ?? []), card]);
    }
    return [...groups.entries()]
      .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
      .flatMap(([name, group]): Entry[] => [
        { kind: 'group', name: name || t('kanban.noResponsible'), key: `group:${name}` },
        ...group.map((card): Entry => ({ kind: 'card', card })),
      ]);
  }, [cards.data, swimlanes, lane.value, lane.color, colorField, t]);

  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (entries[index]?.kind === 'group' ? 32 : ESTIMATED_CARD_HEIGHT),
    overscan: OVERSCAN,
    getItemKey: (index) => {
      const entry = entries[index]!;
      return entry.kind === 'group' ? entry.key : entry.card.row.ID;
    },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = cards;
  useEffect(() => {
    // The next page when the last loaded cards come into view.
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entries.length - OVERSCAN) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, entries.length]);

  const disabled = dragState === 'unreachable';
  const count = lane.capped ? `${lane.count}+` : String(lane.count);
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      aria-disabled={disabled || undefined}
      data-testid={`kanban-lane-${lane.value}`}
      data-reachable={dragState === null ? undefined : String(dragState !== 'unreachable')}
      variant="outlined"
      sx={{
        width: 300,
        flex: '0 0 300px',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        borderTop: 4,
        borderTopColor: lane.color,
        opacity: disabled ? 0.45 : 1,
        outline: isOver && !disabled ? 2 : 0,
        outlineColor: 'primary.main',
        outlineStyle: 'solid',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {lane.name}{' '}
          <Box
            component="span"
            sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {t('kanban.laneCount', { count: lane.count })}
          </Box>
        </Typography>
        <Chip size="small" label={count} aria-hidden />
        {onCreate && (
          <IconButton size="small" onClick={onCreate} aria-label={t('kanban.newCard', { lane: lane.name })}>
            <AddIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {(cards.isFetching || isFetchingNextPage) && <LinearProgress aria-label={t('kanban.loading')} />}
      {cards.isError && (
        <Alert severity="error" sx={{ m: 1 }}>
          {getErrorMessage(cards.error)}
        </Alert>
      )}
      <Box
        ref={(node: HTMLDivElement | null) => {
          scrollRef.current = node;
          setNodeRef(node);
        }}
        sx={{ flex: 1, overflowY: 'auto', minHeight: 160, px: 1, pb: 1 }}
      >
        {cards.data && entries.length === 0 ? (
          <Typography variant="body2" color="text.secondary" align="center" sx={{ py: 3 }}>
            {t('kanban.emptyLane')}
          </Typography>
        ) : (
          <Box
            role="list"
            aria-labelledby={headingId}
            sx={{ position: 'relative', height: virtualizer.getTotalSize() }}
          >
            {items.map((item) => {
              const entry = entries[item.index]!;
              return (
                <Box
                  key={item.key}
                  role="listitem"
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  sx={{ position: 'absolute', top: 0, left: 0, width: '100%', pb: 1 }}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {entry.kind === 'group' ? (
                    <Typography variant="overline" component="h3" color="text.secondary" noWrap>
                      {entry.name}
                    </Typography>
                  ) : (
                    <KanbanCard
                      card={entry.card}
                      fields={fields}
                      href={hrefOf(entry.card.row.ID)}
                      context={context}
                      moving={movingId === entry.card.row.ID}
                    />
                  )}
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
    </Paper>
  );
}
