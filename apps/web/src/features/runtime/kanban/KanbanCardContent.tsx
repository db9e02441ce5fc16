import type { ColumnDefinition, ListRow, ListUser } from '@der/contracts';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatCellText } from '../../../shared/format/formatCellText.ts';
import type { FormatContext } from '../../../shared/format/formatContext.ts';
import { DueChip } from '../../../shared/ui/DueChip.tsx';
import { toDataTableRow } from '../list/toDataTableRow.ts';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The colour that marks a card: its colour field's choice, else its status', else the lane's. */
export function cardColour(row: ListRow, colorField: string | null, laneColour: string): string {
  const choice = colorField ? row.display[colorField]?.[0]?.color : null;
  const colour = choice ?? (colorField === 'StatusName' ? row.StatusColor : null) ?? laneColour;
  return colour && HEX_COLOUR.test(colour) ? colour : laneColour;
}

/**
 * What a card shows (spec §2.9 kanban): its formatted id, title (a link to the item's form), its deadline, the
 * view's card fields as the lists format them, and its responsible. Plain elements styled by the board's
 * classes (kanbanStyles.ts), not a tree of styled components: a board draws hundreds of them as it scrolls.
 * Memoised: a drag re-renders the draggable around it, not this. The drag handle is the caller's.
 */
export const KanbanCardContent = memo(function KanbanCardContent({
  row,
  users,
  fields,
  href,
  context,
}: {
  row: ListRow;
  users: Record<string, ListUser>;
  fields: readonly ColumnDefinition[];
  href: string | null;
  context: FormatContext;
}) {
  const cells = toDataTableRow(row, fields, users);
  const title = row.Title || row.FormattedID || `#${row.ID}`;
  const responsible = row.ResponsibleID === null ? undefined : users[String(row.ResponsibleID)];
  return (
    <div className="kanban-card-body">
      <span className="kanban-card-id">{row.FormattedID}</span>
      {href ? (
        <RouterLink className="kanban-card-title" to={href}>
          {title}
        </RouterLink>
      ) : (
        <span className="kanban-card-title">{title}</span>
      )}
      {/* The status deadline (due / due soon / overdue), as lists and forms show it. */}
      {row.DueDate && <DueChip dueAt={row.DueDate} dueSoonAt={row.DueSoonDate} />}
      {fields
        .filter((column) => column.name !== 'ResponsibleName')
        .map((column) => {
          const text = formatCellText(column, cells.values[column.name], cells.display[column.name], context);
          return text ? (
            <span key={column.name} className="kanban-card-field" title={`${column.header}: ${text}`}>
              <b>{column.header}:</b> {text}
            </span>
          ) : null;
        })}
      {row.ResponsibleName && (
        <span className="kanban-card-responsible">
          {responsible?.avatar ? (
            <img className="kanban-card-avatar" src={responsible.avatar} alt="" />
          ) : (
            <span className="kanban-card-avatar" aria-hidden>
              {row.ResponsibleName.charAt(0)}
            </span>
          )}
          <span className="kanban-card-name">{row.ResponsibleName}</span>
        </span>
      )}
    </div>
  );
});
