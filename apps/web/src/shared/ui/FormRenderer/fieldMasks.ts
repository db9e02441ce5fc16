import type { FieldDefinition } from '@der/contracts';

/** An imask mask: one pattern, or several tried in order (phones with 8 or 9 digits). */
export type MaskSpec = string | { mask: string }[];

/** Spec §5 masks of the named patterns (imask: 0 a digit, a a letter, * any). */
const PATTERN_MASKS: Partial<Record<NonNullable<FieldDefinition['pattern']>, MaskSpec>> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  cpfCnpj: [{ mask: '000.000.000-00' }, { mask: '00.000.000/0000-00' }],
  cep: '00000-000',
  phone: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }],
  plate: 'aaa-0*00',
};

/** Complete values of the named patterns, checked when the field loses focus and on save. */
const PATTERN_CHECKS: Partial<Record<NonNullable<FieldDefinition['pattern']>, RegExp>> = {
  cpf: /^\d{3}\.\d{3}\.\d{3}-\d{2}$/,
  cnpj: /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/,
  cpfCnpj: /^(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})$/,
  cep: /^\d{5}-\d{3}$/,
  phone: /^\(\d{2}\) \d{4,5}-\d{4}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
};

/**
 * The definition's legacy masks write digits as 9 ('999.999.999-99', spec §5); imask writes them as 0. Other
 * characters keep their meaning.
 */
export function toImaskPattern(legacyMask: string): string {
  return legacyMask.replaceAll('9', '0');
}

/** The mask a field is typed with: the component's, else the field's own, else its named pattern's. */
export function maskOf(field: FieldDefinition, componentMask?: string): MaskSpec | undefined {
  const explicit = componentMask ?? field.mask;
  if (explicit) return toImaskPattern(explicit);
  return field.pattern ? PATTERN_MASKS[field.pattern] : undefined;
}

/** Whether a text fills the field's mask or matches its named pattern. */
export function matchesMask(text: string, field: FieldDefinition, componentMask?: string): boolean {
  const explicit = componentMask ?? field.mask;
  if (explicit) {
    const pattern = toImaskPattern(explicit);
    return text.length === pattern.length;
  }
  const check = field.pattern ? PATTERN_CHECKS[field.pattern] : undefined;
  return check ? check.test(text) : true;
}
