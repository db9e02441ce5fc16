import {
  assertNever,
  type FieldDefinition,
  formatCnpj,
  formatCpf,
  type Language,
  type PrintFormat,
} from '@der/contracts';
import { formatFieldValue, type ReferenceNames } from '../forms/value-format.ts';

/** Spec §9: pt-BR numbers (comma decimals, dot thousands), BRL with two decimals, dates in São Paulo. */
const INTEGER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const CURRENCY = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const zone = { timeZone: 'America/Sao_Paulo' } as const;
const DATE_FORMATS = {
  0: new Intl.DateTimeFormat('pt-BR', { ...zone, dateStyle: 'short', timeStyle: 'short' }),
  1: new Intl.DateTimeFormat('pt-BR', { ...zone, dateStyle: 'short' }),
  2: new Intl.DateTimeFormat('pt-BR', { ...zone, timeStyle: 'short' }),
} as const;
const decimalFormats = new Map<number, Intl.NumberFormat>();

function decimalFormat(digits: number): Intl.NumberFormat {
  let format = decimalFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    decimalFormats.set(digits, format);
  }
  return format;
}

function asNumber(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

function asInstant(value: unknown): Date | null {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/** A rich-text field's HTML as the lines a PDF prints: paragraphs and list items on lines of their own. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function formatDocument(value: unknown): string {
  const text = String(value);
  const compact = text.replace(/[.\-/\s]/g, '');
  if (/^\d{11}$/.test(compact)) return formatCpf(compact);
  if (/^[0-9A-Z]{12}\d{2}$/i.test(compact)) return formatCnpj(compact);
  return text;
}

/**
 * A value as a print layout writes it. A value the format cannot read (a word where a number is expected) is
 * printed as it is rather than dropped: the document shows what the item holds. Empty values print as ''.
 */
export function formatPrintValue(
  format: PrintFormat,
  field: FieldDefinition | undefined,
  value: unknown,
  language: Language,
  names?: ReferenceNames,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (field?.type === 'RICH_TEXT' && typeof value === 'string') return richTextToPlain(value);
  switch (format.kind) {
    case 'auto':
      if (value instanceof Date) return DATE_FORMATS[0].format(value).replace(',', '');
      return formatFieldValue(field, value, language, names);
    case 'text':
      return typeof value === 'object' ? formatFieldValue(field, value, language, names) : String(value);
    case 'integer': {
      const number = asNumber(value);
      return number === null ? String(value) : INTEGER.format(Math.round(number));
    }
    case 'decimal': {
      const number = asNumber(value);
      return number === null ? String(value) : decimalFormat(format.digits).format(number);
    }
    case 'currency': {
      const number = asNumber(value);
      return number === null ? String(value) : CURRENCY.format(number).replace(/\u00a0/g, ' ');
    }
    case 'date': {
      const instant = asInstant(value);
      return instant === null
        ? String(value)
        : DATE_FORMATS[format.dateFormatType].format(instant).replace(',', '');
    }
    case 'boolean':
      if (value === true) return language === 'en' ? 'Yes' : 'Sim';
      if (value === false) return language === 'en' ? 'No' : 'Não';
      return String(value);
    case 'cpfCnpj':
      return formatDocument(value);
    default:
      return assertNever(format);
  }
}
