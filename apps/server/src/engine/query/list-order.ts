import { assertNever, type ComponentDefinition, type SortDirection } from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { runtimeItems } from '../items/items.table.ts';
import { fieldError } from './filter-errors.ts';
import { type ComparableKind, type QueryField, resolveQueryField } from './query-fields.ts';

/**
 * A list's order: one sort field, then the item id in the same direction, so every row has one place and a
 * cursor (last sort value + id) names a position exactly. Ascending puts items without a value last and
 * descending first — PostgreSQL's own defaults, so a forward or backward scan of the `((expression), id)`
 * index serves both without a sort step.
 */
export interface ListOrder {
  field: QueryField;
  direction: SortDirection;
  /** The sort expression (a readable name for references). */
  expression: SQL;
  /** The kind the cursor's value is cast back to. */
  cursorKind: ComparableKind;
}

export function resolveOrder(
  component: ComponentDefinition,
  sort: { field: string; sortDirection: SortDirection },
): ListOrder {
  const field = resolveQueryField(component, sort.field);
  if (!field) throw fieldError('sort', sort.field, 'unknownField');
  if (!field.sortExpression) throw fieldError('sort', sort.field, 'fieldNotSortable');
  // References sort by a name (user, project title): compared as text in a cursor.
  const cursorKind: ComparableKind = field.sortExpression === field.expression ? field.kind : 'text';
  return { field, direction: sort.sortDirection, expression: field.sortExpression, cursorKind };
}

export function orderByClause(order: ListOrder): SQL[] {
  return order.direction === 'asc'
    ? [sql`${order.expression} asc nulls last`, sql`${runtimeItems.id} asc`]
    : [sql`${order.expression} desc nulls first`, sql`${runtimeItems.id} desc`];
}

/** The sort value as exact text (numeric digits, timestamptz with microseconds): what a cursor keeps. */
export function sortValueAsText(order: ListOrder): SQL<string | null> {
  return sql<string | null>`(${order.expression})::text`;
}

/** The cursor's text value cast back to the sort expression's type, so the comparison stays on the index. */
function castBack(order: ListOrder, value: string): SQL {
  const kind = order.cursorKind;
  switch (kind) {
    case 'text':
    case 'instant':
      return sql`${value}::text`;
    case 'number':
      return order.field.numericType === 'numeric'
        ? sql`${value}::numeric`
        : order.field.numericType === 'bigint'
          ? sql`${value}::bigint`
          : sql`${value}::integer`;
    case 'boolean':
      return sql`${value}::boolean`;
    case 'timestamp':
      return sql`${value}::timestamptz`;
    case 'reference':
      return sql`${value}::bigint`;
    case 'references':
    case 'files':
      throw new Error('arrays are not sortable');
    default:
      return assertNever(kind);
  }
}

/** Where a page starts: after the row with this sort value (null: no value) and id. */
export interface CursorPosition {
  value: string | null;
  id: number;
}

/**
 * The rows after a cursor position, split into the two segments of the order (rows with a value, rows
 * without), because each segment is one contiguous range of the index: `(expr, id) > (v, id)` or
 * `expr is null and id > id`. Ascending: values first, then the empties; descending the other way round.
 * Returned in order; the caller reads the first segment and only then the second, so no query ORs the two
 * (which would defeat the index range).
 */
export function segmentsAfter(order: ListOrder, cursor: CursorPosition | null): SQL[] {
  const expression = order.expression;
  const hasValue = sql`${expression} is not null`;
  const noValue = sql`${expression} is null`;
  const ascending = order.direction === 'asc';
  if (cursor === null) return ascending ? [hasValue, noValue] : [noValue, hasValue];
  const id = sql`${cursor.id}::bigint`;
  if (cursor.value === null) {
    // Inside the empties' segment: ids beyond the cursor's, then (descending) every row with a value.
    const rest = ascending
      ? sql`(${noValue} and ${runtimeItems.id} > ${id})`
      : sql`(${noValue} and ${runtimeItems.id} < ${id})`;
    return ascending ? [rest] : [rest, hasValue];
  }
  const value = castBack(order, cursor.value);
  // The redundant single-column bound lets an index on the expression alone serve the range too.
  const after = ascending
    ? sql`(${expression} >= ${value} and (${expression}, ${runtimeItems.id}) > (${value}, ${id}))`
    : sql`(${expression} <= ${value} and (${expression}, ${runtimeItems.id}) < (${value}, ${id}))`;
  return ascending ? [after, noValue] : [after];
}

interface CursorPayload {
  /** Sort field and direction the cursor was made for. */
  f: string;
  d: SortDirection;
  v: string | null;
  i: number;
}

/** An opaque token for `after`: the last row's sort value and id, tied to the sort it was made for. */
export function encodeCursor(order: ListOrder, position: CursorPosition): string {
  const payload: CursorPayload = {
    f: order.field.name,
    d: order.direction,
    v: position.value,
    i: position.id,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/** The position of a cursor made for this order; 400 when it is malformed or made for another sort. */
export function decodeCursor(order: ListOrder, token: string): CursorPosition {
  let payload: Partial<CursorPayload>;
  try {
    payload = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<CursorPayload>;
  } catch {
    throw fieldError('after', 'cursor', 'invalidCursor');
  }
  const valid =
    payload &&
    payload.f === order.field.name &&
    payload.d === order.direction &&
    (payload.v === null || (typeof payload.v === 'string' && payload.v.length <= 1000)) &&
    typeof payload.i === 'number' &&
    Number.isSafeInteger(payload.i);
  if (!valid) throw fieldError('after', 'cursor', 'invalidCursor');
  const value = payload.v as string | null;
  if (value !== null) assertCastable(order, value);
  return { value, id: payload.i as number };
}

/** A cursor value that would not cast (a forged token) must be a 400, not a database error. */
function assertCastable(order: ListOrder, value: string): void {
  const ok = (() => {
    switch (order.cursorKind) {
      case 'number':
        return order.field.numericType === 'numeric'
          ? /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)
          : /^-?\d{1,19}$/.test(value);
      case 'reference':
        return /^-?\d{1,19}$/.test(value);
      case 'boolean':
        return value === 'true' || value === 'false';
      case 'timestamp':
        return /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(value);
      default:
        return true;
    }
  })();
  if (!ok) throw fieldError('after', 'cursor', 'invalidCursor');
}
