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

/** Minutes as 'h:mm' ('' for none). */
export function hoursText(minutes: number): string {
  if (minutes <= 0) return '';
  return `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
}

/**
 * What a cell's text means, in minutes: 'h:mm', 'h' or a decimal '1,5' / '1.5'; 0 for an empty cell; null for
 * anything else (the cell is marked invalid and nothing is sent).
 */
export function minutesOfText(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  if (/^\d{1,2}([.,]\d{1,2})?$/.test(value)) return Math.round(Number(value.replace(',', '.')) * 60);
  return null;
}
