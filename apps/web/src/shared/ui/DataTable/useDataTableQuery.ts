import { assertNever, type Sort } from '@der/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { buildFilterNodes } from './buildFilterNodes.ts';
import type { ColumnFilters, ColumnFilterValue, DataTableColumn, DataTableQuery } from './dataTableTypes.ts';

/** Typing in a filter or the search box asks for rows once the user pauses, not at every key. */
const FILTER_DEBOUNCE_MS = 350;

const NO_FILTERS: ColumnFilters = {};

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

interface QueryOptions {
  columns: readonly DataTableColumn[];
  hidden: string[];
  initialSort: Sort | null;
  initialRowsPerPage: number;
  /** Called with the page, order and filters to load, at first and on every change. */
  onQueryChange: (query: DataTableQuery) => void;
  /** Told when typed filters take effect (the selection may no longer match them). */
  onFiltersApplied: () => void;
}

/**
 * What the table asks its owner for: the search box and column filters (applied after a pause in typing),
 * the order and the page. A new filter or order shows the first page.
 */
export function useDataTableQuery({
  columns,
  hidden,
  initialSort,
  initialRowsPerPage,
  onQueryChange,
  onFiltersApplied,
}: QueryOptions) {
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
  const filtersAppliedRef = useRef(onFiltersApplied);
  filtersAppliedRef.current = onFiltersApplied;

  useEffect(() => {
    if (applied.search === search && applied.filters === filters) return;
    const timer = setTimeout(() => {
      setApplied({ search, filters });
      setPage(1);
      filtersAppliedRef.current();
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, applied]);

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

  return {
    query,
    search,
    setSearch,
    filters,
    setFilter: (name: string, value: ColumnFilterValue) =>
      setFilters((current) => ({ ...current, [name]: value })),
    hasFilters: search.trim() !== '' || Object.values(filters).some(hasValue),
    clearFilters: () => {
      setSearch('');
      setFilters({});
    },
    sort,
    changeSort: (next: Sort | null) => {
      setSort(next);
      setPage(1);
    },
    page,
    setPage,
    rowsPerPage,
    changeRowsPerPage: (next: number) => {
      setRowsPerPage(next);
      setPage(1);
    },
  };
}
