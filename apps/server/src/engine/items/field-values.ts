import {
  assertNever,
  EMAIL_PATTERN,
  type FieldDefinition,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidPlate,
  isValidRenavam,
  NUMERIC_FIELD_MAX,
  NUMERIC_FIELD_MIN,
  normalizeCnpj,
  normalizeCpf,
  normalizePlate,
  parseBrazilianNumber,
  storageKindOf,
  type ValidationMessageKey,
} from '@der/contracts';
import { sanitizeRichText } from './rich-text.ts';

/** A refused value: a key of VALIDATION_MESSAGES and the parameters its text quotes. */
export interface ValueIssue {
  message: ValidationMessageKey;
  params?: Record<string, unknown>;
}

/** The value to store (null: remove the key from `data`), or why it is refused. */
export type CheckedValue = { ok: true; value: unknown } | { ok: false; issue: ValueIssue };

/** Spec §5 / §9: dates from 1753 to 9999. */
const DATE_MIN_YEAR = 1753;
const DATE_MAX_YEAR = 9999;
/** RICH_TEXT and STRING without maxLength: a generous ceiling so one value cannot bloat a row. */
const DEFAULT_TEXT_MAX = 100_000;
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const refuse = (message: ValidationMessageKey, params?: Record<string, unknown>): CheckedValue => ({
  ok: false,
  issue: params ? { message, params } : { message },
});
const accept = (value: unknown): CheckedValue => ({ ok: true, value });

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * An ISO date or instant with a real calendar day, years 1753–9999, as the fixed-width ISO UTC text the
 * `instant` storage kind keeps (text order = time order); null when it is not one. A date without a zone is
 * read as UTC.
 */
