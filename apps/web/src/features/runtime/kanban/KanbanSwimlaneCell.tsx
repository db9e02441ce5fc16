import type { ColumnDefinition, KanbanLaneView } from '@der/contracts';
import { useDroppable } from '@dnd-kit/core';
import { Box } from '@mui/material';
import { memo, useId } from 'react';
import type { FormatContext } from '../../../shared/format/formatContext.ts';
import { KanbanCardList } from './KanbanCardList.tsx';
import { type LaneDragState, laneDragSx } from './KanbanLane.tsx';
import type { KanbanFilter } from './kanbanQueries.ts';
import { LANE_ID_PREFIX } from './laneKeyboardCoordinates.ts';

/** A cell scrolls within this height, so a busy responsible does not push the next rows away. */
const CELL_HEIGHT = 380;

/**
 * One cell of the swimlane grid: a responsible's cards in one lane (its own keyset pages, virtualised), a
 * droppable of that lane — dropping moves the card to the lane, its responsible stays the action's to set.
 */
export const KanbanSwimlaneCell = memo(function KanbanSwimlaneCell({
  viewId,
  filter,
  lane,
  responsibleId,
  rowName,
  fields,
  colorField,
  hrefOf,
  context,
  dragState,
  movingId,
}: {
  viewId: number;
  filter: KanbanFilter;
  lane: KanbanLaneView;
  responsibleId: number | null;
  rowName: string;
  fields: readonly ColumnDefinition[];
  colorField: string | null;
  hrefOf: (itemId: number) => string | null;
  context: FormatContext;
  dragState: LaneDragState;
  movingId: number | null;
}) {
  const labelId = useId();
  const { setNodeRef, isOver } = useDroppable({
    id: `${LANE_ID_PREFIX}${lane.value}:${responsibleId ?? 'none'}`,
    data: { lane: lane.value },
  });
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      aria-disabled={dragState === 'unreachable' || undefined}
      data-testid={`kanban-cell-${lane.value}-${responsibleId ?? 'none'}`}
      data-reachable={dragState === null ? undefined : String(dragState !== 'unreachable')}
      data-over={isOver || undefined}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        border: 1,
        borderColor: 'divider',
        borderTop: 3,
        borderTopColor: lane.color,
        borderRadius: 1,
        minWidth: 0,
        ...laneDragSx(dragState, isOver),
      }}
    >
      <Box
        id={labelId}
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {`${lane.name} — ${rowName}`}
      </Box>
      <KanbanCardList
        viewId={viewId}
        filter={filter}
        source={{ lane: lane.value, responsibleId }}
        laneColour={lane.color}
        colorField={colorField}
        fields={fields}
        hrefOf={hrefOf}
        context={context}
        movingId={movingId}
        labelledBy={labelId}
        dropRef={setNodeRef}
        maxHeight={CELL_HEIGHT}
      />
    </Box>
  );
});
