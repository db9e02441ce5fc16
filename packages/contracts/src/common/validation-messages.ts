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
  invalidCpfCnpj: { 'pt-BR': 'CPF/CNPJ inválido', en: 'Invalid CPF/CNPJ' },
  invalidCep: { 'pt-BR': 'CEP inválido', en: 'Invalid postal code (CEP)' },
  invalidPhone: { 'pt-BR': 'Telefone inválido', en: 'Invalid phone number' },
  maskMismatch: {
    'pt-BR': 'O valor não segue o formato {mask}',
    en: 'The value does not follow the format {mask}',
  },
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
  alreadyRegistered: {
    'pt-BR': 'Já cadastrado (como {value})',
    en: 'Already registered (as {value})',
  },
  unknownField: { 'pt-BR': 'Campo desconhecido', en: 'Unknown field' },
  linkToItself: {
    'pt-BR': 'Um item não pode ser vinculado a ele mesmo',
    en: 'An item cannot be linked to itself',
  },
  predecessorItself: {
    'pt-BR': 'Uma atividade não pode ser predecessora dela mesma',
    en: 'An activity cannot be its own predecessor',
  },
  predecessorOtherProject: {
    'pt-BR': 'A predecessora deve ser do mesmo projeto',
    en: 'The predecessor must belong to the same project',
  },
  predecessorCycle: {
    'pt-BR': 'Esta predecessora criaria um ciclo: ela já depende desta atividade',
    en: 'This predecessor would create a cycle: it already depends on this activity',
  },
  organizationalUnitParentCycle: {
    'pt-BR': 'A unidade superior não pode ser a própria unidade nem uma de suas subordinadas',
    en: 'The parent unit cannot be the unit itself or one of its subordinate units',
  },
  organizationalUnitDuplicateName: {
    'pt-BR': 'Já existe uma unidade com este nome sob a mesma unidade superior',
    en: 'A unit with this name already exists under the same parent unit',
  },
  organizationalUnitInactive: {
    'pt-BR': 'A unidade escolhida está inativa',
    en: 'The chosen unit is inactive',
  },
  fieldNotEditable: { 'pt-BR': 'Este campo não pode ser alterado', en: 'This field cannot be changed' },
  integerOnly: { 'pt-BR': 'Informe um número inteiro', en: 'Enter a whole number' },
  currencyDecimals: {
    'pt-BR': 'Informe no máximo 2 casas decimais',
    en: 'Enter at most 2 decimal places',
  },
  filterOperatorNotAllowed: {
    'pt-BR': 'Este filtro não se aplica a este campo',
    en: 'This filter does not apply to this field',
  },
  filterTooDeep: {
    'pt-BR': 'O filtro tem níveis demais (máximo 8)',
    en: 'The filter has too many levels (maximum 8)',
  },
  textNotStorable: {
    'pt-BR': 'O texto contém caracteres não permitidos',
    en: 'The text contains characters that are not allowed',
  },
  numberOutOfRange: {
    'pt-BR': 'Número fora do intervalo permitido',
    en: 'Number out of the allowed range',
  },
  nestingTooDeep: {
    'pt-BR': 'Os dados têm níveis demais (máximo 64)',
    en: 'The data has too many levels (maximum 64)',
  },
  filterTooLarge: {
    'pt-BR': 'O filtro tem condições demais (máximo 200)',
    en: 'The filter has too many conditions (maximum 200)',
  },
  importEmpty: {
    'pt-BR': 'A planilha não tem linhas para importar',
    en: 'The spreadsheet has no rows to import',
  },
  fieldNotSortable: { 'pt-BR': 'Não é possível ordenar por este campo', en: 'This field cannot be sorted' },
  invalidCursor: {
    'pt-BR': 'A página pedida não vale mais para esta lista; recarregue-a',
    en: 'The requested page no longer fits this list; reload it',
  },
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
  periodsOverlap: {
    'pt-BR': 'Este período se sobrepõe a outro do mesmo dia da semana',
    en: 'This period overlaps another one of the same weekday',
  },
  invalidTimeZone: {
    'pt-BR': 'Fuso horário desconhecido (use um nome IANA, como America/Sao_Paulo)',
    en: 'Unknown time zone (use an IANA name, such as America/Sao_Paulo)',
  },
  holidayDuplicateDay: {
    'pt-BR': 'Já há um feriado neste dia',
    en: 'There is already a holiday on this day',
  },
  workCalendarDuplicateName: {
    'pt-BR': 'Já existe um calendário com este nome',
    en: 'A calendar with this name already exists',
  },
  planMaxUsersBelowUsage: {
    'pt-BR': 'O máximo de usuários não pode ser menor que o número de usuários ativos ({usage})',
    en: 'The maximum of users cannot be lower than the number of active users ({usage})',
  },
  planMaxApplicationsBelowUsage: {
    'pt-BR': 'O máximo de aplicações não pode ser menor que o número de aplicações cadastradas ({usage})',
    en: 'The maximum of applications cannot be lower than the number of existing applications ({usage})',
  },
  planMaxStorageBelowUsage: {
    'pt-BR': 'O armazenamento máximo não pode ser menor que o espaço já em uso ({usage} MiB)',
    en: 'The maximum storage cannot be lower than the space already in use ({usage} MiB)',
  },
  referenceCellNumber: {
    'pt-BR': 'Linha {row}, coluna “{column}”: informe um número',
    en: 'Row {row}, column “{column}”: enter a number',
  },
  referenceCellBoolean: {
    'pt-BR': 'Linha {row}, coluna “{column}”: informe sim ou não',
    en: 'Row {row}, column “{column}”: enter yes or no',
  },
  referenceCellDate: {
    'pt-BR': 'Linha {row}, coluna “{column}”: informe uma data',
    en: 'Row {row}, column “{column}”: enter a date',
  },
  referenceCellText: {
    'pt-BR': 'Linha {row}, coluna “{column}”: informe um texto de até {maximum} caracteres',
    en: 'Row {row}, column “{column}”: enter a text of at most {maximum} characters',
  },
  referenceUnknownColumn: {
    'pt-BR': 'Linha {row}: a coluna “{column}” não existe nesta tabela',
    en: 'Row {row}: the column “{column}” is not in this table',
  },
  referenceTooManyRows: {
    'pt-BR': 'A tabela aceita no máximo {maximum} linhas',
    en: 'The table takes at most {maximum} rows',
  },
  tableCellInvalid: { 'pt-BR': 'Linha {row}, {column}: {detail}', en: 'Row {row}, {column}: {detail}' },
  tableRowInvalid: { 'pt-BR': 'Linha {row}: valor inválido', en: 'Row {row}: invalid value' },
  accountBound: {
    'pt-BR': 'Vem do cadastro da sua conta e não pode ser trocado por outro',
    en: 'It comes from your account and cannot be replaced by another',
  },
  tooManyRows: { 'pt-BR': 'No máximo {maximum} linhas', en: 'At most {maximum} rows' },
  fileTypeNotAccepted: {
    'pt-BR': 'O arquivo "{name}" não é de um tipo aceito aqui ({types})',
    en: 'The file "{name}" is not of a type accepted here ({types})',
  },
  tooManyFiles: { 'pt-BR': 'No máximo {maximum} arquivos', en: 'At most {maximum} files' },
  changeByAction: {
    'pt-BR': 'Só muda pela ação {actions}, que registra o motivo',
    en: 'Changes only through the action {actions}, which records the reason',
  },
  requiredForAction: {
    'pt-BR': '"{field}" é obrigatório para {action}',
    en: '"{field}" is required to {action}',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationMessageKey(value: string): value is ValidationMessageKey {
  return Object.hasOwn(VALIDATION_MESSAGES, value);
}

/** A parameter given in both languages (a field's label): the message takes the one of its language. */
function paramText(value: unknown, language: Language): string {
  if (value !== null && typeof value === 'object' && language in value)
    return String((value as Record<Language, unknown>)[language]);
  return String(value);
}

/** Fills `{name}` placeholders (a `{ 'pt-BR', en }` param in the message's language); unknown names stay. */
export function formatValidationMessage(
  key: ValidationMessageKey,
  language: Language,
  params: Record<string, unknown> = {},
): string {
  return VALIDATION_MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? paramText(params[name], language) : whole,
  );
}
