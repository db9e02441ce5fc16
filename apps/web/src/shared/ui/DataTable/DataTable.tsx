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

import { assertNever, type Sort } from '@der/contracts';
import {
  Box,
  Checkbox,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  functionalUpdate,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useSnackbar } from 'notistack';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { columnWidthOf } from '../../../features/runtime/format/columnWidths.ts';
import { formatCount } from '../../../features/runtime/format/formatNumber.ts';
import { BulkUpdateDialog } from './BulkUpdateDialog.tsx';
import { buildCsv } from './buildCsv.ts';
import { buildFilterNodes } from './buildFilterNodes.ts';
import { ColumnFilterInput } from './ColumnFilterInput.tsx';
import { readHiddenColumns, writeHiddenColumns } from './columnChoices.ts';
import { DataTableCards } from './DataTableCards.tsx';
import { cellPresentationOf, useFormatContext } from './DataTableCellContent.tsx';
import { DataTableDataCell, editCellKey } from './DataTableDataCell.tsx';
import { DataTableToolbar } from './DataTableToolbar.tsx';
import type {
  ColumnFilters,
  ColumnFilterValue,
  DataTableColumn,
  DataTableQuery,
  DataTableRow,
} from './dataTableTypes.ts';
import { downloadBlob, safeFileName } from './downloadBlob.ts';
import { filterKindOf } from './filterKind.ts';
import { isEditableInGrid } from './inlineEditKind.ts';
import { RowActionButtons } from './RowActionButtons.tsx';
import {
  isRowMarkerColumn,
  ROW_MARKER_COLUMNS,
  RowMarkerCell,
  RowMarkerHeaderCell,
  rowHasMarker,
} from './RowMarkerCells.tsx';
import { isRowOpenClick } from './rowOpenTarget.ts';
import { stickyCellSx } from './stickyColumns.ts';
import { type Transfer, TransferProgress } from './TransferProgress.tsx';
import { printStyles, usePrintTable } from './usePrintTable.tsx';
import { visuallyHidden } from './visuallyHidden.ts';

/** Typing in a filter or the search box asks for rows once the user pauses, not at every key. */
export const FILTER_DEBOUNCE_MS = 350;
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

const NO_FILTERS: ColumnFilters = {};

const SELECT_COLUMN = '__select';
const ACTIONS_COLUMN = '__actions';
const SELECT_COLUMN_WIDTH = 48;
const ACTIONS_COLUMN_WIDTH = 96;

const features = tableFeatures({ columnVisibilityFeature, rowSortingFeature, rowSelectionFeature });
type Features = typeof features;

