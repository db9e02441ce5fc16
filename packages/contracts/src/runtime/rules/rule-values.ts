import { parseBrazilianNumber } from '../../common/numbers.ts';
import { assertNever } from '../../common/route.ts';
import type { FieldDefinition } from '../definition/field.ts';
import { fieldTypeTraits } from '../definition/field-type-registry.ts';

// How the rules read a raw value: whether it is empty, the instant it names, and its kind's form
// (the form expressions and field rules see).

/** Spec §5 / §9: dates from 1753 to 9999. */
export const DATE_MIN_YEAR = 1753;
export const DATE_MAX_YEAR = 9999;

const ISO_DATE_OR_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function isEmptyFieldValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The instant of an ISO date (read as UTC midnight) or date-time, when it is a real calendar day between the
 * years 1753 and 9999; null otherwise ('Incorrect Date').
 */
export function parseRuleInstant(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const match = ISO_DATE_OR_INSTANT.exec(text);
  if (!match) return null;
  const [, y, m, d, hh = '0', mm = '0', ss = '0', zone] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR || month < 1 || month > 12) return null;
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  const parsed = new Date(zone || text.length > 10 ? text : `${text}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return null;
  // A zone offset can move the instant across the range's ends (e.g. 9999-12-31T23:00-03:00).
  const utcYear = parsed.getUTCFullYear();
  return utcYear < DATE_MIN_YEAR || utcYear > DATE_MAX_YEAR ? null : parsed;
}

/**
 * A value as the rules read it and storage keeps it (FieldStorageKind): numbers typed in Brazilian notation as
 * numbers, 'true'/'false' as booleans, dates as ISO UTC instants. A value that does not read as its kind is
 * returned unchanged (its field rule reports it), so expressions never see '57,5' where they expect 57.5.
 */
export function toRuleValue(
  field: Pick<FieldDefinition, 'type'> & Pick<Partial<FieldDefinition>, 'columns'>,
  raw: unknown,
): unknown {
  if (isEmptyFieldValue(raw)) return raw;
  const kind = fieldTypeTraits(field.type).value;
  // A form holds a table's cells as it edits them ('false', '12,5'): each cell is read as its column's type.
  if (kind === 'rows') return tableRowsForRules(field.columns, raw);
  switch (kind) {
    case 'number':
      return parseBrazilianNumber(raw) ?? raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'instant':
      return parseRuleInstant(raw)?.toISOString() ?? raw;
    case 'text':
    case 'richText':
    case 'choice':
    case 'status':
    case 'reference':
    case 'usersOrGroups':
    case 'files':
      return raw;
    default:
      return assertNever(kind);
  }
}

function tableRowsForRules(columns: FieldDefinition['columns'], raw: unknown): unknown {
  if (!columns || !Array.isArray(raw)) return raw;
  const byKey = new Map(columns.map((column) => [column.key, column]));
  return raw.map((row) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) return row;
    return Object.fromEntries(
      Object.entries(row).map(([key, cell]) => {
        const column = byKey.get(key);
        return [key, column ? toRuleValue(column, cell) : cell];
      }),
    );
  });
}
