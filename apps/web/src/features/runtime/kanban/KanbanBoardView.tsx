import type { KanbanBoard } from '@der/contracts';
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert, Box } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatContext } from '../../../shared/ui/DataTable/DataTableCellContent.tsx';
import type { DraggedCard } from './KanbanCard.tsx';
import { KanbanCardContent } from './KanbanCardContent.tsx';
import { KanbanLane, type LaneDragState } from './KanbanLane.tsx';
import { KanbanSwimlaneGrid } from './KanbanSwimlaneGrid.tsx';
import type { KanbanFilter } from './kanbanQueries.ts';
import { kanbanCardStyles } from './kanbanStyles.ts';
import { laneKeyboardCoordinates } from './laneKeyboardCoordinates.ts';
import { useKanbanDrop } from './useKanbanDrop.tsx';

/** The pointer must travel this far before a press becomes a drag: a click on the title still opens it. */
const DRAG_DISTANCE_PX = 6;

/** Under the pointer when there is one; the nearest lane for the keyboard. */
const laneCollision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : closestCenter(args);
};

const laneOf = (data: unknown): string | null =>
  data && typeof data === 'object' && 'lane' in data && typeof data.lane === 'string' ? data.lane : null;

/**
 * The lanes of a board side by side — or, with swimlanes, as the columns of a grid with a row per responsible
 * — cards dragged between them with the pointer or the keyboard (dnd-kit). The dragged card is drawn in an
 * overlay, so a lane may virtualise it away while it is carried.
 */
export function KanbanBoardView({
  board,
  boardAt,
  filter,
  swimlanes,
  hrefOf,
  onCreate,
}: {
  board: KanbanBoard;
  /** When the board was loaded (its lanes' first pages are as fresh). */
  boardAt: number;
  filter: KanbanFilter;
  swimlanes: boolean;
  hrefOf: (itemId: number) => string | null;
  onCreate: ((lane: string) => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const formatContext = useFormatContext();
  // One object per language: the memoised cards re-render when the language changes, not on each drag.
  // biome-ignore lint/correctness/useExhaustiveDependencies: formatContext is rebuilt on every render
  const context = useMemo(() => formatContext, [i18n.language]);
  const [active, setActive] = useState<DraggedCard | null>(null);
  const drop = useKanbanDrop(board, filter);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_DISTANCE_PX } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: laneKeyboardCoordinates,
      keyboardCodes: { start: ['Space', 'Enter'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const nameOf = (id: unknown) => board.lanes.find((lane) => lane.value === id)?.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active: dragged }) =>
      t('kanban.announce.start', {
        title: (dragged.data.current as DraggedCard | undefined)?.row.Title ?? '',
      }),
    onDragOver: ({ over }) =>
      over
        ? t('kanban.announce.over', { lane: nameOf(laneOf(over.data.current)) })
        : t('kanban.announce.outside'),
    onDragEnd: ({ over }) =>
      over
        ? t('kanban.announce.dropped', { lane: nameOf(laneOf(over.data.current)) })
        : t('kanban.announce.cancel'),
    onDragCancel: () => t('kanban.announce.cancel'),
  };

  const handleDragStart = (event: DragStartEvent) => {
    const card = event.active.data.current as DraggedCard | undefined;
    if (!card) return;
    setActive(card);
    drop.pickUp(card);
  };
  const handleDragEnd = (event: DragEndEvent) => {
    const card = active;
    setActive(null);
    if (card) void drop.drop(card, event.over ? laneOf(event.over.data.current) : null);
  };
  const handleDragCancel = () => {
    setActive(null);
    drop.cancel();
  };

  const { reachable } = drop;
  const stateOf = useCallback(
    (lane: string): LaneDragState => {
      if (!active || !reachable) return null;
      if (lane === active.lane) return 'origin';
      return reachable.has(lane) ? 'reachable' : 'unreachable';
    },
    [active, reachable],
  );

  return (
    <>
      {drop.refusal && (
        <Alert severity="error" role="alert" onClose={drop.clearRefusal}>
          {drop.refusal}
        </Alert>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={laneCollision}
        onDragStart={handleDragStart}
        onDragEnd={handleDragEnd}
        onDragCancel={handleDragCancel}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('kanban.instructions') },
        }}
      >
        <Box sx={kanbanCardStyles}>
          {swimlanes ? (
            <KanbanSwimlaneGrid
              board={board}
              filter={filter}
              fields={board.cardFields}
              hrefOf={hrefOf}
              onCreate={board.formId !== null ? onCreate : null}
              context={context}
              dragStateOf={stateOf}
              movingId={drop.movingId}
            />
          ) : (
            <Box
              sx={{
                display: 'flex',
                gap: 2,
                overflowX: 'auto',
                pb: 1,
                height: 'calc(100vh - 240px)',
                minHeight: 360,
                // The lanes scroll inside the board: their width must not widen the page (and the shell) around it.
                contain: 'inline-size',
              }}
            >
              {board.lanes.map((lane) => (
                <KanbanLane
                  key={lane.value}
                  viewId={board.viewId}
                  filter={filter}
                  lane={lane}
                  boardAt={boardAt}
                  fields={board.cardFields}
                  colorField={board.colorField}
                  hrefOf={hrefOf}
                  onCreate={lane.allowCreate && board.formId !== null ? onCreate : null}
                  context={context}
                  dragState={stateOf(lane.value)}
                  movingId={drop.movingId}
                />
              ))}
            </Box>
          )}
          <DragOverlay>
            {active && (
              <div className="kanban-card" style={{ borderLeftColor: active.colour, width: 280 }}>
                <KanbanCardContent
                  row={active.row}
                  users={active.users}
                  fields={board.cardFields}
                  href={null}
                  context={context}
                />
              </div>
            )}
          </DragOverlay>
        </Box>
      </DndContext>
      {drop.dialog}
    </>
  );
}
