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
import { assertNever } from '../../common/route.ts';
import type { FieldDefinition } from '../definition/field.ts';
import { fieldTypeTraits } from '../definition/field-type-registry.ts';
import { accept, type CheckedField, type FieldValueResult, refuse } from './field-rule-types.ts';

// The §5 rules of text values: length, capitals, named patterns (documents, e-mail, phone...) and masks.

/** RICH_TEXT and STRING without maxLength: a generous ceiling so one value cannot bloat a row. */
export const DEFAULT_TEXT_MAX = 100_000;

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

/**
 * Text (STRING, RICH_TEXT, a status key): trimmed (rich text kept as typed), capitals when the field says so,
 * the longest length (DEFAULT_TEXT_MAX when none is set), then for STRING the named pattern, else the mask.
 */
export function textValue(field: CheckedField, raw: unknown): FieldValueResult {
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
