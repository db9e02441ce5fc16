import { type FieldDefinition, toImaskPattern } from '@der/contracts';

// The masks themselves (maskOf, maskIndexForDigits in @der/contracts) are shared with the server's display of
// stored values (maskedText); this file adds the browser's check of a complete value.

/** Complete values of the named patterns, checked when the field loses focus and on save. */
const PATTERN_CHECKS: Partial<Record<NonNullable<FieldDefinition['pattern']>, RegExp>> = {
  cpf: /^\d{3}\.\d{3}\.\d{3}-\d{2}$/,
  cnpj: /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/,
  cpfCnpj: /^(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})$/,
  cep: /^\d{5}-\d{3}$/,
  phone: /^\(\d{2}\) \d{4,5}-\d{4}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
};

/** Whether a text fills the field's mask or matches its named pattern. */
export function matchesMask(text: string, field: FieldDefinition, componentMask?: string): boolean {
  const explicit = field.pattern === 'phone' ? undefined : (componentMask ?? field.mask);
  if (explicit) {
    const pattern = toImaskPattern(explicit);
    return text.length === pattern.length;
  }
  const check = field.pattern ? PATTERN_CHECKS[field.pattern] : undefined;
  return check ? check.test(text) : true;
}
