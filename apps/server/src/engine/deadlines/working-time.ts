import { assertNever, type WorkPeriod } from '@der/contracts';
import { isBrazilianHoliday } from './brazil-holidays.ts';
import { addDays, instantOf, type LocalDay, wallClockOf, weekdayOf } from './zoned-time.ts';

/**
 * A working calendar: the periods of work of each weekday (the shape of a user's calendar, WorkPeriodSchema)
 * and the days nobody works, in a time zone.
 */
export interface WorkCalendar {
  timeZone: string;
  workPeriods: readonly WorkPeriod[];
  isHoliday: (day: LocalDay) => boolean;
}

/** A deadline's length: working days and hours on a calendar, or plain clock hours. */
export type WorkingTimeUnit = 'workingDays' | 'workingHours' | 'hours';

const WEEKDAY_PERIODS: WorkPeriod[] = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, start: '08:00', end: '12:00' },
  { weekday, start: '13:00', end: '17:00' },
]);

/**
 * The calendar deadlines count on until projects carry their own (the time-entry issue): Monday to Friday
 * 08:00–12:00 and 13:00–17:00 in São Paulo, without Brazil's national holidays (brazil-holidays.ts).
 */
export const DEFAULT_WORK_CALENDAR: WorkCalendar = {
  timeZone: 'America/Sao_Paulo',
  workPeriods: WEEKDAY_PERIODS,
  isHoliday: isBrazilianHoliday,
};

/** Beyond this many days without a working minute the calendar is taken as empty (no periods, all holidays). */
const MAX_IDLE_DAYS = 3660;

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The day's periods of work as [start, end) minutes, sorted; none on a holiday. */
function periodsOf(calendar: WorkCalendar, day: LocalDay): Array<[number, number]> {
  if (calendar.isHoliday(day)) return [];
  const weekday = weekdayOf(day);
  return calendar.workPeriods
    .filter((period) => period.weekday === weekday)
    .map((period): [number, number] => [minuteOf(period.start), minuteOf(period.end)])
    .sort((a, b) => a[0] - b[0]);
}

/** The minutes of work a calendar expects on a day (0 on a holiday or a day without periods). */
export function workingMinutesOn(calendar: WorkCalendar, day: LocalDay): number {
  return periodsOf(calendar, day).reduce((total, [start, end]) => total + end - start, 0);
}

function emptyCalendar(): Error {
  return new Error('working time: the calendar has no working time');
}

/**
 * The first working moment at or after `from` (itself when it falls inside a period): where a deadline starts
 * counting. The end of a period is not working time — from 17:00 the count starts the next working morning.
 */
export function nextWorkingMoment(from: Date, calendar: WorkCalendar): { day: LocalDay; minute: number } {
  const clock = wallClockOf(from, calendar.timeZone);
  for (let offset = 0; offset <= MAX_IDLE_DAYS; offset++) {
    const day = addDays(clock.day, offset);
    for (const [start, end] of periodsOf(calendar, day)) {
      if (offset > 0 || clock.minute < start) return { day, minute: start };
      if (clock.minute < end) return { day, minute: clock.minute };
    }
  }
  throw emptyCalendar();
}

/**
 * `count` working days after `from`: the same wall-clock time on the count-th working day after the one the
 * count starts on. One working day is one day of the calendar, not 24 working hours: 2 days from Friday 15:00
 * are Tuesday 15:00. A start outside working time counts from the next working moment (Saturday → Monday
 * 08:00). When the day reached works shorter hours than that time, the deadline is the end of its last period.
 */
export function addWorkingDays(from: Date, count: number, calendar: WorkCalendar): Date {
  const start = nextWorkingMoment(from, calendar);
  let day = start.day;
  for (let left = count; left > 0; ) {
    let idle = 0;
    do {
      day = addDays(day, 1);
      if (++idle > MAX_IDLE_DAYS) throw emptyCalendar();
    } while (periodsOf(calendar, day).length === 0);
    left--;
  }
  const periods = periodsOf(calendar, day);
  const dayEnd = periods[periods.length - 1]![1];
  return instantOf(day, Math.min(start.minute, dayEnd), calendar.timeZone);
}

/**
 * `hours` working hours after `from`, spent through the periods of work (nights, lunch breaks, weekends and
 * holidays do not count): 4 hours from 17:00 with 08–12/13–17 end at 11:00 the next working day. A deadline
 * that uses a period up to its end is that end (16:00 + 1 h is 17:00 the same day, not 08:00 the next).
 */
export function addWorkingHours(from: Date, hours: number, calendar: WorkCalendar): Date {
  if (hours <= 0) return from;
  let left = hours * 60;
  const clock = wallClockOf(from, calendar.timeZone);
  let idle = 0;
  for (let offset = 0; ; offset++) {
    const day = addDays(clock.day, offset);
    const periods = periodsOf(calendar, day);
    if (periods.length === 0 && ++idle > MAX_IDLE_DAYS) throw emptyCalendar();
    for (const [periodStart, end] of periods) {
      const start = offset === 0 ? Math.max(periodStart, clock.minute) : periodStart;
      if (start >= end) continue;
      idle = 0;
      if (left <= end - start) return instantOf(day, start + left, calendar.timeZone);
      left -= end - start;
    }
  }
}

/** The working minutes between two instants on the calendar (0 when `to` is not after `from`). */
export function workingMinutesBetween(from: Date, to: Date, calendar: WorkCalendar): number {
  if (to <= from) return 0;
  const start = wallClockOf(from, calendar.timeZone);
  const end = wallClockOf(to, calendar.timeZone);
  let minutes = 0;
  for (let day = start.day; day <= end.day; day = addDays(day, 1))
    for (const [periodStart, periodEnd] of periodsOf(calendar, day)) {
      const low = day === start.day ? Math.max(periodStart, start.minute) : periodStart;
      const high = day === end.day ? Math.min(periodEnd, end.minute) : periodEnd;
      if (high > low) minutes += high - low;
    }
  return minutes;
}

/** The instant `amount` of `unit` after `from` on the calendar ('hours' are clock hours, the calendar unused). */
export function addWorkingTime(
  from: Date,
  amount: number,
  unit: WorkingTimeUnit,
  calendar: WorkCalendar,
): Date {
  switch (unit) {
    case 'workingDays':
      return addWorkingDays(from, amount, calendar);
    case 'workingHours':
      return addWorkingHours(from, amount, calendar);
    case 'hours':
      return new Date(from.getTime() + amount * 3_600_000);
    default:
      return assertNever(unit);
  }
}
