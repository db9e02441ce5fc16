import { type FieldDefinition, NUMERIC_FIELD_MAX, NUMERIC_FIELD_MIN, storageKindOf } from '@der/contracts';
import dayjs from 'dayjs';
import { isWithinDateBounds } from './dateBounds.ts';
import { matchesMask } from './fieldMasks.ts';

/** A translation key under `form.errors` and its values. */
export interface FieldProblem {
  key: 'required' | 'range' | 'pattern' | 'mask' | 'dateRange' | 'invalidDate';
  values?: Record<string, string | number>;
}

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * The browser's copy of the §5 field checks, for instant feedback: required, numeric bounds, masks and
 * patterns, dates between 1753 and 9999. The server runs the same checks and has the last word.
 */
export function validateFieldValue(
  field: FieldDefinition,
  value: unknown,
  options: { required: boolean; componentMask?: string },
): FieldProblem | null {
  if (isEmptyValue(value)) return options.required ? { key: 'required' } : null;
  const kind = storageKindOf(field);
  if (kind === 'number' && typeof value === 'number') {
    const min = field.minimum ?? NUMERIC_FIELD_MIN;
    const max = field.maximum ?? NUMERIC_FIELD_MAX;
    if (value < min || value > max) return { key: 'range', values: { min, max } };
  }
  if (kind === 'instant' && typeof value === 'string') {
    const date = dayjs(value);
    if (!date.isValid()) return { key: 'invalidDate' };
    if (!isWithinDateBounds(date)) return { key: 'dateRange' };
  }
  if (
    field.type === 'STRING' &&
    typeof value === 'string' &&
    !matchesMask(value, field, options.componentMask)
  ) {
    return { key: field.pattern === 'email' ? 'pattern' : 'mask' };
  }
  return null;
}
