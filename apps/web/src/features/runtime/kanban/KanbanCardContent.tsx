import type { ColumnDefinition, ListRow, ListUser } from '@der/contracts';
import { Avatar, Box, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { DueChip } from '../../../shared/ui/DueChip.tsx';
import { formatCellText } from '../format/formatCellText.ts';
import type { FormatContext } from '../format/formatContext.ts';
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
 * view's card fields as the lists format them, and its responsible. The drag handle is the caller's.
 */
export function KanbanCardContent({
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
    <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {row.FormattedID}
      </Typography>
      {href ? (
        <Link
          component={RouterLink}
          to={href}
          underline="hover"
          sx={{ fontWeight: 500, wordBreak: 'break-word' }}
        >
          {title}
        </Link>
      ) : (
        <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{title}</Typography>
      )}
      {/* The status deadline (due / due soon / overdue), as lists and forms show it. */}
      <DueChip dueAt={row.DueDate} dueSoonAt={row.DueSoonDate} />
      {fields
        .filter((column) => column.name !== 'ResponsibleName')
        .map((column) => {
          const text = formatCellText(column, cells.values[column.name], cells.display[column.name], context);
          return text ? (
            <Typography
              key={column.name}
              variant="body2"
              color="text.secondary"
              noWrap
              title={`${column.header}: ${text}`}
            >
              <Box component="span" sx={{ fontWeight: 500 }}>
                {column.header}:
              </Box>{' '}
              {text}
            </Typography>
          ) : null;
        })}
      {row.ResponsibleName && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Avatar src={responsible?.avatar || undefined} alt="" sx={{ width: 20, height: 20, fontSize: 12 }}>
            {row.ResponsibleName.charAt(0)}
          </Avatar>
          <Typography variant="body2" noWrap>
            {row.ResponsibleName}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
