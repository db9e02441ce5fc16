import type { ColumnDefinition, ListRow, ListUser } from '@der/contracts';
import { useDraggable } from '@dnd-kit/core';
import { CircularProgress } from '@mui/material';
import { type KeyboardEventHandler, memo, type PointerEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormatContext } from '../../../shared/format/formatContext.ts';
import { KanbanCardContent } from './KanbanCardContent.tsx';

/** What a drag carries: the card and the lane it left. */
export interface DraggedCard {
  row: ListRow;
  users: Record<string, ListUser>;
  lane: string;
  colour: string;
}

/** The drag handle's icon (MUI's DragIndicator path), drawn without a component per card. */
const HANDLE_PATH =
  'M11 18c0 1.1-.9 2-2 2s-2-.9-2-2 .9-2 2-2 2 .9 2 2m-2-8c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0-6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m6 4c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';

/**
 * A card on the board: a pointer drags it from anywhere but its link; the keyboard from its handle (Space
 * picks it up, arrows move it between lanes, Space drops, Escape cancels). dnd-kit re-renders every draggable
 * as a drag moves; this is the small shell it re-renders, the content is memoised (KanbanCardContent), so a
 * drag does not redraw the cards (peers re-render each card on each drag).
 */
export const KanbanCard = memo(function KanbanCard({
  card,
  fields,
  href,
  context,
  moving,
}: {
  card: DraggedCard;
  fields: readonly ColumnDefinition[];
  href: string | null;
  context: FormatContext;
  moving: boolean;
}) {
  const { t } = useTranslation();
  const { row } = card;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `card:${row.ID}`,
    data: card,
    disabled: moving,
  });
  const title = row.Title || row.FormattedID;
  // dnd-kit types its listeners as bare functions: they are React's pointer and keyboard handlers.
  const handlePointerDown = listeners?.onPointerDown as PointerEventHandler | undefined;
  const handleKeyDown = listeners?.onKeyDown as KeyboardEventHandler | undefined;
  return (
    <div
      ref={setNodeRef}
      className="kanban-card"
      data-testid={`kanban-card-${row.ID}`}
      data-dragging={isDragging || moving || undefined}
      aria-busy={moving || undefined}
      onPointerDown={handlePointerDown}
      style={{ borderLeftColor: card.colour }}
    >
      <KanbanCardContent row={row} users={card.users} fields={fields} href={href} context={context} />
      {moving ? (
        <CircularProgress size={20} aria-label={t('kanban.moving')} />
      ) : (
        <button
          type="button"
          className="kanban-card-handle"
          {...attributes}
          onKeyDown={handleKeyDown}
          aria-label={t('kanban.moveCard', { title })}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
            <path d={HANDLE_PATH} fill="currentColor" />
          </svg>
        </button>
      )}
    </div>
  );
});
