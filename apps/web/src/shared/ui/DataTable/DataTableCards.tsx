import { Box, Checkbox, Link as MuiLink, Paper, Typography } from '@mui/material';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTableCellContent, useFormatContext } from './DataTableCellContent.tsx';
import type { DataTableColumn, DataTableRow } from './dataTableTypes.ts';
import { RowActionButtons } from './RowActionButtons.tsx';
import { isRowOpenClick } from './rowOpenTarget.ts';

/**
 * The rows as cards, for narrow screens (a phone is narrower than the table's first two columns): each card
 * names its row, links to it, and lists every visible column as a label and its value.
 */
export function DataTableCards({
  title,
  columns,
  rows,
  emptyText,
  isSelected,
  onToggleSelected,
  getEditHref,
  renderRowActions,
  onOpenRow,
}: {
  title: string;
  columns: readonly DataTableColumn[];
  rows: readonly DataTableRow[];
  /** Shown without rows ('' while loading). */
  emptyText: string;
  isSelected?: (row: DataTableRow) => boolean;
  onToggleSelected?: (row: DataTableRow) => void;
  getEditHref?: (row: DataTableRow) => string;
  renderRowActions?: (row: DataTableRow) => ReactNode;
  onOpenRow?: (row: DataTableRow) => void;
}) {
  const { t } = useTranslation();
  const formatContext = useFormatContext();
  if (rows.length === 0) {
    return (
      <Typography align="center" sx={{ py: 4 }}>
        {emptyText}
      </Typography>
    );
  }
  const handleClick = (row: DataTableRow) => (event: MouseEvent<HTMLElement>) => {
    if (onOpenRow && isRowOpenClick(event.target, event.currentTarget)) onOpenRow(row);
  };
  const handleKeyDown = (row: DataTableRow) => (event: KeyboardEvent<HTMLElement>) => {
    if (onOpenRow && event.key === 'Enter' && event.target === event.currentTarget) onOpenRow(row);
  };
  return (
    <Box component="ul" aria-label={title} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <Paper
          component="li"
          variant="outlined"
          key={row.id}
          data-row-id={row.id}
          tabIndex={onOpenRow ? 0 : undefined}
          onClick={handleClick(row)}
          onKeyDown={handleKeyDown(row)}
          sx={{
            p: 1.5,
            cursor: onOpenRow ? 'pointer' : undefined,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
            {isSelected && onToggleSelected && (
              <Checkbox
                checked={isSelected(row)}
                onChange={() => onToggleSelected(row)}
                sx={{ p: 0.5 }}
                slotProps={{ input: { 'aria-label': t('dataTable.selectRow', { name: row.label }) } }}
              />
            )}
            <Typography component="h2" variant="subtitle1" sx={{ flex: 1, fontWeight: 'bold', minWidth: 0 }}>
              {getEditHref ? (
                <MuiLink component={Link} to={getEditHref(row)}>
                  {row.label}
                </MuiLink>
              ) : (
                row.label
              )}
            </Typography>
            <RowActionButtons row={row} getEditHref={getEditHref} renderRowActions={renderRowActions} />
          </Box>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(6rem, 40%) 1fr',
              columnGap: 1,
              rowGap: 0.5,
              m: 0,
            }}
          >
            {columns.map((column) => (
              <Box key={column.name} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {column.header}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  <DataTableCellContent column={column} row={row} context={formatContext} />
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
