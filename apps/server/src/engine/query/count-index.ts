import {
  type ComponentDefinition,
  type FilterGroup,
  type FilterOperator,
  isFilterGroup,
} from '@der/contracts';
import type { SQL } from 'drizzle-orm';
import { resolveQueryField } from './query-fields.ts';

/** Operators a btree index answers with a range of its entries. */
const INDEX_RANGE_OPERATORS = new Set<FilterOperator>(['eq', 'lt', 'lte', 'gt', 'gte', 'between']);

/**
 * The indexed expression a capped count should walk: that of the first condition, among conditions that must
 * all hold, comparing an indexed configured field by a range its partial expression index answers. Ordering
 * the count's rows by it makes the planner read that index from the first match on — without statistics for
 * such indexes it otherwise walks another one and, when few rows match, reads the whole component (a second at
 * 1 000 000 items for `valor < 40`). None when no such condition exists (an OR of conditions, say).
 */
export function countIndexExpression(
  component: ComponentDefinition,
  groups: readonly FilterGroup[],
): SQL | undefined {
  for (const group of groups) {
    if (group.logicSeparator === 'OR' && group.filters.length > 1) continue;
    for (const condition of group.filters) {
      if (isFilterGroup(condition) || !INDEX_RANGE_OPERATORS.has(condition.operator)) continue;
      const field = resolveQueryField(component, condition.field);
      if (field?.field?.indexed && field.sortExpression === field.expression) return field.expression;
    }
  }
  return undefined;
}
