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
import AttachFileIcon from '@mui/icons-material/AttachFile';
import EditIcon from '@mui/icons-material/Edit';
import VerifiedIcon from '@mui/icons-material/Verified';
import {
  Box,
  Checkbox,
  GlobalStyles,
  IconButton,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
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
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ATTACHMENT_COLUMN_WIDTH,
  columnWidthOf,
  DIGITAL_CONTENT_COLUMN_WIDTH,
} from '../../../features/runtime/format/columnWidths.ts';
import { formatCellText } from '../../../features/runtime/format/formatCellText.ts';
import { formatCount } from '../../../features/runtime/format/formatNumber.ts';
import { BulkUpdateDialog } from './BulkUpdateDialog.tsx';
import { buildCsv } from './buildCsv.ts';
import { buildFilterNodes } from './buildFilterNodes.ts';
import { CellEditor } from './CellEditor.tsx';
import { ColumnFilterInput } from './ColumnFilterInput.tsx';
import { cellPresentationOf, DataTableCellContent, useFormatContext } from './DataTableCellContent.tsx';
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

/** Typing in a filter or the search box asks for rows once the user pauses, not at every key. */
export const FILTER_DEBOUNCE_MS = 350;
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

const NO_FILTERS: ColumnFilters = {};

const SELECT_COLUMN = '__select';
const ACTIONS_COLUMN = '__actions';
const ATTACHMENT_COLUMN = 'HasAttachment';
const DIGITAL_CONTENT_COLUMN = 'HasDigitalContent';

// Hidden from sight, read by screen readers (a header that is only an icon still needs a name).
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

const features = tableFeatures({ columnVisibilityFeature, rowSortingFeature, rowSelectionFeature });
type Features = typeof features;

