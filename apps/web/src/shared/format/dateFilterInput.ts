import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DISPLAY_TIME_ZONE } from './formatContext.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** Spec §5: dates between the years 1753 and 9999 (the original database's range). */
export const MIN_DATE_YEAR = 1753;
export const MAX_DATE_YEAR = 9999;
export const MIN_DATE_INPUT = `${MIN_DATE_YEAR}-01-01`;
export const MAX_DATE_INPUT = `${MAX_DATE_YEAR}-12-31`;

/**
 * Whether a date input's value ('YYYY-MM-DD') is a real calendar date within 1753–9999. A date filter keeps
 * only such values (spec §5); anything else is dropped, so a half-typed date never reaches the server.
 */
export function isValidDateInput(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = dayjs(text, 'YYYY-MM-DD', true);
  if (!date.isValid()) return false;
  return date.year() >= MIN_DATE_YEAR && date.year() <= MAX_DATE_YEAR;
}

/**
 * The instants a calendar day covers in America/Sao_Paulo (spec §9), as the ISO UTC strings items store:
 * from its first millisecond to its last. Null for an invalid date.
 */
export function dayRangeOf(text: string): { start: string; end: string } | null {
  if (!isValidDateInput(text)) return null;
  const start = dayjs.tz(text, DISPLAY_TIME_ZONE);
  return {
    start: start.toISOString(),
    end: start.add(1, 'day').subtract(1, 'millisecond').toISOString(),
  };
}
