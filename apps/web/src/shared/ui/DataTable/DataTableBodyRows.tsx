import { Box, TableCell, TableRow } from '@mui/material';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { DataTableRow } from './dataTableTypes.ts';
import { isRowOpenClick } from './rowOpenTarget.ts';

const openableRowSx = {
  cursor: 'pointer',
  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
};

/**
 * A row of the table. With `onOpen`, a click on the row (not on a control in it) or Enter on the focused row
 * opens the item.
 */
export function DataTableBodyRow({
  row,
  selected,
  onOpen,
  children,
}: {
  row: DataTableRow;
  selected: boolean;
  onOpen: ((row: DataTableRow) => void) | undefined;
  children: ReactNode;
}) {
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (onOpen && isRowOpenClick(event.target, event.currentTarget)) onOpen(row);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Enter on the focused row itself: on a control inside it, the control answers.
    if (onOpen && event.key === 'Enter' && event.target === event.currentTarget) onOpen(row);
  };
  return (
    <TableRow
      hover
      selected={selected}
      data-row-id={row.id}
      data-position={row.position}
      tabIndex={onOpen ? 0 : undefined}
      onClick={handleClick}
      onKeyDown={handleKeyDown}
      sx={onOpen ? openableRowSx : undefined}
    >
      {children}
    </TableRow>
  );
}

/** The one row of an empty table, its text centred in the part of the table on screen. */
export function EmptyTableRow({
  columnCount,
  visibleWidth,
  text,
}: {
  columnCount: number;
  visibleWidth: number | null;
  text: string;
}) {
  return (
    <TableRow>
      <TableCell colSpan={columnCount} sx={{ p: 0 }}>
        {/* Centred in the visible part, not in the whole (maybe 2 000 px) row. */}
        <Box
          sx={{ position: 'sticky', left: 0, py: 4, textAlign: 'center' }}
          style={{ width: visibleWidth ?? '100%' }}
        >
          {text}
        </Box>
      </TableCell>
    </TableRow>
  );
}
