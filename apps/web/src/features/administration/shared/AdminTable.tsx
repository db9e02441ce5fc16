import {
  Avatar,
  Box,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface AdminColumn<T> {
  id: string;
  label: string;
  /** The text filtered and sorted on. */
  value: (row: T) => string;
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  filterable?: boolean;
  width?: number;
}

export type SortDirection = 'asc' | 'desc';

/** Case- and accent-insensitive text for filters. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('pt-BR');
}

/** Rows kept by every filter (contains, ignoring case and accents) and sorted by the chosen column. */
export function filterAndSort<T>(
  rows: readonly T[],
  columns: readonly AdminColumn<T>[],
  filters: Record<string, string>,
  sort: { id: string; direction: SortDirection } | null,
): T[] {
  const active = columns.filter((column) => (filters[column.id] ?? '').trim() !== '');
  const kept = rows.filter((row) =>
    active.every((column) =>
      foldText(column.value(row)).includes(foldText((filters[column.id] ?? '').trim())),
    ),
  );
  const column = sort && columns.find((candidate) => candidate.id === sort.id);
  if (!sort || !column) return kept;
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...kept].sort(
    (a, b) => factor * column.value(a).localeCompare(column.value(b), 'pt-BR', { sensitivity: 'base' }),
  );
}

/** A name with its avatar (the user list's name column). */
export function AvatarName({ name, avatar }: { name: string; avatar: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Avatar src={avatar || undefined} alt="" sx={{ width: 32, height: 32 }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <span>{name}</span>
    </Box>
  );
}

/**
 * The administration grids: column headers with sorting and a text filter each, optional row selection with
 * a '{n} linha(s) selecionada(s)' toolbar, row click (and Enter) to open, and the empty-table text.
 */
export function AdminTable<T>({
  label,
  rows,
  columns,
  getRowId,
  initialSort = null,
  selectable = false,
  selected = [],
  onSelectedChange,
  onOpen,
  toolbarActions,
  bodyHeight,
  testId,
}: {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  columns: readonly AdminColumn<T>[];
  getRowId: (row: T) => number;
  initialSort?: { id: string; direction: SortDirection } | null;
  selectable?: boolean;
  selected?: readonly number[];
  onSelectedChange?: (ids: number[]) => void;
  onOpen?: (row: T) => void;
  toolbarActions?: ReactNode;
  /** CSS height of the scrolling body, e.g. 'calc(100vh - 232px)'. */
  bodyHeight?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [sort, setSort] = useState(initialSort);
  const shown = useMemo(() => filterAndSort(rows, columns, filters, sort), [rows, columns, filters, sort]);
  const shownIds = shown.map(getRowId);
  const selectedShown = shownIds.filter((id) => selected.includes(id));
  const allSelected = shown.length > 0 && selectedShown.length === shown.length;
  const anyFilter = columns.some((column) => column.filterable);

  const toggle = (id: number) =>
    onSelectedChange?.(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const toggleAll = () =>
    onSelectedChange?.(
      allSelected
        ? selected.filter((id) => !shownIds.includes(id))
        : [...new Set([...selected, ...shownIds])],
    );

  return (
    <Box data-testid={testId}>
      {(selectable || toolbarActions) && (
        <Toolbar disableGutters variant="dense" sx={{ gap: 1, minHeight: 48 }}>
          <Typography sx={{ flex: 1 }} role="status" data-testid="selection-label">
            {selectable && selected.length > 0 ? t('admin.table.selected', { count: selected.length }) : ''}
          </Typography>
          {toolbarActions}
        </Toolbar>
      )}
      <TableContainer sx={{ maxHeight: bodyHeight, height: bodyHeight }}>
        <Table stickyHeader size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allSelected}
                    indeterminate={selectedShown.length > 0 && !allSelected}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': t('admin.table.selectAll') } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  sx={{ width: column.width }}
                  sortDirection={sort?.id === column.id ? sort.direction : false}
                >
                  {column.sortable ? (
                    <TableSortLabel
                      active={sort?.id === column.id}
                      direction={sort?.id === column.id ? sort.direction : 'asc'}
                      onClick={() =>
                        setSort({
                          id: column.id,
                          direction: sort?.id === column.id && sort.direction === 'asc' ? 'desc' : 'asc',
                        })
                      }
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
            {anyFilter && (
              <TableRow>
                {selectable && <TableCell component="td" padding="checkbox" sx={{ top: 37 }} />}
                {columns.map((column) => (
                  <TableCell key={column.id} component="td" sx={{ top: 37 }}>
                    {column.filterable && (
                      <TextField
                        size="small"
                        variant="standard"
                        fullWidth
                        value={filters[column.id] ?? ''}
                        onChange={(event) => setFilters({ ...filters, [column.id]: event.target.value })}
                        slotProps={{
                          htmlInput: { 'aria-label': t('admin.table.filter', { column: column.label }) },
                        }}
                        placeholder={t('admin.table.filterPlaceholder')}
                      />
                    )}
                  </TableCell>
                ))}
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {shown.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + (selectable ? 1 : 0)} align="center">
                  {t('admin.table.empty')}
                </TableCell>
              </TableRow>
            ) : (
              shown.map((row) => {
                const id = getRowId(row);
                const isSelected = selected.includes(id);
                return (
                  <TableRow
                    key={id}
                    hover
                    selected={isSelected}
                    tabIndex={onOpen ? 0 : undefined}
                    data-row-id={id}
                    onClick={onOpen ? () => onOpen(row) : undefined}
                    onKeyDown={
                      onOpen
                        ? (event) => {
                            if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row);
                          }
                        : undefined
                    }
                    sx={{ cursor: onOpen ? 'pointer' : undefined }}
                  >
                    {selectable && (
                      <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                        <Checkbox
                          checked={isSelected}
                          onChange={() => toggle(id)}
                          slotProps={{
                            input: {
                              'aria-label': t('admin.table.selectRow', {
                                name: columns[0]?.value(row) ?? id,
                              }),
                            },
                          }}
                        />
                      </TableCell>
                    )}
                    {columns.map((column) => (
                      <TableCell key={column.id}>
                        {column.render ? column.render(row) : column.value(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
