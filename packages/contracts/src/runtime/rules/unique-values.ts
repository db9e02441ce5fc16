import { normalizePlate, toMercosulPlate } from '../../common/br-documents.ts';
import type { FieldDefinition } from '../definition/field.ts';

const OLD_PLATE = /^[A-Z]{3}[0-9]{4}$/;
const MERCOSUL_WITH_OLD_FORM = /^[A-Z]{3}[0-9][A-J][0-9]{2}$/;

/** The old form of a Mercosul plate whose 5th character is A…J (A→0 … J→9); null when it has none. */
function toOldPlate(plate: string): string | null {
  if (OLD_PLATE.test(plate)) return plate;
  if (!MERCOSUL_WITH_OLD_FORM.test(plate)) return null;
  return `${plate.slice(0, 4)}${plate.charCodeAt(4) - 65}${plate.slice(5)}`;
}

type UniqueField = Pick<FieldDefinition, 'pattern' | 'uppercase'>;

/**
 * The text a unique field's value is compared by (null: empty, never a duplicate): a plate in its Mercosul
 * form (the same vehicle under ABC1234 and ABC1C34, domain.md), an upper-cased field in capitals, a number
 * as written.
 */
export function uniqueKeyOf(field: UniqueField, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return JSON.stringify(value);
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (field.pattern === 'plate') return toMercosulPlate(normalizePlate(trimmed));
  return field.uppercase ? trimmed.toUpperCase() : trimmed;
}

/**
 * Every stored text equal to the value in canonical form, for a lookup by the stored values: a plate in both
 * its forms (ABC1234 and ABC1C34), anything else its canonical text alone.
 */
export function storedFormsOf(field: UniqueField, value: unknown): string[] {
  const key = uniqueKeyOf(field, value);
  if (key === null) return [];
  if (field.pattern !== 'plate') return [key];
  const old = toOldPlate(key);
  return old === null || old === key ? [key] : [key, old];
}
