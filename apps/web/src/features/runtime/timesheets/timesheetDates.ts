/** Days as 'YYYY-MM-DD' in the browser's zone, weeks from Monday, months from the 1st. */
export type TimesheetPeriod = 'week' | 'month';

const pad = (value: number) => String(value).padStart(2, '0');

export function dayText(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function dateOf(day: string): Date {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

/** The week (Monday to Sunday) or the month holding `anchor`. */
export function rangeAround(anchor: string, period: TimesheetPeriod): { from: string; to: string } {
  const date = dateOf(anchor);
  if (period === 'month') {
    return {
      from: dayText(new Date(date.getFullYear(), date.getMonth(), 1)),
      to: dayText(new Date(date.getFullYear(), date.getMonth() + 1, 0)),
    };
  }
  const monday = new Date(date);
  monday.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  const sunday = new Date(monday);
  sunday.setDate(monday.getDate() + 6);
  return { from: dayText(monday), to: dayText(sunday) };
}

/** The anchor one period before (-1) or after (+1). */
export function shiftAnchor(anchor: string, period: TimesheetPeriod, step: -1 | 1): string {
  const date = dateOf(anchor);
  if (period === 'month') return dayText(new Date(date.getFullYear(), date.getMonth() + step, 1));
  date.setDate(date.getDate() + 7 * step);
  return dayText(date);
}

export { hoursText, minutesOfText } from '../../../shared/format/hours.ts';
