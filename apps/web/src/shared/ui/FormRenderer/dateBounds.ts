import dayjs, { type Dayjs } from 'dayjs';

/** Spec §9: dates between 1753 and 9999 (the legacy database's range, kept for imported data). */
export const MIN_FORM_DATE = dayjs('1753-01-01T00:00:00');
export const MAX_FORM_DATE = dayjs('9999-12-31T23:59:59');
/** Spec §9: time pickers step by 15 minutes. */
export const TIME_STEP_MINUTES = 15;

export function isWithinDateBounds(value: Dayjs): boolean {
  return value.isValid() && !value.isBefore(MIN_FORM_DATE) && !value.isAfter(MAX_FORM_DATE);
}
