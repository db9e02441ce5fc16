import type { DateTimeFormatType, Language } from '@der/contracts';
import { assertNever } from '@der/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/pt-br';
import { DISPLAY_TIME_ZONE } from './formatContext.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec §9 date formats by type: 0 date and time, 1 date, 2 time, 3 the column's own (custom) format. */
export const DATE_TIME_FORMATS: Record<Exclude<DateTimeFormatType, 3>, string> = {
  0: 'DD/MM/YYYY HH:mm',
  1: 'DD/MM/YYYY',
  2: 'HH:mm',
};

/** The dayjs format of a column; a custom type without its format falls back to date and time. */
export function dateTimeFormatOf(type: DateTimeFormatType, customFormat?: string): string {
  switch (type) {
    case 0:
    case 1:
    case 2:
      return DATE_TIME_FORMATS[type];
    case 3:
      return customFormat?.trim() ? customFormat : DATE_TIME_FORMATS[0];
    default:
      return assertNever(type);
  }
}

/**
 * A stored instant (ISO UTC) shown in America/Sao_Paulo with the column's format; month and weekday names of
 * a custom format follow the language (pt-br or en). Anything that is not a date shows as nothing.
 */
export function formatDateTime(
  value: unknown,
  type: DateTimeFormatType,
  language: Language,
  customFormat?: string,
): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  const instant = dayjs.utc(value);
  if (!instant.isValid()) return '';
  return instant
    .tz(DISPLAY_TIME_ZONE)
    .locale(language === 'en' ? 'en' : 'pt-br')
    .format(dateTimeFormatOf(type, customFormat));
}
