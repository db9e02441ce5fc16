import {
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidPlate,
  isValidRenavam,
} from '../../common/br-documents.ts';
import { EMAIL_PATTERN } from '../../common/fields.ts';
import { parseBrazilianNumber } from '../../common/numbers.ts';
import { assertNever } from '../../common/route.ts';
import type { ValidationMessageKey } from '../../common/validation-messages.ts';
import type { FieldDefinition } from '../definition/field.ts';
import { NUMERIC_FIELD_MAX, NUMERIC_FIELD_MIN } from '../definition/field-types.ts';

/**
 * The field rules of spec §5 as pure checks, so the browser (instant feedback) and the server (authority) refuse
 * the same values with the same message keys (VALIDATION_MESSAGES). They check one value against its field's
 * definition; rules that need the database (whether a referenced id exists) stay on the server.
 */

/** A refused value: a key of VALIDATION_MESSAGES and the parameters its text quotes. */
export interface FieldRuleIssue {
  message: ValidationMessageKey;
  params?: Record<string, string | number>;
}

export type FieldRuleResult = { ok: true } | { ok: false; issue: FieldRuleIssue };

/** Spec §5 / §9: dates from 1753 to 9999. */
export const DATE_MIN_YEAR = 1753;
export const DATE_MAX_YEAR = 9999;

const ISO_DATE_OR_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const OK: FieldRuleResult = { ok: true };
const refuse = (message: ValidationMessageKey, params?: FieldRuleIssue['params']): FieldRuleResult => ({
  ok: false,
  issue: params ? { message, params } : { message },
});

export function isEmptyFieldValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Required and empty gives 'fillInThisField' (spec §5). */
export function checkRequired(value: unknown, required: boolean): FieldRuleResult {
  return required && isEmptyFieldValue(value) ? refuse('fillInThisField') : OK;
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

export function checkDate(value: unknown): FieldRuleResult {
  return parseRuleInstant(value) === null ? refuse('incorrectDate') : OK;
}

export function checkEmail(value: string): FieldRuleResult {
  return EMAIL_PATTERN.test(value.trim()) ? OK : refuse('invalidEmail');
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Named patterns of a STRING field (CPF/CNPJ/CEP/phone masks of spec §5, e-mail, plate, RENAVAM). */
export function checkNamedPattern(
  pattern: NonNullable<FieldDefinition['pattern']>,
  value: string,
): FieldRuleResult {
  switch (pattern) {
    case 'email':
      return checkEmail(value);
    case 'cpf':
      return isValidCpf(value) ? OK : refuse('invalidCpf');
    case 'cnpj':
      return isValidCnpj(value) ? OK : refuse('invalidCnpj');
    case 'cpfCnpj':
      return isValidCpf(value) || isValidCnpj(value) ? OK : refuse('invalidCpfCnpj');
    case 'cep':
      return isValidCep(value) ? OK : refuse('invalidCep');
    case 'phone':
      return /^\d{10,11}$/.test(digitsOf(value)) ? OK : refuse('invalidPhone');
    case 'plate':
      return isValidPlate(value) ? OK : refuse('invalidValue');
    case 'renavam':
      return isValidRenavam(value) ? OK : refuse('invalidValue');
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

/** Text checks: longest length, then the named pattern, else the mask. */
export function checkText(field: Pick<FieldDefinition, 'maxLength' | 'pattern' | 'mask'>, value: string) {
  if (field.maxLength !== undefined && value.length > field.maxLength)
    return refuse('tooLong', { maximum: field.maxLength });
  if (field.pattern !== undefined) return checkNamedPattern(field.pattern, value);
  if (field.mask !== undefined && !matchesMask(field.mask, value))
    return refuse('maskMismatch', { mask: field.mask });
  return OK;
}

/** Numbers: numeric, within bounds, whole for INTEGER, two decimals for CURRENCY. */
export function checkNumber(
  field: Pick<FieldDefinition, 'type' | 'minimum' | 'maximum'>,
  raw: unknown,
): FieldRuleResult {
  const value = parseBrazilianNumber(raw);
  if (value === null) return refuse('invalidValue');
  const range = checkNumericRange(value, field);
  if (!range.ok) return range;
  if (field.type === 'INTEGER' && !Number.isInteger(value)) return refuse('integerOnly');
  if (field.type === 'CURRENCY' && !hasAtMostTwoDecimals(value)) return refuse('currencyDecimals');
  return OK;
}

/**
 * Every §5 rule for one value of a configured field: required ('fillInThisField'), numbers (bounds
 * 'valueInRange', integers, currency with 2 decimals), dates ('incorrectDate', years 1753–9999), text (length,
 * e-mail, CPF/CNPJ/CEP/phone, mask) and picklist options. Reference and file kinds are only required-checked
 * here: whether the ids exist is the server's database check.
 */
export function checkFieldRules(
  field: Pick<
    FieldDefinition,
    'type' | 'required' | 'minimum' | 'maximum' | 'maxLength' | 'pattern' | 'mask' | 'options'
  >,
  raw: unknown,
  required: boolean = field.required,
): FieldRuleResult {
  if (isEmptyFieldValue(raw)) return checkRequired(raw, required);
  const type = field.type;
  switch (type) {
    case 'INTEGER':
    case 'DECIMAL':
    case 'CURRENCY':
    case 'PERCENTILE':
    case 'DURATION':
      return checkNumber(field, raw);
    case 'DATE_TIME':
      return checkDate(raw);
    case 'STRING':
      return typeof raw === 'string' || typeof raw === 'number'
        ? checkText(field, String(raw).trim())
        : refuse('invalidValue');
    case 'RICH_TEXT':
      return typeof raw === 'string'
        ? checkText({ maxLength: field.maxLength }, raw)
        : refuse('invalidValue');
    case 'PICKLIST':
      return field.options.some((option) => option.value === String(raw)) ? OK : refuse('invalidValue');
    case 'BOOLEAN':
      return typeof raw === 'boolean' || raw === 'true' || raw === 'false' ? OK : refuse('invalidValue');
    case 'ITEM_TYPE_STATUS':
    case 'USERS':
    case 'USERS_OR_GROUPS':
    case 'GROUPS':
    case 'COMPANY':
    case 'PROJECT':
    case 'CALENDAR':
    case 'ORGANIZATIONAL_STRUCTURE':
    case 'RESOURCES':
    case 'GENERIC_ITEM_TYPE':
    case 'BINARY':
    case 'SVN_FILES':
    case 'CVS_FILES':
      return OK;
    default:
      return assertNever(type);
  }
}

/**
 * A value as the rules read it and storage keeps it (FieldStorageKind): numbers typed in Brazilian notation as
 * numbers, 'true'/'false' as booleans, dates as ISO UTC instants. A value that does not read as its kind is
 * returned unchanged (its field rule reports it), so expressions never see '57,5' where they expect 57.5.
 */
export function toRuleValue(field: Pick<FieldDefinition, 'type'>, raw: unknown): unknown {
  if (isEmptyFieldValue(raw)) return raw;
  switch (field.type) {
    case 'INTEGER':
    case 'DECIMAL':
    case 'CURRENCY':
    case 'PERCENTILE':
    case 'DURATION':
      return parseBrazilianNumber(raw) ?? raw;
    case 'BOOLEAN':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'DATE_TIME':
      return parseRuleInstant(raw)?.toISOString() ?? raw;
    default:
      return raw;
  }
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
