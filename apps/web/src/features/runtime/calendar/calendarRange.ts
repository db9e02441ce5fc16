// Apart from the calendar's queries: the early page request (app/earlyPageRequest.ts) needs the range before the
// app's code has loaded.

/** The days a calendar shows (São Paulo days, both included). */
export interface CalendarRange {
  from: string;
  to: string;
}

/** The grid's first weekday (Sunday, as FullCalendar's pt-BR and en locales have it) — the page sets it too. */
export const CALENDAR_FIRST_DAY = 0;

/** The days the month grid opens on: six whole weeks from the week of the month's first day (fixedWeekCount). */
export function monthGridRange(today: Date): CalendarRange {
  const first = new Date(today.getFullYear(), today.getMonth(), 1);
  const back = (first.getDay() - CALENDAR_FIRST_DAY + 7) % 7;
  const start = new Date(first.getFullYear(), first.getMonth(), 1 - back);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 6 * 7);
  return rangeOf(start, end);
}

/** A date as the calendar day it falls on in the browser's zone (what the grid shows). */
export function dayOf(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The range the grid shows, from FullCalendar's [start, end) to days with both ends included. */
export function rangeOf(start: Date, end: Date): CalendarRange {
  return { from: dayOf(start), to: dayOf(new Date(end.getTime() - 1)) };
}
