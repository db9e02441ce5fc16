import {
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidPlate,
  isValidRenavam,
  normalizeCnpj,
  normalizeCpf,
  normalizePlate,
} from '../../common/br-documents.ts';
import { EMAIL_PATTERN } from '../../common/fields.ts';
import { parseBrazilianNumber } from '../../common/numbers.ts';
import { assertNever } from '../../common/route.ts';
import { formatValidationMessage, type ValidationMessageKey } from '../../common/validation-messages.ts';
import {
  type FieldDefinition,
  storageKindOf,
  TABLE_DEFAULT_MAX_ROWS,
  type TableColumn,
} from '../definition/field.ts';
import { fieldTypeTraits } from '../definition/field-type-registry.ts';
import { NUMERIC_FIELD_MAX, NUMERIC_FIELD_MIN } from '../definition/field-types.ts';
import type { LocalizedText } from '../definition/localized-text.ts';

/**
 * The field rules of spec §5 as pure checks, so the browser (instant feedback) and the server (authority) refuse
 * the same values with the same message keys (VALIDATION_MESSAGES). They check one value against its field's
 * definition and give it in the form storage keeps it; rules that need the database (whether a referenced id
 * exists) and the rich-text sanitiser stay on the server, which runs these first.
 */

/** A refused value: a key of VALIDATION_MESSAGES and the parameters its text quotes. */
export interface FieldRuleIssue {
  message: ValidationMessageKey;
  /** Values the message quotes; a LocalizedText one (a label) is quoted in the message's language. */
  params?: Record<string, string | number | LocalizedText>;
}

export type FieldRuleResult = { ok: true } | { ok: false; issue: FieldRuleIssue };

/** A value that keeps its field's rules, in its storage form (null: no value), or why it is refused. */
export type FieldValueResult = { ok: true; value: unknown } | { ok: false; issue: FieldRuleIssue };

/** RICH_TEXT and STRING without maxLength: a generous ceiling so one value cannot bloat a row. */
export const DEFAULT_TEXT_MAX = 100_000;

/** Spec §5 / §9: dates from 1753 to 9999. */
export const DATE_MIN_YEAR = 1753;
export const DATE_MAX_YEAR = 9999;

const ISO_DATE_OR_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const OK: FieldRuleResult = { ok: true };
const refuse = (
  message: ValidationMessageKey,
  params?: FieldRuleIssue['params'],
): { ok: false; issue: FieldRuleIssue } => ({
  ok: false,
  issue: params ? { message, params } : { message },
});
const accept = (value: unknown): FieldValueResult => ({ ok: true, value });
const ruleResult = (checked: FieldValueResult): FieldRuleResult => (checked.ok ? OK : checked);

export function isEmptyFieldValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Numeric bounds (default −1e22 … 1e21): out of bounds gives 'valueInRange' quoting both bounds. */
export function checkNumericRange(
  value: number,
  bounds: { minimum?: number | undefined; maximum?: number | undefined } = {},
): FieldRuleResult {
  const minimum = bounds.minimum ?? NUMERIC_FIELD_MIN;
  const maximum = bounds.maximum ?? NUMERIC_FIELD_MAX;
  return value < minimum || value > maximum ? refuse('valueInRange', { minimum, maximum }) : OK;
}

/** Currency (BRL) keeps two decimals at most; a tolerance absorbs binary fractions such as 0.1 + 0.2. */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6 * Math.max(1, Math.abs(cents));
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

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Named patterns of a STRING field (CPF/CNPJ/CEP/phone masks of spec §5, e-mail, plate, RENAVAM), the value
 * normalised as stored: e-mail lower-cased, documents, CEP and phone as their digits, the plate in capitals,
 * RENAVAM with its 11 digits.
 */
function namedPatternValue(
  pattern: NonNullable<FieldDefinition['pattern']>,
  value: string,
): FieldValueResult {
  const text = value.trim();
  switch (pattern) {
    case 'email':
      return EMAIL_PATTERN.test(text) ? accept(text.toLowerCase()) : refuse('invalidEmail');
    case 'cpf':
      return isValidCpf(text) ? accept(normalizeCpf(text)) : refuse('invalidCpf');
    case 'cnpj':
      return isValidCnpj(text) ? accept(normalizeCnpj(text)) : refuse('invalidCnpj');
    case 'cpfCnpj':
      if (isValidCpf(text)) return accept(normalizeCpf(text));
      return isValidCnpj(text) ? accept(normalizeCnpj(text)) : refuse('invalidCpfCnpj');
    case 'cep':
      return isValidCep(text) ? accept(digitsOf(text)) : refuse('invalidCep');
    case 'phone':
      return /^\d{10,11}$/.test(digitsOf(text)) ? accept(digitsOf(text)) : refuse('invalidPhone');
    case 'plate':
      return isValidPlate(text) ? accept(normalizePlate(text)) : refuse('invalidValue');
    case 'renavam': {
      if (!isValidRenavam(text)) return refuse('invalidValue');
      const digits = digitsOf(text);
      return accept(digits.length === 9 ? `00${digits}` : digits);
    }
    default:
      return assertNever(pattern);
  }
}

