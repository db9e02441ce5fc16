import {
  assertNever,
  type FieldDefinition,
  type FieldNumberFormat,
  fieldTypeTraits,
  type Language,
  localize,
  maskedText,
  storageKindOf,
  tableRowsText,
} from '@der/contracts';

/** Spec §9: pt-BR numbers (comma decimals, dot thousands), BRL currency, dates by format type in São Paulo. */
const NUMBER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });
const INTEGER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const CURRENCY = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const zone = { timeZone: 'America/Sao_Paulo' } as const;
const DATE_TIME = new Intl.DateTimeFormat('pt-BR', { ...zone, dateStyle: 'short', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('pt-BR', { ...zone, dateStyle: 'short' });
const TIME = new Intl.DateTimeFormat('pt-BR', { ...zone, timeStyle: 'short' });

/** Display names of referenced ids (users, groups, companies, items), looked up by the caller. */
export type ReferenceNames = ReadonlyMap<number, string>;

function formatInstant(field: Pick<FieldDefinition, 'dateTimeFormatType'>, value: unknown): string {
  if (typeof value !== 'string') return String(value);
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  const type = field.dateTimeFormatType;
  switch (type) {
    case 1:
      return DATE.format(instant);
    case 2:
      return TIME.format(instant);
    // Type 3 (custom) shows the full date and time: the custom pattern is a display concern of the web app.
    case 0:
    case 3:
      return DATE_TIME.format(instant).replace(',', '');
    default:
      return assertNever(type);
  }
}

/** Spec §9 texts of the number formats. */
const NUMBER_TEXTS: Readonly<Record<FieldNumberFormat, (value: number) => string>> = {
  currency: (value) => CURRENCY.format(value).replace(/\u00a0/g, ' '),
  integer: (value) => INTEGER.format(value),
  percent: (value) => `${NUMBER.format(value)}%`,
  duration: (value) => `${NUMBER.format(value)} hrs`,
  decimal: (value) => NUMBER.format(value),
};

function formatNumber(field: Pick<FieldDefinition, 'type'>, value: unknown): string {
  if (typeof value !== 'number') return String(value);
  const format = fieldTypeTraits(field.type).number;
  return format === null ? NUMBER.format(value) : NUMBER_TEXTS[format](value);
}

const nameOf = (id: unknown, names: ReferenceNames) =>
  typeof id === 'number' ? (names.get(id) ?? `#${id}`) : String(id);

/**
 * A stored value as history shows it; '' for empty. Booleans and option texts in the request language, masked
 * texts through their mask (a phone stored as '6232514400' reads '(62) 3251-4400').
 */
export function formatFieldValue(
  field: FieldDefinition | undefined,
  value: unknown,
  language: Language,
  names: ReferenceNames = new Map(),
): string {
  if (value === null || value === undefined || value === '') return '';
  if (!field) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  const kind = storageKindOf(field);
  switch (kind) {
    case 'number':
      return formatNumber(field, value);
    case 'boolean':
      return value === true ? (language === 'en' ? 'Yes' : 'Sim') : language === 'en' ? 'No' : 'Não';
    case 'instant':
      return formatInstant(field, value);
    case 'text': {
      const option = field.options.find((candidate) => candidate.value === value);
      if (option) return localize(option.text, language);
      return typeof value === 'string' ? maskedText(field, value) : String(value);
    }
    case 'reference':
      return nameOf(value, names);
    case 'references':
    case 'files':
      return (Array.isArray(value) ? value : [value])
        .map((entry) =>
          entry && typeof entry === 'object' && 'id' in entry
            ? nameOf((entry as { id: unknown }).id, names)
            : nameOf(entry, names),
        )
        .join(', ');
    case 'rows':
      return tableRowsText(field, value, language);
    default:
      return assertNever(kind);
  }
}
