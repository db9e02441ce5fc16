import { assertNever, type FilterCondition } from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../infra/db/like-pattern.ts';
import { parseInstant } from '../items/field-values.ts';
import { fieldError } from './filter-errors.ts';
import type { ComparableKind, QueryField } from './query-fields.ts';

/** Most values one `in` / `notIn` condition may list. */
export const MAX_FILTER_LIST_VALUES = 500;
const MAX_TEXT_VALUE_LENGTH = 1000;
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A filter value checked for the field's kind and bound as a typed parameter: the parameter's type is fixed
 * here, so comparisons stay on the indexed expression's own type and never depend on what the client sent.
 */
export function typedValue(field: QueryField, raw: unknown): SQL {
  const kind: ComparableKind = field.kind;
  switch (kind) {
    case 'text':
      return sql`${textValue(field, raw)}::text`;
    case 'number':
      return numberParameter(field, numberValue(field, raw));
    case 'boolean':
      return sql`${booleanValue(field, raw)}::boolean`;
    case 'instant':
      return sql`${instantValue(field, raw)}::text`;
    case 'timestamp':
      return sql`${instantValue(field, raw)}::timestamptz`;
    case 'reference':
      return sql`${referenceValue(field, raw)}::bigint`;
    case 'references':
    case 'files':
      // Arrays are tested element by element (see elementJson), never compared whole.
      throw fieldError('filters', field.name, 'filterOperatorNotAllowed');
    default:
      return assertNever(kind);
  }
}

export function textValue(field: QueryField, raw: unknown): string {
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw !== 'string' || raw.length > MAX_TEXT_VALUE_LENGTH) {
    throw fieldError('filters', field.name, 'invalidValue');
  }
  return raw;
}

/** Spec §5: numeric filters accept only numbers (a JSON number or a plain decimal text). */
export function numberValue(field: QueryField, raw: unknown): string {
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'string' && NUMBER_TEXT.test(raw.trim())) return raw.trim();
  throw fieldError('filters', field.name, 'numericOnly');
}

/** A checked number bound as the field's numeric SQL type; integer columns refuse fractions (400, not a cast error). */
export function numberParameter(field: QueryField, text: string): SQL {
  const type = field.numericType;
  switch (type) {
    case 'numeric':
      return sql`${text}::numeric`;
    case 'bigint':
    case 'integer': {
      const number = Number(text);
      const limit = type === 'bigint' ? Number.MAX_SAFE_INTEGER : 2_147_483_647;
      if (!Number.isInteger(number) || Math.abs(number) > limit) {
        throw fieldError('filters', field.name, 'integerOnly');
      }
      return type === 'bigint' ? sql`${String(number)}::bigint` : sql`${String(number)}::integer`;
    }
    default:
      return assertNever(type);
  }
}

function booleanValue(field: QueryField, raw: unknown): boolean {
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw fieldError('filters', field.name, 'invalidValue');
}

/** Spec §5: a date filter value must be a valid date (years 1753–9999), compared as the stored ISO text. */
export function instantValue(field: QueryField, raw: unknown): string {
  const instant = parseInstant(raw);
  if (instant === null) throw fieldError('filters', field.name, 'incorrectDate');
  return instant;
}

export function referenceValue(field: QueryField, raw: unknown): number {
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw fieldError('filters', field.name, 'invalidValue');
  }
  return id;
}

/**
 * One element of a references array as JSON, for containment (`data->'key' @> '[element]'`): an id, or for
 * USERS_OR_GROUPS a `{ kind, id }` object (a bare id means a user).
 */
export function elementJson(field: QueryField, raw: unknown): string {
  if (field.kind !== 'references') throw fieldError('filters', field.name, 'filterOperatorNotAllowed');
  if (field.usersOrGroups) {
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      const { kind, id } = raw as { kind?: unknown; id?: unknown };
      if (kind !== 'user' && kind !== 'group') throw fieldError('filters', field.name, 'invalidValue');
      return JSON.stringify([{ kind, id: referenceValue(field, id) }]);
    }
    return JSON.stringify([{ kind: 'user', id: referenceValue(field, raw) }]);
  }
  return JSON.stringify([referenceValue(field, raw)]);
}

/** The values of an `in` / `notIn` condition: a non-empty list (a single value counts as a list of one). */
export function listValues(field: QueryField, condition: FilterCondition): unknown[] {
  const raw = condition.value;
  const list = Array.isArray(raw) ? raw : [raw];
  if (
    list.length === 0 ||
    list.length > MAX_FILTER_LIST_VALUES ||
    list.some((value) => value === undefined)
  ) {
    throw fieldError('filters', field.name, 'invalidValue');
  }
  return list;
}

/** `contains` on text: the value as an ILIKE pattern with its own wildcards escaped (they match literally). */
export function likePattern(
  field: QueryField,
  raw: unknown,
  shape: 'contains' | 'startsWith' | 'endsWith',
): string {
  const escaped = escapeLike(textValue(field, raw));
  switch (shape) {
    case 'contains':
      return `%${escaped}%`;
    case 'startsWith':
      return `${escaped}%`;
    case 'endsWith':
      return `%${escaped}`;
    default:
      return assertNever(shape);
  }
}