/**
 * An input mask in react-imask notation ('0' a digit, 'a' a letter, '*' any character, anything else a
 * literal): the value must fill every placeholder; literals may be typed or left out (raw digits are accepted).
 */
export function matchesMask(mask: string, value: string): boolean {
  let pattern = '';
  for (const character of mask) {
    if (character === '0') pattern += '\\d';
    else if (character === 'a') pattern += '[A-Za-z]';
    else if (character === '*') pattern += '.';
    else pattern += `${character.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}?`;
  }
  return new RegExp(`^${pattern}$`).test(value.trim());
}

/** The fields a value is checked against. */
export type CheckedField = Pick<
  FieldDefinition,
  | 'type'
  | 'required'
  | 'multiple'
  | 'minimum'
  | 'maximum'
  | 'maxLength'
  | 'pattern'
  | 'mask'
  | 'uppercase'
  | 'options'
  | 'columns'
  | 'maxRows'
>;

/**
 * Text (STRING, RICH_TEXT, a status key): trimmed (rich text kept as typed), capitals when the field says so,
 * the longest length (DEFAULT_TEXT_MAX when none is set), then for STRING the named pattern, else the mask.
 */
function textValue(field: CheckedField, raw: unknown): FieldValueResult {
  if (typeof raw !== 'string' && typeof raw !== 'number') return refuse('invalidValue');
  const kind = fieldTypeTraits(field.type).value;
  let text = kind === 'richText' ? String(raw) : String(raw).trim();
  if (field.uppercase) text = text.toLocaleUpperCase('pt-BR');
  const maximum = field.maxLength ?? DEFAULT_TEXT_MAX;
  if (text.length > maximum) return refuse('tooLong', { maximum });
  if (kind !== 'text') return accept(text);
  if (field.pattern !== undefined) return namedPatternValue(field.pattern, text);
  if (field.mask !== undefined && !matchesMask(field.mask, text))
    return refuse('maskMismatch', { mask: field.mask });
  return accept(text);
}

/** Numbers: numeric (Brazilian notation too), within bounds, whole for integers, two decimals for currency. */
function numberValue(field: CheckedField, raw: unknown): FieldValueResult {
  const value = parseBrazilianNumber(raw);
  if (value === null) return refuse('invalidValue');
  const range = checkNumericRange(value, field);
  if (!range.ok) return range;
  const format = fieldTypeTraits(field.type).number;
  if (format === 'integer' && !Number.isInteger(value)) return refuse('integerOnly');
  if (format === 'currency') {
    if (!hasAtMostTwoDecimals(value)) return refuse('currencyDecimals');
    return accept(Math.round(value * 100) / 100);
  }
  return accept(value);
}

function positiveId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A list of positive ids (a single id counts as a list of one), each once. */
function idsValue(raw: unknown): FieldValueResult {
  const ids: number[] = [];
  for (const entry of Array.isArray(raw) ? raw : [raw]) {
    const id = positiveId(entry);
    if (id === null) return refuse('invalidValue');
    if (!ids.includes(id)) ids.push(id);
  }
  return accept(ids);
}

/** USERS_OR_GROUPS: `{ kind: 'user' | 'group', id }` entries, each once. */
function usersOrGroupsValue(raw: unknown): FieldValueResult {
  const entries: Array<{ kind: 'user' | 'group'; id: number }> = [];
  for (const entry of Array.isArray(raw) ? raw : [raw]) {
    if (!entry || typeof entry !== 'object') return refuse('invalidValue');
    const { kind, id } = entry as { kind?: unknown; id?: unknown };
    const checkedId = positiveId(id);
    if ((kind !== 'user' && kind !== 'group') || checkedId === null) return refuse('invalidValue');
    if (!entries.some((known) => known.kind === kind && known.id === checkedId))
      entries.push({ kind, id: checkedId });
  }
  return accept(entries);
}

/** A TABLE column read as a field, so its cells keep the same §5 rules as a field's value. */
function columnAsField(column: TableColumn): CheckedField {
  return {
    type: column.type,
    required: column.required,
    multiple: false,
    minimum: column.minimum,
    maximum: column.maximum,
    maxLength: column.maxLength,
    pattern: undefined,
    mask: undefined,
    uppercase: column.uppercase,
    options: [],
  };
}

/** A cell's refusal, quoting its row (from 1), its column's label and why, in either language. */
function cellIssue(row: number, column: TableColumn, issue: FieldRuleIssue): FieldRuleIssue {
  const detail = {
    'pt-BR': formatValidationMessage(issue.message, 'pt-BR', issue.params),
    en: formatValidationMessage(issue.message, 'en', issue.params),
  };
  return { message: 'tableCellInvalid', params: { row, column: column.label, detail } };
}

