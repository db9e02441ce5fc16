/*
 * Why this table is built on @tanstack/react-table + MUI Table, not on material-react-table (the
 * architecture's choice): material-react-table 3.2.1 (the latest) installs (its peer ranges say MUI >= 6),
 * but at run time on MUI 9 it breaks. It still passes the TextField/Checkbox props that MUI 9 removed
 * (`inputProps`, `InputProps`, `SelectProps`) and the Box system prop `alignItems`: React reports them as
 * unknown DOM attributes. With those props gone, the row-selection checkboxes, the search box and the edit
 * inputs render without labels (axe: `label`, `aria-prohibited-attr` with `inputprops="[object Object]"`),
 * and select filters and input adornments lose their settings. Repairing that would mean overriding nearly
 * every slot of the library. The headless @tanstack/react-table (the engine material-react-table itself runs
 * on) with MUI's Table keeps the same model (column visibility, sorting, row selection) with markup we
 * control, so every control is labelled and the table passes axe.
 */

import type { Sort } from '@der/contracts';
import {
  Box,
  Checkbox,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  type ColumnVisibilityState,
  functionalUpdate,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useSnackbar } from 'notistack';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BulkUpdateDialog } from './BulkUpdateDialog.tsx';
import { buildCsv } from './buildCsv.ts';
import { readHiddenColumns, writeHiddenColumns } from './columnChoices.ts';
import { DataTableBodyRow, EmptyTableRow } from './DataTableBodyRows.tsx';
import { DataTableCards } from './DataTableCards.tsx';
import { useFormatContext } from './DataTableCellContent.tsx';
import { DataTableDataCell } from './DataTableDataCell.tsx';
import { DataTableHead } from './DataTableHead.tsx';
import { DataTablePagination } from './DataTablePagination.tsx';
import { DataTableToolbar } from './DataTableToolbar.tsx';
import { dataTableFeatures } from './dataTableFeatures.ts';
import { ACTIONS_COLUMN, SELECT_COLUMN, stickyColumnsLayout } from './dataTableLayout.ts';
import type { DataTableColumn, DataTableQuery, DataTableRow } from './dataTableTypes.ts';
import { downloadBlob, safeFileName } from './downloadBlob.ts';
import { isEditableInGrid } from './inlineEditKind.ts';
import { RowActionButtons } from './RowActionButtons.tsx';
import { isRowMarkerColumn, ROW_MARKER_COLUMNS, RowMarkerCell, rowHasMarker } from './RowMarkerCells.tsx';
import { TransferProgress } from './TransferProgress.tsx';
import { tableColumnDefs } from './tableColumnDefs.ts';
import { useDataTableQuery } from './useDataTableQuery.ts';
import { useGridEditing } from './useGridEditing.ts';
import { printStyles, usePrintTable } from './usePrintTable.tsx';
import { useRowSelection } from './useRowSelection.ts';
import { useTransfer } from './useTransfer.ts';
import { useVisibleWidth } from './useVisibleWidth.ts';

