import type { FieldDefinition } from './field.ts';

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
export function maskOf(
  field: Pick<FieldDefinition, 'pattern' | 'mask'>,
  componentMask?: string,
): MaskSpec | undefined {
  if (field.pattern === 'phone') return PATTERN_MASKS.phone;
  const explicit = componentMask ?? field.mask;
  if (explicit) return toImaskPattern(explicit);
  return field.pattern ? PATTERN_MASKS[field.pattern] : undefined;
}

const SLOTS: Readonly<Record<string, RegExp>> = { '0': /\d/, a: /[A-Za-z]/, '*': /[A-Za-z0-9]/ };

/** The characters of a value put into one mask's slots; null when they do not fill it exactly. */
function fillMask(characters: string, mask: string): string | null {
  let next = 0;
  let text = '';
  for (const slot of mask) {
    const accepts = SLOTS[slot];
    if (!accepts) {
      text += slot;
      continue;
    }
    const character = characters[next];
    if (character === undefined || !accepts.test(character)) return null;
    text += character;
    next += 1;
  }
  return next === characters.length ? text : null;
}

/**
 * A stored text as its field's mask shows it: values are kept as typed characters without the mask's literals
 * ('6232514400'), and history, documents and messages show them as the form does ('(62) 3251-4400'). A value
 * that does not fill the mask is shown as stored. A plate is written as registered: a Mercosul plate has no
 * hyphen ('FTR4G21'), whatever the typing mask puts in.
 */
export function maskedText(field: Pick<FieldDefinition, 'pattern' | 'mask'>, value: string): string {
  const spec = field.pattern === 'plate' ? undefined : maskOf(field);
  if (!spec) return value;
  const characters = value.replace(/[^A-Za-z0-9]/g, '');
  const masks = typeof spec === 'string' ? [spec] : spec.map((entry) => entry.mask);
  const preferred =
    typeof spec === 'string' ? 0 : maskIndexForDigits(spec, characters.replace(/\D/g, '').length);
  for (const mask of [masks[preferred] as string, ...masks]) {
    const filled = fillMask(characters, mask);
    if (filled !== null) return filled;
  }
  return value;
}