export function parseInstant(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const match = ISO_INSTANT.exec(text);
  if (!match) return null;
  const [, y, m, d, hh = '0', mm = '0', ss = '0', zone] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR || month < 1 || month > 12) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return null;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  const parsed = new Date(zone || text.length > 10 ? text : `${text}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return null;
  // A zone offset can move the instant across the range's ends (e.g. 9999-12-31T23:00-03:00).
  const utcYear = parsed.getUTCFullYear();
  if (utcYear < DATE_MIN_YEAR || utcYear > DATE_MAX_YEAR) return null;
  return parsed.toISOString();
}

function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6 * Math.max(1, Math.abs(cents));
}

function positiveId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function checkNumber(field: FieldDefinition, raw: unknown): CheckedValue {
  const number = parseBrazilianNumber(raw);
  if (number === null) return refuse('invalidValue');
  const minimum = field.minimum ?? NUMERIC_FIELD_MIN;
  const maximum = field.maximum ?? NUMERIC_FIELD_MAX;
  if (number < minimum || number > maximum) return refuse('valueInRange', { minimum, maximum });
  if (field.type === 'INTEGER' && !Number.isInteger(number)) return refuse('integerOnly');
  if (field.type === 'CURRENCY') {
    if (!hasAtMostTwoDecimals(number)) return refuse('currencyDecimals');
    return accept(Math.round(number * 100) / 100);
  }
  return accept(number);
}

function checkPattern(field: FieldDefinition, text: string): CheckedValue {
  const pattern = field.pattern;
  if (pattern === undefined) return accept(text);
  switch (pattern) {
    case 'email':
      return EMAIL_PATTERN.test(text) ? accept(text.toLowerCase()) : refuse('invalidEmail');
    case 'cpf':
      return isValidCpf(text) ? accept(normalizeCpf(text)) : refuse('invalidCpf');
    case 'cnpj':
      return isValidCnpj(text) ? accept(normalizeCnpj(text)) : refuse('invalidCnpj');
    case 'cpfCnpj':
      if (isValidCpf(text)) return accept(normalizeCpf(text));
      return isValidCnpj(text) ? accept(normalizeCnpj(text)) : refuse('invalidValue');
    case 'cep':
      return isValidCep(text) ? accept(text.replace(/\D/g, '')) : refuse('invalidValue');
    case 'phone': {
      const digits = text.replace(/\D/g, '');
      return /^\d{10,11}$/.test(digits) ? accept(digits) : refuse('invalidValue');
    }
    case 'plate':
      return isValidPlate(text) ? accept(normalizePlate(text)) : refuse('invalidValue');
    case 'renavam': {
      if (!isValidRenavam(text)) return refuse('invalidValue');
      const digits = text.replace(/\D/g, '');
      return accept(digits.length === 9 ? `00${digits}` : digits);
    }
    default:
      return assertNever(pattern);
  }
}

function checkText(field: FieldDefinition, raw: unknown): CheckedValue {
  if (typeof raw !== 'string' && typeof raw !== 'number') return refuse('invalidValue');
  let text = field.type === 'RICH_TEXT' ? String(raw) : String(raw).trim();
  if (field.uppercase) text = text.toLocaleUpperCase('pt-BR');
  const maximum = field.maxLength ?? DEFAULT_TEXT_MAX;
  if (text.length > maximum) return refuse('tooLong', { maximum });
  if (field.type === 'RICH_TEXT') return checkRichText(field, text, maximum);
  return field.type === 'STRING' ? checkPattern(field, text) : accept(text);
}

/** Rich text is stored sanitised (rich-text.ts); markup that leaves nothing is an empty value. */
function checkRichText(field: FieldDefinition, html: string, maximum: number): CheckedValue {
  const sanitised = sanitizeRichText(html);
  if (sanitised.trim() === '') return field.required ? refuse('fillInThisField') : accept(null);
  // Escaping can lengthen the text a little: the stored value is what the limit is about.
  return sanitised.length > maximum ? refuse('tooLong', { maximum }) : accept(sanitised);
}

function checkIds(raw: unknown): CheckedValue {
  const list = Array.isArray(raw) ? raw : [raw];
  const ids: number[] = [];
  for (const entry of list) {
    const id = positiveId(entry);
    if (id === null) return refuse('invalidValue');
    if (!ids.includes(id)) ids.push(id);
  }
  return accept(ids);
}

function checkUsersOrGroups(raw: unknown): CheckedValue {
  const list = Array.isArray(raw) ? raw : [raw];
  const entries: Array<{ kind: 'user' | 'group'; id: number }> = [];
  for (const entry of list) {
    if (!entry || typeof entry !== 'object') return refuse('invalidValue');
    const { kind, id } = entry as { kind?: unknown; id?: unknown };
    const checkedId = positiveId(id);
    if ((kind !== 'user' && kind !== 'group') || checkedId === null) return refuse('invalidValue');
    if (!entries.some((known) => known.kind === kind && known.id === checkedId))
      entries.push({ kind, id: checkedId });
  }
  return accept(entries);
}

/**
 * Server-authoritative check of one configured field value (spec §3 field types, §5 rules), returning the
 * value in its storage form (FieldStorageKind): numbers as JSON numbers within the field's bounds (default
 * −1e22 … 1e21), currency with at most 2 decimals, instants as ISO UTC text (years 1753–9999), picklist values
 * among the options, named patterns (CPF, CNPJ, e-mail, CEP, plate, RENAVAM, phone) normalised, ids as
 * positive integers. An empty value is null (the key is removed), refused when the field is required.
 * Whether referenced ids exist is checked by the caller (item-references.ts), which needs the database.
 */
export function checkFieldValue(field: FieldDefinition, raw: unknown): CheckedValue {
  if (isEmptyValue(raw)) return field.required ? refuse('fillInThisField') : accept(null);
  const kind = storageKindOf(field);
  switch (kind) {
    case 'number':
      return checkNumber(field, raw);
    case 'boolean':
      if (typeof raw === 'boolean') return accept(raw);
      return raw === 'true' || raw === 'false' ? accept(raw === 'true') : refuse('invalidValue');
    case 'instant': {
      const instant = parseInstant(raw);
      return instant === null ? refuse('incorrectDate') : accept(instant);
    }
    case 'text':
      if (field.type === 'PICKLIST') {
        const chosen = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : null;
        return chosen !== null && field.options.some((option) => option.value === chosen)
          ? accept(chosen)
          : refuse('invalidValue');
      }
      return checkText(field, raw);
    case 'reference': {
      const id = positiveId(raw);
      return id === null ? refuse('invalidValue') : accept(id);
    }
    case 'references':
      return field.type === 'USERS_OR_GROUPS' ? checkUsersOrGroups(raw) : checkIds(raw);
    case 'files':
      return checkIds(raw);
    default:
      return assertNever(kind);
  }
}
