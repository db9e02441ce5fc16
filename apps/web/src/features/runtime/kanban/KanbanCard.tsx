import type { ColumnDefinition, ListRow, ListUser } from '@der/contracts';
import { useDraggable } from '@dnd-kit/core';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { CircularProgress, IconButton, Paper } from '@mui/material';
import { type KeyboardEventHandler, memo, type PointerEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormatContext } from '../format/formatContext.ts';
import { KanbanCardContent } from './KanbanCardContent.tsx';

/** What a drag carries: the card and the lane it left. */
export interface DraggedCard {
  row: ListRow;
  users: Record<string, ListUser>;
  lane: string;
  colour: string;
}

/**
 * A card on the board: a pointer drags it from anywhere but its link; the keyboard from its handle (Space
 * picks it up, arrows move it between lanes, Space drops, Escape cancels). Memoised: a drag re-renders the
 * lanes' styles, not every card (peers re-render each card on each drag).
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
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid={`kanban-card-${row.ID}`}
      onPointerDown={handlePointerDown}
      sx={{
        display: 'flex',
        gap: 0.5,
        p: 1,
        borderLeft: 4,
        borderLeftColor: card.colour,
        opacity: isDragging || moving ? 0.5 : 1,
        cursor: 'grab',
        touchAction: 'manipulation',
      }}
    >
      <KanbanCardContent row={row} users={card.users} fields={fields} href={href} context={context} />
      {moving ? (
        <CircularProgress size={20} aria-label={t('kanban.moving')} />
      ) : (
        <IconButton
          size="small"
          {...attributes}
          onKeyDown={handleKeyDown}
          aria-label={t('kanban.moveCard', { title })}
          sx={{ alignSelf: 'flex-start', cursor: 'grab' }}
        >
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
      )}
    </Paper>
  );
});
