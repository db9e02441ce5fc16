import { assertNever, type PublicAdditionalField, parseBrazilianNumber } from '@der/contracts';

/** Where the values live in the forms (and in the body): `additionalFields.<name>`. */
export const ADDITIONAL_FIELDS_KEY = 'additionalFields';

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Client-side check of one value: a validation message key, or undefined when it is fine. */
export function checkValue(definition: PublicAdditionalField, value: unknown): string | undefined {
  if (isEmpty(value)) return definition.required && definition.type !== 'BOOLEAN' ? 'required' : undefined;
  switch (definition.type) {
    case 'INTEGER':
    case 'DECIMAL':
    case 'CURRENCY': {
      const number = parseBrazilianNumber(value);
      if (number === null) return 'invalidValue';
      if (definition.type === 'INTEGER' && !Number.isInteger(number)) return 'invalidValue';
      if (definition.type === 'CURRENCY' && Math.abs(number * 100 - Math.round(number * 100)) > 1e-6) {
        return 'invalidValue';
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The values to send: defined fields only, empty ones left out, numbers as numbers, dates as ISO instants. */
export function toAdditionalFieldValues(
  definitions: readonly PublicAdditionalField[],
  raw: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of definitions) {
    const value = raw?.[definition.name];
    if (definition.type === 'BOOLEAN') {
      values[definition.name] = value === true;
      continue;
    }
    if (isEmpty(value)) continue;
    switch (definition.type) {
      case 'INTEGER':
      case 'DECIMAL':
      case 'CURRENCY':
        values[definition.name] = parseBrazilianNumber(value) ?? value;
        break;
      case 'DATE_TIME': {
        // datetime-local gives the local wall time (2025-03-04T10:30): sent as an instant.
        const date = new Date(String(value));
        values[definition.name] = Number.isNaN(date.getTime()) ? value : date.toISOString();
        break;
      }
      default:
        values[definition.name] = typeof value === 'string' ? value.trim() : value;
    }
  }
  return values;
}

/** A number as the form shows it: a decimal comma, which parseBrazilianNumber reads back unchanged. */
function numberForForm(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? text : text.replace('.', ',');
}

/** An ISO instant as the datetime-local input shows it (local wall time, to the minute). */
function dateTimeForForm(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Stored values (as the server answers them) as the inputs edit them: the inverse of toAdditionalFieldValues.
 * Values of fields that are not defined (any more) are left out: the server keeps them.
 */
export function fromAdditionalFieldValues(
  definitions: readonly PublicAdditionalField[],
  stored: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of definitions) {
    const value = stored?.[definition.name];
    if (value === undefined || value === null) continue;
    switch (definition.type) {
      case 'INTEGER':
      case 'DECIMAL':
      case 'CURRENCY':
        values[definition.name] = typeof value === 'number' ? numberForForm(value) : value;
        break;
      case 'DATE_TIME':
        values[definition.name] = typeof value === 'string' ? dateTimeForForm(value) : value;
        break;
      case 'BOOLEAN':
      case 'STRING':
      case 'PICKLIST':
        values[definition.name] = value;
        break;
      default:
        assertNever(definition.type);
    }
  }
  return values;
}
