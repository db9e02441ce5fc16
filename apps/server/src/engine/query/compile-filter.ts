import {
  assertNever,
  type ComponentDefinition,
  type FilterCondition,
  type FilterGroup,
  type FilterOperator,
  isFilterGroup,
  MAX_FILTER_CONDITIONS,
  MAX_FILTER_DEPTH,
} from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { bindCurrentUser, type FilterContext } from './current-user-value.ts';
import { fieldError } from './filter-errors.ts';
import { elementJson, likePattern, listValues, typedValue } from './filter-values.ts';
import type { ComparableKind, QueryField } from './query-fields.ts';
import { resolveQueryField } from './query-fields.ts';

/** Which operators make sense for each kind of value; any other answers 400 naming the field. */
const OPERATORS_BY_KIND: Record<ComparableKind, readonly FilterOperator[]> = {
  text: [
    'eq',
    'ne',
    'contains',
    'notContains',
    'startsWith',
    'endsWith',
    'in',
    'notIn',
    'isEmpty',
    'isNotEmpty',
  ],
  number: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'between', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  instant: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'between', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  timestamp: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'between', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  boolean: ['eq', 'ne', 'isEmpty', 'isNotEmpty'],
  reference: ['eq', 'ne', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  references: ['contains', 'notContains', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
  files: ['isEmpty', 'isNotEmpty'],
};

const TRUE = sql`true`;

/** Text is empty when absent or ''; arrays when absent or []; everything else when absent. */
function isEmpty(field: QueryField): SQL {
  const value = field.expression;
  switch (field.kind) {
    case 'text':
      return sql`(${value} is null or ${value} = '')`;
    case 'references':
    case 'files':
      return sql`(${value} is null or ${value} = '[]'::jsonb)`;
    default:
      return sql`(${value} is null)`;
  }
}

/** Negations keep the items that have no value: "status is not X" lists the ones without a status too. */
function orEmpty(field: QueryField, condition: SQL): SQL {
  return sql`(${field.expression} is null or ${condition})`;
}

function compileCondition(field: QueryField, condition: FilterCondition): SQL {
  const { operator } = condition;
  if (!OPERATORS_BY_KIND[field.kind].includes(operator)) {
    throw fieldError('filters', field.name, 'filterOperatorNotAllowed');
  }
  const value = field.expression;
  const typed = () => typedValue(field, condition.value);
  switch (operator) {
    case 'eq':
      return sql`${value} = ${typed()}`;
    case 'ne':
      return orEmpty(field, sql`${value} <> ${typed()}`);
    case 'lt':
      return sql`${value} < ${typed()}`;
    case 'lte':
      return sql`${value} <= ${typed()}`;
    case 'gt':
      return sql`${value} > ${typed()}`;
    case 'gte':
      return sql`${value} >= ${typed()}`;
    case 'between': {
      const to = typedValue(field, condition.valueTo);
      return sql`(${value} >= ${typed()} and ${value} <= ${to})`;
    }
    case 'contains':
    case 'notContains': {
      const matches =
        field.kind === 'references'
          ? sql`${value} @> ${elementJson(field, condition.value)}::jsonb`
          : sql`${value} ilike ${likePattern(field, condition.value, 'contains')}`;
      return operator === 'contains' ? matches : orEmpty(field, sql`not ${matches}`);
    }
    case 'startsWith':
      return sql`${value} ilike ${likePattern(field, condition.value, 'startsWith')}`;
    case 'endsWith':
      return sql`${value} ilike ${likePattern(field, condition.value, 'endsWith')}`;
    case 'in':
    case 'notIn': {
      const values = listValues(field, condition);
      const matches =
        field.kind === 'references'
          ? sql`(${sql.join(
              values.map((entry) => sql`${value} @> ${elementJson(field, entry)}::jsonb`),
              sql` or `,
            )})`
          : sql`${value} in (${sql.join(
              values.map((entry) => typedValue(field, entry)),
              sql`, `,
            )})`;
      return operator === 'in' ? matches : orEmpty(field, sql`not ${matches}`);
    }
    case 'isEmpty':
      return isEmpty(field);
    case 'isNotEmpty':
      return sql`not ${isEmpty(field)}`;
    default:
      return assertNever(operator);
  }
}

/**
 * A filter tree (spec §3 `filters` / `logicSeparator`) as one SQL predicate over runtime_items. Every field name
 * is resolved against the component's definition and the system field keys (unknown → 400 naming it); values
 * are checked for the field's type (a numeric filter with a non-number → 400 naming the field, spec §5) and
 * bound as typed parameters; configured fields compare through THE indexed expression (field-expression.ts).
 * An empty group constrains nothing. At most MAX_FILTER_DEPTH levels and MAX_FILTER_CONDITIONS conditions.
 * CURRENT_USER values become the context's user (current-user-value.ts).
 */
export function compileFilter(
  group: FilterGroup,
  component: ComponentDefinition,
  context: FilterContext = { currentUserId: null },
): SQL {
  let conditions = 0;

  const compileGroup = (node: FilterGroup, depth: number): SQL => {
    if (depth > MAX_FILTER_DEPTH) throw fieldError('filters', 'logicSeparator', 'filterTooDeep');
    const parts = node.filters.map((child) => {
      if (isFilterGroup(child)) return compileGroup(child, depth + 1);
      conditions += 1;
      if (conditions > MAX_FILTER_CONDITIONS) throw fieldError('filters', child.field, 'filterTooLarge');
      const field = resolveQueryField(component, child.field);
      if (!field) throw fieldError('filters', child.field, 'unknownField');
      return compileCondition(field, bindCurrentUser(field, child, context));
    });
    if (parts.length === 0) return TRUE;
    const joiner = node.logicSeparator === 'OR' ? sql` or ` : sql` and `;
    return sql`(${sql.join(parts, joiner)})`;
  };

  return compileGroup(group, 1);
}
