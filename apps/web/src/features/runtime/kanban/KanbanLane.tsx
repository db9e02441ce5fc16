import type { ColumnDefinition, KanbanLaneView } from '@der/contracts';
import { useDroppable } from '@dnd-kit/core';
import { Paper } from '@mui/material';
import { memo, useId } from 'react';
import type { FormatContext } from '../../../shared/format/formatContext.ts';
import { KanbanCardList } from './KanbanCardList.tsx';
import { KanbanLaneHeader } from './KanbanLaneHeader.tsx';
import type { KanbanFilter } from './kanbanQueries.ts';
import { LANE_ID_PREFIX } from './laneKeyboardCoordinates.ts';

/** While a card is dragged: whether a lane can take it (null: not known yet, or nothing dragged). */
export type LaneDragState = 'reachable' | 'unreachable' | 'origin' | null;

/** How a lane looks while a card is dragged: no action of the user takes it there, or it is under the card. */
export function laneDragSx(dragState: LaneDragState, isOver: boolean) {
  const disabled = dragState === 'unreachable';
  return {
    opacity: disabled ? 0.45 : 1,
    outline: isOver && !disabled ? 2 : 0,
    outlineColor: 'primary.main',
    outlineStyle: 'solid',
  } as const;
}

/**
 * One lane (spec §2.9 kanban): its heading, its cards (KanbanCardList: keyset pages, virtualised, the first
 * page from the board), a droppable area shown disabled while a card no action of the user takes here is
 * dragged. Memoised: a drag re-renders the lanes whose state changes, not the others.
 */
export const KanbanLane = memo(function KanbanLane({
  viewId,
  filter,
  lane,
  boardAt,
  fields,
  colorField,
  hrefOf,
  onCreate,
  context,
  dragState,
  movingId,
}: {
  viewId: number;
  filter: KanbanFilter;
  lane: KanbanLaneView;
  /** When the board (with the lane's first page) was loaded. */
  boardAt: number;
  fields: readonly ColumnDefinition[];
  colorField: string | null;
  hrefOf: (itemId: number) => string | null;
  onCreate: ((lane: string) => void) | null;
  context: FormatContext;
  dragState: LaneDragState;
  movingId: number | null;
}) {
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({
    id: `${LANE_ID_PREFIX}${lane.value}`,
    data: { lane: lane.value },
  });
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      aria-disabled={dragState === 'unreachable' || undefined}
      data-testid={`kanban-lane-${lane.value}`}
      data-reachable={dragState === null ? undefined : String(dragState !== 'unreachable')}
      data-over={isOver || undefined}
      variant="outlined"
      sx={{
        width: 300,
        flex: '0 0 300px',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        borderTop: 4,
        borderTopColor: lane.color,
        ...laneDragSx(dragState, isOver),
      }}
    >
      <KanbanLaneHeader
        id={headingId}
        name={lane.name}
        count={lane.count}
        capped={lane.capped}
        onCreate={onCreate ? () => onCreate(lane.value) : null}
      />
      <KanbanCardList
        viewId={viewId}
        filter={filter}
        source={{ lane: lane.value }}
        firstPage={lane.firstPage}
        firstPageAt={boardAt}
        laneColour={lane.color}
        colorField={colorField}
        fields={fields}
        hrefOf={hrefOf}
        context={context}
        movingId={movingId}
        labelledBy={headingId}
        dropRef={setNodeRef}
      />
    </Paper>
  );
});
