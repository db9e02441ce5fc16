import { CURRENT_USER, type FilterCondition } from '@der/contracts';
import { fieldError } from './filter-errors.ts';
import type { QueryField } from './query-fields.ts';

/** Who runs a query, for the CURRENT_USER filter value (none: a query run without a user, e.g. a migration). */
export interface FilterContext {
  currentUserId: number | null;
}

const holdsUsers = (field: QueryField) => field.type === 'USERS' || field.type === 'USERS_OR_GROUPS';

/**
 * The condition with CURRENT_USER replaced by the running user's id (in `value` or in an `in` list). Only fields
 * holding users take it: on any other field, or without a user, it answers 400 naming the field — a saved query
 * never silently matches nothing because the token was misplaced.
 */
export function bindCurrentUser(
  field: QueryField,
  condition: FilterCondition,
  context: FilterContext,
): FilterCondition {
  const bind = (raw: unknown): unknown => {
    if (raw !== CURRENT_USER) return raw;
    if (!holdsUsers(field) || context.currentUserId === null)
      throw fieldError('filters', field.name, 'invalidValue');
    return context.currentUserId;
  };
  const value = Array.isArray(condition.value) ? condition.value.map(bind) : bind(condition.value);
  return { ...condition, value, valueTo: bind(condition.valueTo) };
}
