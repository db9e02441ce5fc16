import type { Language } from '../platform/platform.schemas.ts';

/**
 * Field validation messages of spec §5, keyed by the code that zod issues carry as their `message`. The server
 * translates them by Accept-Language; the web app loads the same table into i18next under `validation.*`.
 * `{name}` placeholders are filled from the zod issue's own fields (`minimum`, `maximum`) or given params.
 */
export const VALIDATION_MESSAGES = {
  required: { 'pt-BR': 'Obrigatório', en: 'Required' },
  fillInThisField: { 'pt-BR': 'Preencha este campo', en: 'Fill in this field' },
  passwordsDontMatch: { 'pt-BR': 'As senhas não são iguais', en: 'Passwords are not the same' },
  registrationPasswordsDontMatch: { 'pt-BR': 'Senha não são iguais', en: 'Passwords are not the same' },
  invalidEmail: { 'pt-BR': 'Email inválido', en: 'Invalid email' },
  invalidCpf: { 'pt-BR': 'CPF inválido', en: 'Invalid CPF' },
  invalidCnpj: { 'pt-BR': 'CNPJ inválido', en: 'Invalid CNPJ' },
  numericOnly: { 'pt-BR': 'Informe apenas números', en: 'Numbers only' },
  mfaCodeLength: { 'pt-BR': 'O código deve ter 6 dígitos', en: 'The code must have 6 digits' },
  passwordTooShort: {
    'pt-BR': 'A senha deve ter pelo menos {min} caracteres',
    en: 'The password must have at least {min} characters',
  },
  passwordTooCommon: {
    'pt-BR': 'Esta senha é muito comum; escolha outra',
    en: 'This password is too common; choose another one',
  },
  valueInRange: {
    'pt-BR': 'O valor do campo deve estar entre {minimum} e {maximum}',
    en: 'the field value must be between {minimum} and {maximum}',
  },
  incorrectDate: { 'pt-BR': 'Data incorreta', en: 'Incorrect Date' },
  tooLong: { 'pt-BR': 'Texto longo demais (máximo {maximum})', en: 'Text too long (maximum {maximum})' },
  invalidValue: { 'pt-BR': 'Valor inválido', en: 'Invalid value' },
  avatarInvalid: {
    'pt-BR': 'A imagem deve ser PNG, JPEG ou WebP',
    en: 'The picture must be a PNG, JPEG or WebP image',
  },
  avatarTooLarge: {
    'pt-BR': 'A imagem deve ter no máximo {maxKb} KB e {maxPx}×{maxPx} pixels',
    en: 'The picture must be at most {maxKb} KB and {maxPx}×{maxPx} pixels',
  },
  invalidTime: { 'pt-BR': 'Horário inválido (HH:mm)', en: 'Invalid time (HH:mm)' },
  startBeforeEnd: {
    'pt-BR': 'O início deve ser anterior ao fim',
    en: 'The start must be before the end',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(VALIDATION_MESSAGES, value);
}

/** Fills `{name}` placeholders; unknown names stay as written. */
export function formatValidationMessage(
  key: ValidationMessageKey,
  language: Language,
  params: Record<string, unknown> = {},
): string {
  return VALIDATION_MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