export interface DataTableProps {
  /** The table's accessible name; also names the CSV file. */
  title: string;
  columns: readonly DataTableColumn[];
  rows: readonly DataTableRow[];
  /** Matching rows, counted up to a cap; with `capped` the count reads '1.000+'. */
  total: number;
  capped: boolean;
  /** Past a capped count the table cannot tell the last page: the owner says whether there is another. */
  hasNextPage?: boolean;
  loading?: boolean;
  initialSort?: Sort | null;
  initialRowsPerPage?: number;
  /** Called with the page, order and filters to load, at first and on every change. */
  onQueryChange: (query: DataTableQuery) => void;
  /** Where a row's edit button leads (the item form). */
  getEditHref?: (row: DataTableRow) => string;
  /** More buttons of a row, after the edit button. */
  renderRowActions?: (row: DataTableRow) => ReactNode;
  /** In-grid editing of the inline-editable columns (editInGrid); a rejection is reported by the owner. */
  onCellEdit?: (row: DataTableRow, column: DataTableColumn, value: unknown) => Promise<void>;
  /** Bulk update of the selected rows; without it the table has no selection. */
  onBulkUpdate?: (rows: DataTableRow[], column: DataTableColumn, value: unknown) => Promise<void>;
  onExport?: (query: DataTableQuery) => Promise<void>;
  /** Every field of every item the list may show, as a sheet that imports again (not just the shown columns). */
  onExportAll?: () => Promise<void>;
  onImport?: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
  /** Buttons shown beside the search box (e.g. 'Novo'). */
  actions?: ReactNode;
  /** Told the selected rows whenever the selection changes (so a page can run a bulk job over them). */
  onSelectionChange?: (rows: DataTableRow[]) => void;
  /**
   * Where the columns the person hides are remembered across reloads (localStorage): a key naming the user
   * and the list's view. Without it the choice lasts as long as the page.
   */
  columnsStorageKey?: string;
}

/**
 * The shared data table of spec §2.9: columns by field type (widths of §9), status colours, row markers,
 * per-column filters by type, column toggles, CSV download, print, server-side paging and sorting, a 400 px
 * search box, in-grid editing, selection with bulk update, and export/import with progress.
 */
