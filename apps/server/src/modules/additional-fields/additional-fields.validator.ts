import {
  ADDITIONAL_FIELD_NUMBER_MAX,
  ADDITIONAL_FIELD_NUMBER_MIN,
  ADDITIONAL_FIELD_TEXT_MAX,
  type AdditionalFieldOption,
  type AdditionalFieldType,
  parseBrazilianNumber,
  type ValidationMessageKey,
} from '@der/contracts';

/** What the validator needs of a definition. */
export interface AdditionalFieldRule {
  name: string;
  type: AdditionalFieldType;
  required: boolean;
  options: AdditionalFieldOption[];
}

/** A field issue with an untranslated message key and the parameters its text needs. */
export interface AdditionalFieldIssue {
  field: string;
  message: ValidationMessageKey;
  params?: Record<string, unknown>;
}

export interface AdditionalFieldsValidation {
  /** Normalised values of the defined fields only (unknown keys are dropped; empty optional fields too). */
  values: Record<string, unknown>;
  issues: AdditionalFieldIssue[];
}

const DATE_MIN_YEAR = 1753;
const DATE_MAX_YEAR = 9999;
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Shared with the browser: packages/contracts common/numbers.ts. */
export const parseNumber = parseBrazilianNumber;

function hasAtMostTwoDecimals(value: number): boolean {
  if (Number.isInteger(value)) return true;
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** An ISO date or instant with a real calendar day, year 1753–9999; the instant as ISO text, else null. */
export function parseDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [, y, m, d, hh = '0', mm = '0', ss = '0'] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR || month < 1 || month > 12) return null;
  // Day 0 of the next month is the last day of this one (years from 1753 are taken literally by Date.UTC).
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return null;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  const parsed = new Date(value.trim());
  if (Number.isNaN(parsed.getTime())) return null;
  return parsed.toISOString();
}

function checkOne(
  rule: AdditionalFieldRule,
  raw: unknown,
):
  | { ok: true; value: unknown }
  | { ok: false; message: ValidationMessageKey; params?: Record<string, unknown> } {
  switch (rule.type) {
    case 'STRING': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { ok: false, message: 'invalidValue' };
      const text = String(raw).trim();
      if (text.length > ADDITIONAL_FIELD_TEXT_MAX) {
        return { ok: false, message: 'tooLong', params: { maximum: ADDITIONAL_FIELD_TEXT_MAX } };
      }
      return { ok: true, value: text };
    }
    case 'INTEGER':
    case 'DECIMAL':
    case 'CURRENCY': {
      const number = parseNumber(raw);
      if (number === null) return { ok: false, message: 'invalidValue' };
      if (number < ADDITIONAL_FIELD_NUMBER_MIN || number > ADDITIONAL_FIELD_NUMBER_MAX) {
        return {
          ok: false,
          message: 'valueInRange',
          params: { minimum: ADDITIONAL_FIELD_NUMBER_MIN, maximum: ADDITIONAL_FIELD_NUMBER_MAX },
        };
      }
      if (rule.type === 'INTEGER' && !Number.isInteger(number)) return { ok: false, message: 'invalidValue' };
      if (rule.type === 'CURRENCY' && !hasAtMostTwoDecimals(number)) {
        return { ok: false, message: 'invalidValue' };
      }
      return { ok: true, value: rule.type === 'CURRENCY' ? Math.round(number * 100) / 100 : number };
    }
    case 'BOOLEAN': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
      return { ok: false, message: 'invalidValue' };
    }
    case 'DATE_TIME': {
      const iso = parseDate(raw);
      return iso === null ? { ok: false, message: 'incorrectDate' } : { ok: true, value: iso };
    }
    case 'PICKLIST': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { ok: false, message: 'invalidValue' };
      const chosen = String(raw);
      return rule.options.some((option) => option.value === chosen)
        ? { ok: true, value: chosen }
        : { ok: false, message: 'invalidValue' };
    }
  }
}

/**
 * Server-authoritative check of the values of an entity's additional fields against their (active)
 * definitions. Issues name `body.additionalFields.<name>` with a VALIDATION_MESSAGES key.
 */
export function validateAdditionalFieldValues(
  rules: AdditionalFieldRule[],
  input: Record<string, unknown> | null | undefined,
): AdditionalFieldsValidation {
  const source = input ?? {};
  const values: Record<string, unknown> = {};
  const issues: AdditionalFieldIssue[] = [];
  for (const rule of rules) {
    const field = `body.additionalFields.${rule.name}`;
    const raw = Object.hasOwn(source, rule.name) ? source[rule.name] : undefined;
    if (isEmpty(raw)) {
      if (rule.required) issues.push({ field, message: 'required' });
      continue;
    }
    const checked = checkOne(rule, raw);
    if (checked.ok) values[rule.name] = checked.value;
    else
      issues.push({ field, message: checked.message, ...(checked.params ? { params: checked.params } : {}) });
  }
  return { values, issues };
}