/**
 * TABLE: a list of rows, each an object keyed by the field's columns (other keys refused), every cell kept by
 * its column's rules and stored in its storage form; a row with no value at all is dropped (an empty line the
 * user added and left), at most `maxRows` rows.
 */
function rowsValue(field: CheckedField, raw: unknown): FieldValueResult {
  if (!Array.isArray(raw)) return refuse('invalidValue');
  const columns = field.columns ?? [];
  const rows: Array<Record<string, unknown>> = [];
  for (const [index, entry] of raw.entries()) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      return refuse('tableRowInvalid', { row: index + 1 });
    const cells = entry as Record<string, unknown>;
    if (Object.keys(cells).some((key) => !columns.some((column) => column.key === key)))
      return refuse('tableRowInvalid', { row: index + 1 });
    if (columns.every((column) => isEmptyFieldValue(cells[column.key]))) continue;
    const row: Record<string, unknown> = {};
    for (const column of columns) {
      const checked = fieldValueOf(columnAsField(column), cells[column.key]);
      if (!checked.ok) return { ok: false, issue: cellIssue(rows.length + 1, column, checked.issue) };
      if (checked.value !== null) row[column.key] = checked.value;
    }
    rows.push(row);
  }
  const maximum = field.maxRows ?? TABLE_DEFAULT_MAX_ROWS;
  if (rows.length > maximum) return refuse('tooManyRows', { maximum });
  return rows.length === 0 ? accept(null) : accept(rows);
}

/**
 * Every §5 rule for one value of a configured field, the value given back in its storage form
 * (FieldStorageKind): required ('fillInThisField'; an empty value is null), numbers as JSON numbers within the
 * field's bounds (default −1e22 … 1e21, 'valueInRange'), whole for integers, currency with at most 2 decimals,
 * instants as ISO UTC text (years 1753–9999, 'incorrectDate'), text within its length with its named pattern
 * (CPF, CNPJ, e-mail, CEP, plate, RENAVAM, phone) normalised or its mask, picklist values among the options,
 * ids as positive integers. Whether referenced ids exist is the server's database check.
 */
export function fieldValueOf(
  field: CheckedField,
  raw: unknown,
  required: boolean = field.required,
): FieldValueResult {
  if (isEmptyFieldValue(raw)) return required ? refuse('fillInThisField') : accept(null);
  const kind = fieldTypeTraits(field.type).value;
  switch (kind) {
    case 'number':
      return numberValue(field, raw);
    case 'boolean':
      if (typeof raw === 'boolean') return accept(raw);
      return raw === 'true' || raw === 'false' ? accept(raw === 'true') : refuse('invalidValue');
    case 'instant': {
      const instant = parseRuleInstant(raw);
      return instant === null ? refuse('incorrectDate') : accept(instant.toISOString());
    }
    case 'choice': {
      const chosen = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : null;
      return chosen !== null && field.options.some((option) => option.value === chosen)
        ? accept(chosen)
        : refuse('invalidValue');
    }
    case 'text':
    case 'richText':
    case 'status':
      return textValue(field, raw);
    case 'reference':
      if (storageKindOf(field) === 'references') return idsValue(raw);
      return positiveId(raw) === null ? refuse('invalidValue') : accept(positiveId(raw));
    case 'usersOrGroups':
      return usersOrGroupsValue(raw);
    case 'files':
      return idsValue(raw);
    case 'rows': {
      const rows = rowsValue(field, raw);
      return rows.ok && rows.value === null && required ? refuse('fillInThisField') : rows;
    }
    default:
      return assertNever(kind);
  }
}

/** Whether a value keeps every §5 rule of its field (fieldValueOf without the stored form). */
export function checkFieldRules(
  field: CheckedField,
  raw: unknown,
  required: boolean = field.required,
): FieldRuleResult {
  return ruleResult(fieldValueOf(field, raw, required));
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

/** An 'HH:mm' time of day (minutes since midnight) or an ISO instant (epoch ms); null if neither. */
function timePoint(value: unknown): { kind: 'time' | 'instant'; at: number } | null {
  if (typeof value !== 'string') return null;
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (time) return { kind: 'time', at: Number(time[1]) * 60 + Number(time[2]) };
  const instant = parseRuleInstant(value);
  return instant ? { kind: 'instant', at: instant.getTime() } : null;
}

/**
 * Spec §5 "a time-entry note must start before its end": both 'HH:mm' times of one day or both ISO instants.
 * The issue belongs to the end; unreadable or mixed values are 'invalidTime'.
 */
export function checkTimeEntryNote(note: { start: unknown; end: unknown }): FieldRuleResult {
  const start = timePoint(note.start);
  const end = timePoint(note.end);
  if (start === null || end === null || start.kind !== end.kind) return refuse('invalidTime');
  return start.at < end.at ? OK : refuse('startBeforeEnd');
}
