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

/**
 * Which of several masks a value is typed with: the first with room for all its digits, else the longest. The
 * digit count decides — not imask's own choice, which took a 10-digit landline for an unfinished mobile
 * number ('(62) 32514-400' instead of '(62) 3251-4400').
 */
export function maskIndexForDigits(masks: readonly { mask: string }[], digits: number): number {
  const index = masks.findIndex((candidate) => (candidate.mask.match(/0/g)?.length ?? 0) >= digits);
  return index === -1 ? masks.length - 1 : index;
}

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

/**
 * The mask a field is typed with: the component's, else the field's own, else its named pattern's. A phone
 * always takes the phone pattern's pair (landline and mobile): a definition's single '(99) 99999-9999' would
 * show a landline as '(62) 32514-400'.
 */
export function maskOf(field: FieldDefinition, componentMask?: string): MaskSpec | undefined {
  if (field.pattern === 'phone') return PATTERN_MASKS.phone;
  const explicit = componentMask ?? field.mask;
  if (explicit) return toImaskPattern(explicit);
  return field.pattern ? PATTERN_MASKS[field.pattern] : undefined;
}

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
