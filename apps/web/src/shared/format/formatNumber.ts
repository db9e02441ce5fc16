import type { Language } from '@der/contracts';

/** Spec §9: a duration is a number of hours followed by 'hrs'. */
export const DURATION_SUFFIX = 'hrs';

// Intl puts a no-break space between 'R$' and the digits; a plain space reads the same and survives copy,
// CSV and test assertions unchanged.
const NO_BREAK_SPACES = /[\u00a0\u202f]/g;

function numberFormat(language: Language, minimumFractionDigits: number, maximumFractionDigits: number) {
  return new Intl.NumberFormat(language, { minimumFractionDigits, maximumFractionDigits });
}

/** A finite number from a stored value (numbers are JSON numbers; a numeric string is accepted too). */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * Spec §9: money is BRL in every language — 'R$', comma decimals, dot thousands, two decimals
 * ('R$ 1.234,56', '-R$ 10,00').
 */
export function formatCurrency(value: unknown): string {
  const amount = toFiniteNumber(value);
  if (amount === null) return '';
  const digits = numberFormat('pt-BR', 2, 2).format(Math.abs(amount)).replace(NO_BREAK_SPACES, ' ');
  return `${amount < 0 ? '-' : ''}R$ ${digits}`;
}

/** An integer in the language's digit grouping ('1.234' / '1,234'). */
export function formatInteger(value: unknown, language: Language): string {
  const number = toFiniteNumber(value);
  return number === null ? '' : numberFormat(language, 0, 0).format(number);
}

/** A decimal with up to `maximumDigits` decimals ('1.234,5' / '1,234.5'). */
export function formatDecimal(value: unknown, language: Language, maximumDigits = 2): string {
  const number = toFiniteNumber(value);
  return number === null ? '' : numberFormat(language, 0, maximumDigits).format(number);
}

/** A percentile is stored in percentage points (50 is 50 %): '12,5%' / '12.5%'. */
export function formatPercent(value: unknown, language: Language): string {
  const text = formatDecimal(value, language);
  return text === '' ? '' : `${text}%`;
}

/** A duration in hours: '1,5 hrs' / '1.5 hrs' (spec §9). */
export function formatDuration(value: unknown, language: Language): string {
  const text = formatDecimal(value, language);
  return text === '' ? '' : `${text} ${DURATION_SUFFIX}`;
}

const FILE_SIZE_UNITS = ['KB', 'MB', 'GB'] as const;
const BYTES_PER_KIBIBYTE = 1024;

/**
 * Spec §9: file sizes in KB, MB or GB, base 1024, one decimal — the largest unit that keeps the number at
 * least 1 (anything under 1 MB is shown in KB, so a 300-byte file reads '0,3 KB').
 */
export function formatFileSize(bytes: unknown, language: Language): string {
  const size = toFiniteNumber(bytes);
  if (size === null || size < 0) return '';
  let unitIndex = 0;
  let scaled = size / BYTES_PER_KIBIBYTE;
  while (scaled >= BYTES_PER_KIBIBYTE && unitIndex < FILE_SIZE_UNITS.length - 1) {
    scaled /= BYTES_PER_KIBIBYTE;
    unitIndex += 1;
  }
  return `${numberFormat(language, 1, 1).format(scaled)} ${FILE_SIZE_UNITS[unitIndex]}`;
}

/** A count shown at a cap: '1.000+' (pt-BR) / '1,000+' (en) when the server stopped counting there. */
export function formatCount(count: number, capped: boolean, language: Language): string {
  return `${numberFormat(language, 0, 0).format(count)}${capped ? '+' : ''}`;
}
