import { Box, Checkbox, TableCell, TableHead, TableRow, TableSortLabel } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { columnWidthOf } from '../../format/columnWidths.ts';
import { ColumnFilterInput } from './ColumnFilterInput.tsx';
import { cellPresentationOf } from './DataTableCellContent.tsx';
import {
  ACTIONS_COLUMN,
  ACTIONS_COLUMN_WIDTH,
  SELECT_COLUMN,
  SELECT_COLUMN_WIDTH,
  type StickySxOf,
} from './dataTableLayout.ts';
import type { ColumnFilters, ColumnFilterValue, DataTableColumn } from './dataTableTypes.ts';
import { filterKindOf } from './filterKind.ts';
import { isRowMarkerColumn, RowMarkerHeaderCell } from './RowMarkerCells.tsx';
import { visuallyHidden } from './visuallyHidden.ts';

/** A shown column as the head needs it: its id and, for a value column, its order. */
export interface HeadColumn {
  id: string;
  canSort: boolean;
  sorted: false | 'asc' | 'desc';
  toggleSorting: (desc: boolean) => void;
}

interface DataTableHeadProps {
  headColumns: readonly HeadColumn[];
  columnByName: ReadonlyMap<string, DataTableColumn>;
  stickySxOf: StickySxOf;
  selectAll: { checked: boolean; indeterminate: boolean; disabled: boolean; onToggle: () => void };
  filters: ColumnFilters;
  onFilterChange: (name: string, value: ColumnFilterValue) => void;
}

/** The header row (names, order, select-all) and the filter row under it. */
export function DataTableHead({
  headColumns,
  columnByName,
  stickySxOf,
  selectAll,
  filters,
  onFilterChange,
}: DataTableHeadProps) {
  const { t } = useTranslation();

  const renderHeaderCell = ({ id, canSort, sorted, toggleSorting }: HeadColumn) => {
    if (id === SELECT_COLUMN) {
      return (
        <TableCell
          key={id}
          padding="checkbox"
          style={{ width: SELECT_COLUMN_WIDTH }}
          sx={stickySxOf(id, true)}
        >
          <Checkbox
            checked={selectAll.checked}
            indeterminate={selectAll.indeterminate}
            onChange={selectAll.onToggle}
            disabled={selectAll.disabled}
            slotProps={{ input: { 'aria-label': t('dataTable.selectAll') } }}
          />
        </TableCell>
      );
    }
    if (id === ACTIONS_COLUMN) {
      return (
        <TableCell key={id} style={{ width: ACTIONS_COLUMN_WIDTH }} sx={stickySxOf(id, true)}>
          <Box component="span" sx={visuallyHidden}>
            {t('dataTable.actions')}
          </Box>
        </TableCell>
      );
    }
    if (isRowMarkerColumn(id)) return <RowMarkerHeaderCell key={id} marker={id} />;
    const column = columnByName.get(id);
    if (!column) return null;
    const { width, minWidth } = columnWidthOf(column);
    return (
      <TableCell
        key={id}
        sortDirection={sorted || false}
        align={cellPresentationOf(column.type) === 'number' ? 'right' : 'left'}
        style={{ width, minWidth }}
        sx={[{ fontWeight: 'bold' }, stickySxOf(id, true) ?? false]}
      >
        {canSort ? (
          <TableSortLabel
            active={sorted !== false}
            direction={sorted || 'asc'}
            onClick={() => toggleSorting(sorted === 'asc')}
          >
            {column.header}
          </TableSortLabel>
        ) : (
          column.header
        )}
      </TableCell>
    );
  };

  const renderFilterCell = (id: string) => {
    const column = columnByName.get(id);
    if (!column) return <TableCell key={id} component="td" sx={stickySxOf(id, true)} />;
    return (
      <TableCell
        key={id}
        component="td"
        sx={[{ verticalAlign: 'top', py: 0.5 }, stickySxOf(id, true) ?? false]}
      >
        {filterKindOf(column) !== null ? (
          <ColumnFilterInput
            column={column}
            value={filters[column.name]}
            onChange={(value) => onFilterChange(column.name, value)}
          />
        ) : null}
      </TableCell>
    );
  };

  return (
    <TableHead>
      <TableRow>{headColumns.map(renderHeaderCell)}</TableRow>
      <TableRow data-no-print>{headColumns.map(({ id }) => renderFilterCell(id))}</TableRow>
    </TableHead>
  );
}