export function DataTable({
  title,
  columns,
  rows,
  total,
  capped,
  hasNextPage = false,
  loading = false,
  initialSort = null,
  initialRowsPerPage = 50,
  onQueryChange,
  getEditHref,
  renderRowActions,
  onCellEdit,
  onBulkUpdate,
  onExport,
  onExportAll,
  onImport,
  actions,
  onSelectionChange,
  columnsStorageKey,
}: DataTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A phone cannot show the table's columns side by side: its rows become cards.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const formatContext = useFormatContext();
  const selectable = Boolean(onBulkUpdate);

  const [hidden, setHidden] = useState<string[]>(() => readHiddenColumns(columnsStorageKey, columns));
  const [selected, setSelected] = useRowSelection(rows, onSelectionChange);
  // A new filter drops a selection that may no longer match.
  const tableQuery = useDataTableQuery({
    columns,
    hidden,
    initialSort,
    initialRowsPerPage,
    onQueryChange,
    onFiltersApplied: () => setSelected(new Map()),
  });
  const { query, sort, page, rowsPerPage } = tableQuery;
  const gridEditing = useGridEditing();
  const [bulkOpen, setBulkOpen] = useState(false);
  const { printing, print: handlePrint } = usePrintTable();
  const { transfer, runExport, runExportAll, runImport } = useTransfer(onExport, onExportAll, onImport);
  const [visibleWidth, containerRef] = useVisibleWidth();

  const visibleColumns = columns.filter((column) => !hidden.includes(column.name));
  const firstColumnName = visibleColumns[0]?.name;
  const hasActions = Boolean(getEditHref || renderRowActions);
  // A marker column shows only when a row of the page carries its marker: empty ones took ~300 px.
  const shownMarkers = ROW_MARKER_COLUMNS.filter((marker) => rows.some((row) => rowHasMarker(row, marker)));
  const shownMarkersKey = shownMarkers.join();

  const columnDefs = useMemo(
    () =>
      tableColumnDefs(columns, {
        selectable,
        hasActions,
        shownMarkers: shownMarkersKey.split(','),
        firstColumnName,
      }),
    [columns, selectable, hasActions, shownMarkersKey, firstColumnName],
  );
  const columnByName = useMemo(() => new Map(columns.map((column) => [column.name, column])), [columns]);

  const sorting: SortingState = sort ? [{ id: sort.field, desc: sort.sortDirection === 'desc' }] : [];
  const columnVisibility: ColumnVisibilityState = Object.fromEntries(hidden.map((name) => [name, false]));
  const rowSelection: RowSelectionState = Object.fromEntries(
    [...selected.keys()].map((id) => [String(id), true]),
  );

  const table = useTable({
    features: dataTableFeatures,
    columns: columnDefs,
    data: rows as DataTableRow[],
    getRowId: (row) => String(row.id),
    manualSorting: true,
    enableSortingRemoval: false,
    enableRowSelection: selectable,
    state: { sorting, columnVisibility, rowSelection },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting)[0];
      tableQuery.changeSort(next ? { field: next.id, sortDirection: next.desc ? 'desc' : 'asc' } : null);
    },
    onColumnVisibilityChange: (updater: Updater<ColumnVisibilityState>) => {
      const next = functionalUpdate(updater, columnVisibility);
      const nextHidden = columns.filter((column) => next[column.name] === false).map((column) => column.name);
      setHidden(nextHidden);
      if (columnsStorageKey) writeHiddenColumns(columnsStorageKey, columns, nextHidden);
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = functionalUpdate(updater, rowSelection);
      setSelected((current) => {
        const updated = new Map<number, DataTableRow>();
        for (const [key, isSelected] of Object.entries(next)) {
          if (!isSelected) continue;
          const id = Number(key);
          const row = rows.find((candidate) => candidate.id === id) ?? current.get(id);
          if (row) updated.set(id, row);
        }
        return updated;
      });
    },
  });

  const headerGroup = table.getHeaderGroups()[0];
  const leafHeaders = headerGroup?.headers ?? [];

  const handleToggleColumn = (name: string) => table.getColumn(name)?.toggleVisibility(hidden.includes(name));

  const handleDownloadCsv = () => {
    const csv = buildCsv(visibleColumns, rows, formatContext);
    downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), safeFileName(title, 'csv'));
  };

  const handleBulkUpdateClick = () => {
    if (selected.size === 0) {
      // Spec §5: bulk operations need a selection.
      enqueueSnackbar(t('dataTable.selectAtLeastOne'), { variant: 'warning' });
      return;
    }
    setBulkOpen(true);
  };

  const handleBulkApply = async (column: DataTableColumn, value: unknown) => {
    if (!onBulkUpdate) return;
    await onBulkUpdate([...selected.values()], column, value);
    setSelected(new Map());
  };

  const columnCount = leafHeaders.length;

  const stickySxOf = stickyColumnsLayout({ selectable, hasActions, firstColumnName });

  const openRow = getEditHref ? (row: DataTableRow) => void navigate(getEditHref(row)) : undefined;
  const renderDataCell = (row: DataTableRow, column: DataTableColumn) => (
    <DataTableDataCell
      key={column.name}
      row={row}
      column={column}
      editable={Boolean(onCellEdit) && isEditableInGrid(column)}
      sx={stickySxOf(column.name)}
      editing={gridEditing.isEditing(row, column)}
      onStartEdit={() => gridEditing.start(row, column)}
      onSave={(value) => (onCellEdit ? onCellEdit(row, column, value) : Promise.resolve())}
      onCloseEditor={() => gridEditing.close(row, column)}
    />
  );

  const renderCell = (row: DataTableRow, id: string, isSelected: boolean, toggle: () => void) => {
    if (id === SELECT_COLUMN) {
      return (
        <TableCell key={id} padding="checkbox" sx={stickySxOf(id)}>
          <Checkbox
            checked={isSelected}
            onChange={toggle}
            slotProps={{ input: { 'aria-label': t('dataTable.selectRow', { name: row.label }) } }}
          />
        </TableCell>
      );
    }
    if (id === ACTIONS_COLUMN) {
      return (
        <TableCell key={id} sx={[{ whiteSpace: 'nowrap' }, stickySxOf(id) ?? false]}>
          <RowActionButtons row={row} getEditHref={getEditHref} renderRowActions={renderRowActions} />
        </TableCell>
      );
    }
    if (isRowMarkerColumn(id)) return <RowMarkerCell key={id} marker={id} row={row} />;
    const column = columnByName.get(id);
    return column ? renderDataCell(row, column) : null;
  };

  return (
    <Box data-print-root={printing ? '' : undefined} sx={{ position: 'relative' }}>
      {printStyles}
      <DataTableToolbar
        columns={columns}
        hidden={hidden}
        onToggleColumn={handleToggleColumn}
        search={tableQuery.search}
        onSearchChange={tableQuery.setSearch}
        hasFilters={tableQuery.hasFilters}
        onClearFilters={tableQuery.clearFilters}
        selectedCount={selected.size}
        onClearSelection={() => setSelected(new Map())}
        onDownloadCsv={handleDownloadCsv}
        onPrint={handlePrint}
        onExport={onExport ? () => void runExport(query) : undefined}
        onExportAll={onExportAll ? () => void runExportAll() : undefined}
        onImport={onImport ? (file) => void runImport(file) : undefined}
        onBulkUpdate={onBulkUpdate ? handleBulkUpdateClick : undefined}
        busy={transfer !== null}
        actions={actions}
      />
      {transfer && <TransferProgress transfer={transfer} />}
      {narrow && !printing ? (
        <DataTableCards
          title={title}
          columns={visibleColumns}
          rows={rows}
          emptyText={loading ? '' : t('dataTable.empty')}
          isSelected={selectable ? (row) => selected.has(row.id) : undefined}
          onToggleSelected={selectable ? (row) => table.getRow(String(row.id))?.toggleSelected() : undefined}
          getEditHref={getEditHref}
          renderRowActions={renderRowActions}
          onOpenRow={openRow}
        />
      ) : (
        <TableContainer ref={containerRef} sx={{ position: 'relative' }}>
          {loading && (
            <LinearProgress
              data-no-print
              aria-label={t('dataTable.loading')}
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
            />
          )}
          <Table size="small" aria-label={title} aria-busy={loading} sx={{ tableLayout: 'fixed' }}>
            <DataTableHead
              headColumns={leafHeaders.map(({ column }) => ({
                id: column.id,
                canSort: column.getCanSort(),
                sorted: column.getIsSorted(),
                toggleSorting: (desc) => column.toggleSorting(desc),
              }))}
              columnByName={columnByName}
              stickySxOf={stickySxOf}
              selectAll={{
                checked: table.getIsAllPageRowsSelected(),
                indeterminate: table.getIsSomePageRowsSelected(),
                disabled: rows.length === 0,
                onToggle: () => table.toggleAllPageRowsSelected(),
              }}
              filters={tableQuery.filters}
              onFilterChange={tableQuery.setFilter}
            />
            <TableBody>
              {rows.length === 0 ? (
                <EmptyTableRow
                  columnCount={columnCount}
                  visibleWidth={visibleWidth}
                  text={loading ? '' : t('dataTable.empty')}
                />
              ) : (
                table.getRowModel().rows.map((tableRow) => {
                  const row = tableRow.original;
                  const isSelected = tableRow.getIsSelected();
                  return (
                    <DataTableBodyRow key={row.id} row={row} selected={isSelected} onOpen={openRow}>
                      {tableRow
                        .getVisibleCells()
                        .map((cell) =>
                          renderCell(row, cell.column.id, isSelected, () => tableRow.toggleSelected()),
                        )}
                    </DataTableBodyRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <DataTablePagination
        page={page}
        rowsPerPage={rowsPerPage}
        shownRows={rows.length}
        total={total}
        capped={capped}
        hasNextPage={hasNextPage}
        onPageChange={tableQuery.setPage}
        onRowsPerPageChange={tableQuery.changeRowsPerPage}
      />
      <BulkUpdateDialog
        open={bulkOpen}
        count={selected.size}
        columns={columns}
        onApply={handleBulkApply}
        onClose={() => setBulkOpen(false)}
      />
    </Box>
  );
}
