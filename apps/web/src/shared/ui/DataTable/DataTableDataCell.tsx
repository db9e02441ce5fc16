import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, type SxProps, TableCell, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatCellText } from '../../format/formatCellText.ts';
import { CellEditor } from './CellEditor.tsx';
import { cellPresentationOf, DataTableCellContent, useFormatContext } from './DataTableCellContent.tsx';
import type { DataTableColumn, DataTableRow } from './dataTableTypes.ts';

/** The key a cell's edit button carries, so focus can return to it after the editor closes. */
export const editCellKey = (row: DataTableRow, column: DataTableColumn) => `${row.id}:${column.name}`;

/**
 * One value cell: the formatted value, and for in-grid editable columns an edit button (also a double click)
 * that swaps the cell for its editor.
 */
export function DataTableDataCell({
  row,
  column,
  editable,
  editing,
  onStartEdit,
  onSave,
  onCloseEditor,
  sx,
}: {
  row: DataTableRow;
  column: DataTableColumn;
  editable: boolean;
  editing: boolean;
  onStartEdit: () => void;
  onSave: (value: unknown) => Promise<void>;
  onCloseEditor: () => void;
  /** Extra style of the cell (a sticky first column). */
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const formatContext = useFormatContext();
  const align = cellPresentationOf(column.type) === 'number' ? 'right' : 'left';
  if (editing) {
    return (
      <TableCell align={align} data-no-row-open sx={sx}>
        <CellEditor column={column} row={row} onSave={onSave} onClose={onCloseEditor} />
      </TableCell>
    );
  }
  const text = formatCellText(column, row.values[column.name], row.display[column.name], formatContext);
  return (
    <TableCell
      align={align}
      title={text || undefined}
      onDoubleClick={editable ? onStartEdit : undefined}
      // A click on an in-grid editable cell is the first of a double click that edits it: it opens no item.
      data-no-row-open={editable ? '' : undefined}
      sx={[{ overflow: 'hidden', textOverflow: 'ellipsis' }, ...(Array.isArray(sx) ? sx : [sx ?? false])]}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          justifyContent: align === 'right' ? 'flex-end' : 'flex-start',
          '& .edit-cell': { opacity: 0.35 },
          '&:hover .edit-cell, & .edit-cell:focus-visible': { opacity: 1 },
        }}
      >
        <Box sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          <DataTableCellContent column={column} row={row} context={formatContext} />
        </Box>
        {editable && (
          <IconButton
            className="edit-cell"
            data-no-print
            data-edit-cell={editCellKey(row, column)}
            size="small"
            aria-label={t('dataTable.editCell', { column: column.header, name: row.label })}
            onClick={onStartEdit}
          >
            <EditIcon sx={{ fontSize: 16 }} />
          </IconButton>
        )}
      </Box>
    </TableCell>
  );
}
