import type { FileIndexDefinition, FileIndexValues, ValidationMessageKey } from '@der/contracts';
import type { FieldIssue } from '../items/item-changes.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_MAX = 500;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A number sent as one or as text ('12', '3,5' typed in a pt-BR form), or null when it is not one. */
function numberOf(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

function normalize(
  index: FileIndexDefinition,
  raw: string | number,
): { value: string | number } | { issue: ValidationMessageKey } {
  switch (index.type) {
    case 'text': {
      const text = String(raw).trim();
      return text.length > TEXT_MAX ? { issue: 'tooLong' } : { value: text };
    }
    case 'integer': {
      const number = numberOf(raw);
      return number !== null && Number.isSafeInteger(number) ? { value: number } : { issue: 'integerOnly' };
    }
    case 'decimal': {
      const number = numberOf(raw);
      return number === null ? { issue: 'invalidValue' } : { value: number };
    }
    case 'date':
      return typeof raw === 'string' && isRealDate(raw) ? { value: raw } : { issue: 'incorrectDate' };
    case 'picklist':
      return (index.options ?? []).some((option) => option.value === raw)
        ? { value: raw }
        : { issue: 'invalidValue' };
  }
}

/**
 * The values to store for an attachment, checked against its component's file indexes: each configured key
 * typed as configured (numbers as numbers, dates as yyyy-mm-dd, picklists one of their options), required ones
 * filled, unknown keys refused. Empty text is no value (null). The issues name each key (field `values.<key>`).
 */
export function checkFileIndexValues(
  indexes: readonly FileIndexDefinition[],
  values: FileIndexValues,
): { values: FileIndexValues; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const known = new Set(indexes.map((index) => index.key));
  for (const key of Object.keys(values))
    if (!known.has(key)) issues.push({ field: key, message: 'unknownField' });
  const stored: FileIndexValues = {};
  for (const index of indexes) {
    const raw = values[index.key];
    const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    if (empty) {
      if (index.required) issues.push({ field: index.key, message: 'required' });
      stored[index.key] = null;
      continue;
    }
    const result = normalize(index, raw);
    if ('issue' in result) issues.push({ field: index.key, message: result.issue });
    else stored[index.key] = result.value;
  }
  return { values: stored, issues };
}
