import type { ColumnDef } from '@tanstack/react-table';
import type { DataTableFeatures } from './dataTableFeatures.ts';
import { ACTIONS_COLUMN, SELECT_COLUMN } from './dataTableLayout.ts';
import type { DataTableColumn, DataTableRow } from './dataTableTypes.ts';
import { ROW_MARKER_COLUMNS } from './RowMarkerCells.tsx';

/**
 * The table model's columns in the order shown: selection, the row's buttons, the first shown value column,
 * the row markers a row of the page carries (they stay beside the first column, which does not scroll), then
 * the other value columns.
 */
export function tableColumnDefs(
  columns: readonly DataTableColumn[],
  options: { selectable: boolean; hasActions: boolean; shownMarkers: string[]; firstColumnName?: string },
): ColumnDef<DataTableFeatures, DataTableRow, unknown>[] {
  const { selectable, hasActions, shownMarkers, firstColumnName } = options;
  const markerDefs = ROW_MARKER_COLUMNS.filter((marker) => shownMarkers.includes(marker)).map((id) => ({
    id,
    enableSorting: false,
    enableHiding: false,
  }));
  const valueDefs = columns.map((column) => ({
    id: column.name,
    accessorFn: (row: DataTableRow) => row.values[column.name],
    enableSorting: column.sortable,
  }));
  const markersAt =
    firstColumnName === undefined ? 0 : valueDefs.findIndex((def) => def.id === firstColumnName) + 1;
  return [
    ...(selectable ? [{ id: SELECT_COLUMN, enableSorting: false, enableHiding: false }] : []),
    ...(hasActions ? [{ id: ACTIONS_COLUMN, enableSorting: false, enableHiding: false }] : []),
    ...valueDefs.slice(0, markersAt),
    ...markerDefs,
    ...valueDefs.slice(markersAt),
  ];
}