// Only the table is printed: the shell, the toolbar and the filters are hidden while it is.
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body[data-printing-table] *': { visibility: 'hidden' },
        'body[data-printing-table] [data-print-root], body[data-printing-table] [data-print-root] *': {
          visibility: 'visible',
        },
        'body[data-printing-table] [data-print-root]': {
          position: 'absolute',
          left: 0,
          top: 0,
          width: '100%',
        },
        'body[data-printing-table] [data-print-root] [data-no-print]': { display: 'none' },
      },
    }}
  />
);

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
}: DataTableProps) {
  const { t } = useTranslation();
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
  const [hidden, setHidden] = useState<string[]>(() =>
    columns.filter((column) => !column.visible).map((column) => column.name),
  );
  const [selected, setSelected] = useState<Map<number, DataTableRow>>(() => new Map());
  const [editing, setEditing] = useState<{ rowId: number; column: string } | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [transfer, setTransfer] = useState<{ kind: 'export' } | { kind: 'import'; fraction: number } | null>(
    null,
  );
  const [printing, setPrinting] = useState(false);
  const focusAfterEdit = useRef<string | null>(null);

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

  const columnDefs = useMemo<ColumnDef<Features, DataTableRow, unknown>[]>(
    () => [
      ...(selectable ? [{ id: SELECT_COLUMN, enableSorting: false, enableHiding: false }] : []),
      ...(getEditHref || renderRowActions
        ? [{ id: ACTIONS_COLUMN, enableSorting: false, enableHiding: false }]
        : []),
      { id: ATTACHMENT_COLUMN, enableSorting: false, enableHiding: false },
      { id: DIGITAL_CONTENT_COLUMN, enableSorting: false, enableHiding: false },
      ...columns.map((column) => ({
        id: column.name,
        accessorFn: (row: DataTableRow) => row.values[column.name],
        enableSorting: column.sortable,
      })),
    ],
    [columns, selectable, getEditHref, renderRowActions],
  );
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
      setHidden(columns.filter((column) => next[column.name] === false).map((column) => column.name));
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

  const handlePrint = () => {
    setPrinting(true);
    document.body.setAttribute('data-printing-table', '');
    // After React has marked this table as the one to print.
    setTimeout(() => {
      try {
        window.print();
      } finally {
        document.body.removeAttribute('data-printing-table');
        setPrinting(false);
      }
    }, 0);
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

  const renderHeaderCell = (id: string) => {
    const header = leafHeaders.find((candidate) => candidate.column.id === id);
    if (id === SELECT_COLUMN) {
      return (
        <TableCell key={id} padding="checkbox" style={{ width: 48 }}>
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
        <TableCell key={id} style={{ width: 96 }}>
          <Box component="span" sx={visuallyHidden}>
            {t('dataTable.actions')}
          </Box>
        </TableCell>
      );
    }
    if (id === ATTACHMENT_COLUMN || id === DIGITAL_CONTENT_COLUMN) {
      const isAttachment = id === ATTACHMENT_COLUMN;
      return (
        <TableCell
          key={id}
          align="center"
          style={{ width: isAttachment ? ATTACHMENT_COLUMN_WIDTH : DIGITAL_CONTENT_COLUMN_WIDTH }}
        >
          <Tooltip title={t(isAttachment ? 'dataTable.attachment' : 'dataTable.digitalContent')}>
            <Box component="span" sx={{ display: 'inline-flex' }}>
              {isAttachment ? <AttachFileIcon fontSize="small" /> : <VerifiedIcon fontSize="small" />}
              <Box component="span" sx={visuallyHidden}>
                {t(isAttachment ? 'dataTable.attachment' : 'dataTable.digitalContent')}
              </Box>
            </Box>
          </Tooltip>
        </TableCell>
      );
    }
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
        sx={{ fontWeight: 'bold' }}
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
      <TableCell key={id} component="td" sx={{ verticalAlign: 'top', py: 0.5 }}>
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

  const renderDataCell = (row: DataTableRow, column: DataTableColumn) => {
    const cellKey = `${row.id}:${column.name}`;
    const editable = Boolean(onCellEdit) && isEditableInGrid(column);
    const isEditing = editing?.rowId === row.id && editing.column === column.name;
    const align = cellPresentationOf(column.type) === 'number' ? 'right' : 'left';
    if (isEditing && onCellEdit) {
      return (
        <TableCell key={column.name} align={align}>
          <CellEditor
            column={column}
            row={row}
            onSave={(value) => onCellEdit(row, column, value)}
            onClose={() => {
              focusAfterEdit.current = cellKey;
              setEditing(null);
            }}
          />
        </TableCell>
      );
    }
    const text = formatCellText(column, row.values[column.name], row.display[column.name], formatContext);
    return (
      <TableCell
        key={column.name}
        align={align}
        title={text || undefined}
        onDoubleClick={editable ? () => setEditing({ rowId: row.id, column: column.name }) : undefined}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
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
              data-edit-cell={cellKey}
              size="small"
              aria-label={t('dataTable.editCell', { column: column.header, name: row.label })}
              onClick={() => setEditing({ rowId: row.id, column: column.name })}
            >
              <EditIcon sx={{ fontSize: 16 }} />
            </IconButton>
          )}
        </Box>
      </TableCell>
    );
  };

  const renderCell = (row: DataTableRow, id: string, isSelected: boolean, toggle: () => void) => {
    if (id === SELECT_COLUMN) {
      return (
        <TableCell key={id} padding="checkbox">
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
        <TableCell key={id} sx={{ whiteSpace: 'nowrap' }}>
          {getEditHref && (
            <IconButton
              component={Link}
              to={getEditHref(row)}
              size="small"
              aria-label={t('dataTable.edit', { name: row.label })}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          )}
          {renderRowActions?.(row)}
        </TableCell>
      );
    }
    if (id === ATTACHMENT_COLUMN || id === DIGITAL_CONTENT_COLUMN) {
      const marked = id === ATTACHMENT_COLUMN ? row.hasAttachment : row.hasDigitalContent;
      const label = t(id === ATTACHMENT_COLUMN ? 'dataTable.hasAttachment' : 'dataTable.hasDigitalContent');
      return (
        <TableCell key={id} align="center">
          {marked &&
            (id === ATTACHMENT_COLUMN ? (
              <AttachFileIcon fontSize="small" titleAccess={label} />
            ) : (
              <VerifiedIcon fontSize="small" color="success" titleAccess={label} />
            ))}
        </TableCell>
      );
    }
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
      {transfer && (
        <Box data-no-print sx={{ mb: 1 }} role="status">
          <LinearProgress
            variant={transfer.kind === 'import' ? 'determinate' : 'indeterminate'}
            value={transfer.kind === 'import' ? Math.round(transfer.fraction * 100) : undefined}
            aria-label={
              transfer.kind === 'import'
                ? t('dataTable.importing', { percent: Math.round(transfer.fraction * 100) })
                : t('dataTable.exporting')
            }
          />
          <Box component="span" sx={{ typography: 'caption' }}>
            {transfer.kind === 'import'
              ? t('dataTable.importing', { percent: Math.round(transfer.fraction * 100) })
              : t('dataTable.exporting')}
          </Box>
        </Box>
      )}
      <TableContainer sx={{ position: 'relative' }}>
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
                  <TableCell key={header.column.id} component="td" />
                ),
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columnCount} align="center" sx={{ py: 4 }}>
                  {loading ? '' : t('dataTable.empty')}
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