function hasValue(filter: ColumnFilterValue): boolean {
  switch (filter.kind) {
    case 'text':
      return filter.text.trim() !== '';
    case 'number':
    case 'date':
      return filter.from !== '' || filter.to !== '';
    case 'choice':
      return filter.value !== '';
    default:
      return assertNever(filter);
  }
}

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
  onImport?: (file: File, onProgress: (fraction: number) => void) => Promise<void>;
  /** Buttons shown beside the search box (e.g. 'Novo'). */
  actions?: ReactNode;
  /** Told the selected rows whenever the selection changes (a bulk job over them, see features/runtime/bulk). */
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

  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<ColumnFilters>(NO_FILTERS);
  // The filters the rows were asked with; the same object as `filters` while nothing waits to apply.
  const [applied, setApplied] = useState<{ search: string; filters: ColumnFilters }>({
    search: '',
    filters: NO_FILTERS,
  });
  const [sort, setSort] = useState<Sort | null>(initialSort);
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(initialRowsPerPage);
  const [hidden, setHidden] = useState<string[]>(() => readHiddenColumns(columnsStorageKey, columns));
  const [selected, setSelected] = useState<Map<number, DataTableRow>>(() => new Map());
  // The latest listener, so an owner passing a new function each render does not re-run the effect.
  const selectionListener = useRef(onSelectionChange);
  selectionListener.current = onSelectionChange;
  useEffect(() => selectionListener.current?.([...selected.values()]), [selected]);
  const [editing, setEditing] = useState<{ rowId: number; column: string } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const { printing, print: handlePrint } = usePrintTable();
  const focusAfterEdit = useRef<string | null>(null);
  const [visibleWidth, containerRef] = useVisibleWidth();

  // Filters apply after a pause in typing; a new filter shows its first page and drops a selection that may
  // no longer match.
  useEffect(() => {
    if (applied.search === search && applied.filters === filters) return;
    const timer = setTimeout(() => {
      setApplied({ search, filters });
      setPage(1);
      setSelected(new Map());
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, applied]);

  // Selected rows keep the version they were loaded at; when a page is loaded again, take the fresh ones so
  // a bulk update after a reload is not refused as stale.
  useEffect(() => {
    setSelected((current) => {
      if (current.size === 0) return current;
      let changed = false;
      const updated = new Map(current);
      for (const row of rows) {
        if (updated.has(row.id) && updated.get(row.id) !== row) {
          updated.set(row.id, row);
          changed = true;
        }
      }
      return changed ? updated : current;
    });
  }, [rows]);

  const query = useMemo<DataTableQuery>(
    () => ({
      page,
      rowsPerPage,
      sort,
      filters: buildFilterNodes(columns, applied.filters, applied.search, hidden),
      hiddenColumns: hidden,
    }),
    [page, rowsPerPage, sort, columns, applied, hidden],
  );
  const onQueryChangeRef = useRef(onQueryChange);
  onQueryChangeRef.current = onQueryChange;
  useEffect(() => {
    onQueryChangeRef.current(query);
  }, [query]);

  useEffect(() => {
    if (editing !== null || focusAfterEdit.current === null) return;
    // Back to the edit button of the cell just edited, so keyboard users keep their place.
    const selector = `[data-edit-cell="${CSS.escape(focusAfterEdit.current)}"]`;
    document.querySelector<HTMLElement>(selector)?.focus();
    focusAfterEdit.current = null;
  }, [editing]);

  const visibleColumns = columns.filter((column) => !hidden.includes(column.name));
  const firstColumnName = visibleColumns[0]?.name;
  const hasActions = Boolean(getEditHref || renderRowActions);
  // A marker column shows only when a row of the page carries its marker: empty ones took ~300 px.
  const shownMarkers = ROW_MARKER_COLUMNS.filter((marker) => rows.some((row) => rowHasMarker(row, marker)));
  const shownMarkersKey = shownMarkers.join();

  const columnDefs = useMemo<ColumnDef<Features, DataTableRow, unknown>[]>(() => {
    const markerDefs = ROW_MARKER_COLUMNS.filter((marker) => shownMarkersKey.split(',').includes(marker)).map(
      (id) => ({ id, enableSorting: false, enableHiding: false }),
    );
    const valueDefs = columns.map((column) => ({
      id: column.name,
      accessorFn: (row: DataTableRow) => row.values[column.name],
      enableSorting: column.sortable,
    }));
    // The markers come after the first shown column, which stays in place with the row's controls.
    const markersAt =
      firstColumnName === undefined ? 0 : valueDefs.findIndex((def) => def.id === firstColumnName) + 1;
    return [
      ...(selectable ? [{ id: SELECT_COLUMN, enableSorting: false, enableHiding: false }] : []),
      ...(hasActions ? [{ id: ACTIONS_COLUMN, enableSorting: false, enableHiding: false }] : []),
      ...valueDefs.slice(0, markersAt),
      ...markerDefs,
      ...valueDefs.slice(markersAt),
    ];
  }, [columns, selectable, hasActions, shownMarkersKey, firstColumnName]);
  const columnByName = useMemo(() => new Map(columns.map((column) => [column.name, column])), [columns]);

  const sorting: SortingState = sort ? [{ id: sort.field, desc: sort.sortDirection === 'desc' }] : [];
  const columnVisibility: ColumnVisibilityState = Object.fromEntries(hidden.map((name) => [name, false]));
  const rowSelection: RowSelectionState = Object.fromEntries(
    [...selected.keys()].map((id) => [String(id), true]),
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows as DataTableRow[],
    getRowId: (row) => String(row.id),
    manualSorting: true,
    enableSortingRemoval: false,
    enableRowSelection: selectable,
    state: { sorting, columnVisibility, rowSelection },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting)[0];
      setSort(next ? { field: next.id, sortDirection: next.desc ? 'desc' : 'asc' } : null);
      setPage(1);
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
  const hasFilters = search.trim() !== '' || Object.values(filters).some(hasValue);
  const totalText = formatCount(total, capped, formatContext.language);

  const handleFilterChange = (name: string, value: ColumnFilterValue) =>
    setFilters((current) => ({ ...current, [name]: value }));
  const handleToggleColumn = (name: string) => table.getColumn(name)?.toggleVisibility(hidden.includes(name));

  const handleDownloadCsv = () => {
    const csv = buildCsv(visibleColumns, rows, formatContext);
    downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), safeFileName(title, 'csv'));
  };

  const handleExport = async () => {
    if (!onExport) return;
    setTransfer({ kind: 'export' });
    try {
      await onExport(query);
    } finally {
      setTransfer(null);
    }
  };

  const handleImport = async (file: File) => {
    if (!onImport) return;
    setTransfer({ kind: 'import', fraction: 0 });
    try {
      await onImport(file, (fraction) => setTransfer({ kind: 'import', fraction }));
    } finally {
      setTransfer(null);
    }
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

  // A capped count cannot place the last page: the pager offers 'next' while the owner says there is one.
  const paginationCount = capped ? (hasNextPage ? -1 : (page - 1) * rowsPerPage + rows.length) : total;
  const columnCount = leafHeaders.length;

  // The row's controls and its first shown column stay in place while the table scrolls sideways.
  const actionsLeft = selectable ? SELECT_COLUMN_WIDTH : 0;
  const firstColumnLeft = actionsLeft + (hasActions ? ACTIONS_COLUMN_WIDTH : 0);
  const stickySxOf = (id: string, header = false) => {
    if (id === SELECT_COLUMN) return stickyCellSx(0, { header, lastSticky: !hasActions && !firstColumnName });
    if (id === ACTIONS_COLUMN) return stickyCellSx(actionsLeft, { header, lastSticky: !firstColumnName });
    if (id === firstColumnName) return stickyCellSx(firstColumnLeft, { header, lastSticky: true });
    return undefined;
  };

  const openRow = getEditHref ? (row: DataTableRow) => void navigate(getEditHref(row)) : undefined;
  const handleRowClick = (row: DataTableRow) => (event: MouseEvent<HTMLElement>) => {
    if (openRow && isRowOpenClick(event.target, event.currentTarget)) openRow(row);
  };
  const handleRowKeyDown = (row: DataTableRow) => (event: KeyboardEvent<HTMLElement>) => {
    // Enter on the focused row itself: on a control inside it, the control answers.
    if (openRow && event.key === 'Enter' && event.target === event.currentTarget) openRow(row);
  };

  const renderHeaderCell = (id: string) => {
    const header = leafHeaders.find((candidate) => candidate.column.id === id);
    if (id === SELECT_COLUMN) {
      return (
        <TableCell
          key={id}
          padding="checkbox"
          style={{ width: SELECT_COLUMN_WIDTH }}
          sx={stickySxOf(id, true)}
        >
          <Checkbox
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected()}
            onChange={() => table.toggleAllPageRowsSelected()}
            disabled={rows.length === 0}
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
    if (!column || !header) return null;
    const { width, minWidth } = columnWidthOf(column);
    const sorted = header.column.getIsSorted();
    return (
      <TableCell
        key={id}
        sortDirection={sorted || false}
        align={cellPresentationOf(column.type) === 'number' ? 'right' : 'left'}
        style={{ width, minWidth }}
        sx={[{ fontWeight: 'bold' }, stickySxOf(id, true) ?? false]}
      >
        {header.column.getCanSort() ? (
          <TableSortLabel
            active={sorted !== false}
            direction={sorted || 'asc'}
            onClick={() => header.column.toggleSorting(sorted === 'asc')}
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
    return (
      <TableCell
        key={id}
        component="td"
        sx={[{ verticalAlign: 'top', py: 0.5 }, stickySxOf(id, true) ?? false]}
      >
        {column && filterKindOf(column) !== null ? (
          <ColumnFilterInput
            column={column}
            value={filters[column.name]}
            onChange={(value) => handleFilterChange(column.name, value)}
          />
        ) : null}
      </TableCell>
    );
  };

  const renderDataCell = (row: DataTableRow, column: DataTableColumn) => (
    <DataTableDataCell
      key={column.name}
      row={row}
      column={column}
      editable={Boolean(onCellEdit) && isEditableInGrid(column)}
      sx={stickySxOf(column.name)}
      editing={editing?.rowId === row.id && editing.column === column.name}
      onStartEdit={() => setEditing({ rowId: row.id, column: column.name })}
      onSave={(value) => (onCellEdit ? onCellEdit(row, column, value) : Promise.resolve())}
      onCloseEditor={() => {
        focusAfterEdit.current = editCellKey(row, column);
        setEditing(null);
      }}
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
        search={search}
        onSearchChange={setSearch}
        hasFilters={hasFilters}
        onClearFilters={() => {
          setSearch('');
          setFilters({});
        }}
        selectedCount={selected.size}
        onClearSelection={() => setSelected(new Map())}
        onDownloadCsv={handleDownloadCsv}
        onPrint={handlePrint}
        onExport={onExport ? () => void handleExport() : undefined}
        onImport={onImport ? (file) => void handleImport(file) : undefined}
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
            <TableHead>
              <TableRow>{leafHeaders.map((header) => renderHeaderCell(header.column.id))}</TableRow>
              <TableRow data-no-print>
                {leafHeaders.map((header) =>
                  columnByName.has(header.column.id) ? (
                    renderFilterCell(header.column.id)
                  ) : (
                    <TableCell
                      key={header.column.id}
                      component="td"
                      sx={stickySxOf(header.column.id, true)}
                    />
                  ),
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columnCount} sx={{ p: 0 }}>
                    {/* Centred in the part of the table on screen, not in the whole (maybe 2 000 px) row. */}
                    <Box
                      sx={{ position: 'sticky', left: 0, py: 4, textAlign: 'center' }}
                      style={{ width: visibleWidth ?? '100%' }}
                    >
                      {loading ? '' : t('dataTable.empty')}
                    </Box>
                  </TableCell>
                </TableRow>
              ) : (
                table.getRowModel().rows.map((tableRow) => {
                  const row = tableRow.original;
                  const isSelected = tableRow.getIsSelected();
                  return (
                    <TableRow
                      key={row.id}
                      hover
                      selected={isSelected}
                      data-row-id={row.id}
                      data-position={row.position}
                      tabIndex={openRow ? 0 : undefined}
                      onClick={handleRowClick(row)}
                      onKeyDown={handleRowKeyDown(row)}
                      sx={
                        openRow
                          ? {
                              cursor: 'pointer',
                              '&:focus-visible': {
                                outline: 2,
                                outlineColor: 'primary.main',
                                outlineOffset: -2,
                              },
                            }
                          : undefined
                      }
                    >
                      {tableRow
                        .getVisibleCells()
                        .map((cell) =>
                          renderCell(row, cell.column.id, isSelected, () => tableRow.toggleSelected()),
                        )}
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        data-no-print
        component="div"
        count={paginationCount}
        page={page - 1}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
        onPageChange={(_event, next) => setPage(next + 1)}
        onRowsPerPageChange={(event) => {
          setRowsPerPage(Number(event.target.value));
          setPage(1);
        }}
        labelRowsPerPage={t('dataTable.rowsPerPage')}
        labelDisplayedRows={() =>
          t('dataTable.displayedRows', {
            from: rows.length === 0 ? 0 : (page - 1) * rowsPerPage + 1,
            to: (page - 1) * rowsPerPage + rows.length,
            count: totalText,
          })
        }
        getItemAriaLabel={(type) => t(`dataTable.goTo.${type}`)}
        showFirstButton={!capped}
        showLastButton={!capped}
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

/**
 * The width of the scrolling container's visible part, followed as the window resizes. A callback ref: the
 * container mounts after the columns load, and again when a phone turns to landscape.
 */
function useVisibleWidth(): [number | null, (element: HTMLElement | null) => void] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [width, setElement];
}
