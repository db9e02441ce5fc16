import { assertNever, type FilterCondition } from '@der/contracts';
import { dayRangeOf } from '../../format/dateFilterInput.ts';
import { parseNumericInput } from '../../format/numericInput.ts';
import type { ColumnFilters, ColumnFilterValue, DataTableColumn, FilterNode } from './dataTableTypes.ts';
import { choiceFilterValue, filterKindOf } from './filterKind.ts';

function rangeCondition(
  field: string,
  from: string | number | null,
  to: string | number | null,
): FilterCondition | null {
  if (from !== null && to !== null) return { field, operator: 'between', value: from, valueTo: to };
  if (from !== null) return { field, operator: 'gte', value: from };
  if (to !== null) return { field, operator: 'lte', value: to };
  return null;
}

/** The condition one column's filter stands for, or null while it holds nothing valid. */
export function conditionOf(column: DataTableColumn, filter: ColumnFilterValue): FilterCondition | null {
  const field = column.name;
  switch (filter.kind) {
    case 'text': {
      const text = filter.text.trim();
      return text ? { field, operator: 'contains', value: text } : null;
    }
    case 'number':
      return rangeCondition(field, parseNumericInput(filter.from), parseNumericInput(filter.to));
    case 'date':
      // Spec §5: a date filter keeps a value only when it is a valid date (1753–9999); the day is the
      // department's calendar day, from its first to its last instant in America/Sao_Paulo.
      return rangeCondition(
        field,
        dayRangeOf(filter.from)?.start ?? null,
        dayRangeOf(filter.to)?.end ?? null,
      );
    case 'choice':
      return filter.value === ''
        ? null
        : { field, operator: 'eq', value: choiceFilterValue(column, filter.value) };
    default:
      return assertNever(filter);
  }
}

/** Text columns the search box looks in: the visible, filterable STRING and RICH_TEXT ones. */
export function searchableColumns(columns: readonly DataTableColumn[], hidden: readonly string[]) {
  return columns.filter((column) => filterKindOf(column) === 'text' && !hidden.includes(column.name));
}

/**
 * The filter tree of the table's state, for executeFilter and exports: every column filter (AND), and the
 * search box as one OR group of 'contains' over the searchable columns. Columns that are unknown or no longer
 * filterable are left out.
 */
export function buildFilterNodes(
  columns: readonly DataTableColumn[],
  filters: ColumnFilters,
  search: string,
  hidden: readonly string[],
): FilterNode[] {
  const nodes: FilterNode[] = [];
  for (const column of columns) {
    const filter = filters[column.name];
    if (!filter || filterKindOf(column) === null) continue;
    const condition = conditionOf(column, filter);
    if (condition) nodes.push(condition);
  }
  const text = search.trim();
  const searchIn = searchableColumns(columns, hidden);
  if (text && searchIn.length > 0) {
    nodes.push({
      logicSeparator: 'OR',
      filters: searchIn.map((column) => ({ field: column.name, operator: 'contains', value: text })),
    });
  }
  return nodes;
}
