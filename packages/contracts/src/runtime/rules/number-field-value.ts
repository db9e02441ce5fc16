import { parseBrazilianNumber } from '../../common/numbers.ts';
import { fieldTypeTraits } from '../definition/field-type-registry.ts';
import { NUMERIC_FIELD_MAX, NUMERIC_FIELD_MIN } from '../definition/field-types.ts';
import {
  accept,
  type CheckedField,
  type FieldRuleResult,
  type FieldValueResult,
  OK,
  refuse,
} from './field-rule-types.ts';

// The §5 rules of numeric values: bounds, whole numbers for integers, two decimals for currency.

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

/** Numbers: numeric (Brazilian notation too), within bounds, whole for integers, two decimals for currency. */
export function numberValue(field: CheckedField, raw: unknown): FieldValueResult {
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
