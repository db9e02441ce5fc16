import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  addWorkingHours,
  type WorkCalendar,
  workingMinutesBetween,
  workingMinutesOn,
} from '../deadlines/working-time.ts';
import { addDays, type LocalDay, wallClockOf } from '../deadlines/zoned-time.ts';
import { holidayTest } from './load-work-calendar.ts';

/**
 * Working time on a named calendar (its own periods, time zone and holidays — state and municipal ones, once
 * or yearly, bunched at month ends — over the national ones or not), as queryWorkCalendar builds it.
 */

const MINUTE = 60_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** A day near a month's end or start (where an off-by-one in the day arithmetic would show), 2025–2027. */
const monthEdgeDay = fc
  .record({
    year: fc.integer({ min: 2025, max: 2027 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.constantFrom(1, 2, 3, 27, 28, 29, 30, 31),
  })
  .map(({ year, month, day }) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return `${year}-${pad(month)}-${pad(Math.min(day, last))}`;
  });

const holidayRows = fc.array(fc.record({ day: monthEdgeDay, recurring: fc.boolean() }), { maxLength: 24 });

const PERIOD_SETS = [
  [
    ['08:00', '12:00'],
    ['13:00', '18:00'],
  ],
  [['07:00', '13:00']],
  [
    ['08:00', '12:00'],
    ['13:00', '17:00'],
  ],
  [['22:00', '23:30']],
] as const;

/** Periods on a non-empty set of weekdays, one of a few day shapes each. */
const workPeriods = fc
  .array(fc.option(fc.constantFrom(...PERIOD_SETS), { nil: null }), { minLength: 7, maxLength: 7 })
  .filter((days) => days.some((day) => day !== null))
  .map((days) =>
    days.flatMap((set, weekday) => (set ?? []).map(([start, end]) => ({ weekday, start, end }))),
  );

const calendarArbitrary = fc
  .record({
    timeZone: fc.constantFrom('America/Sao_Paulo', 'America/Manaus', 'America/Noronha'),
    workPeriods,
    holidays: holidayRows,
    nationalHolidays: fc.boolean(),
  })
  .map(
    ({ timeZone, workPeriods, holidays, nationalHolidays }): WorkCalendar => ({
      timeZone,
      workPeriods,
      isHoliday: holidayTest(holidays, nationalHolidays),
    }),
  );

/** An instant on the last days of a month or the first of the next (whole minutes), 2025–2027. */
const monthEndInstant = fc
  .record({ day: monthEdgeDay, minute: fc.integer({ min: 0, max: 24 * 60 - 1 }) })
  .map(({ day, minute }) => Date.parse(`${day}T03:00:00Z`) + minute * MINUTE);

const dayOf = (instant: number, calendar: WorkCalendar): LocalDay =>
  wallClockOf(new Date(instant), calendar.timeZone).day;
const isWorkingDay = (day: LocalDay, calendar: WorkCalendar) => workingMinutesOn(calendar, day) > 0;
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** The end of a working day's last period, in minutes. */
const lastEndOn = (day: LocalDay, calendar: WorkCalendar) =>
  Math.max(
    ...calendar.workPeriods
      .filter((period) => period.weekday === new Date(`${day}T00:00:00Z`).getUTCDay())
      .map((period) => minuteOf(period.end)),
  );

describe('working time on a named calendar with its own holidays (property)', () => {
  it('working days never land on a holiday of the calendar, and count exactly its working days', () => {
    fc.assert(
      fc.property(
        calendarArbitrary,
        monthEndInstant,
        fc.integer({ min: 1, max: 25 }),
        (calendar, start, days) => {
          const due = addWorkingDays(new Date(start), days, calendar).getTime();
          const dueDay = dayOf(due, calendar);
          expect(calendar.isHoliday(dueDay)).toBe(false);
          expect(isWorkingDay(dueDay, calendar)).toBe(true);
          // The model: the count starts on the start's day while work is left on it, else on the next working
          // day; the working days after that one, up to the due day, are `days`.
          const clock = wallClockOf(new Date(start), calendar.timeZone);
          let countDay = clock.day;
          if (!isWorkingDay(countDay, calendar) || clock.minute >= lastEndOn(countDay, calendar))
            do countDay = addDays(countDay, 1);
            while (!isWorkingDay(countDay, calendar));
          let counted = 0;
          for (let day = addDays(countDay, 1); day <= dueDay; day = addDays(day, 1))
            if (isWorkingDay(day, calendar)) counted++;
          expect(counted).toBe(days);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('working hours end on a working day of the calendar, never on its holidays', () => {
    fc.assert(
      fc.property(
        calendarArbitrary,
        monthEndInstant,
        fc.integer({ min: 1, max: 60 }),
        (calendar, start, hours) => {
          const due = addWorkingHours(new Date(start), hours, calendar);
          const day = dayOf(due.getTime(), calendar);
          expect(calendar.isHoliday(day)).toBe(false);
          expect(isWorkingDay(day, calendar)).toBe(true);
          expect(workingMinutesBetween(new Date(start), due, calendar)).toBe(hours * 60);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is monotonic across month ends: a later start or a longer count is never due earlier', () => {
    fc.assert(
      fc.property(
        calendarArbitrary,
        monthEndInstant,
        fc.integer({ min: 0, max: 3 * 24 * 60 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 10 }),
        (calendar, start, laterBy, days, more) => {
          const from = new Date(start);
          const later = new Date(start + laterBy * MINUTE);
          const due = addWorkingDays(from, days, calendar).getTime();
          expect(addWorkingDays(later, days, calendar).getTime()).toBeGreaterThanOrEqual(due);
          const longer = addWorkingDays(from, days + more, calendar).getTime();
          if (more > 0) expect(longer).toBeGreaterThan(due);
          else expect(longer).toBe(due);
          const hoursDue = addWorkingHours(from, days, calendar).getTime();
          expect(addWorkingHours(later, days, calendar).getTime()).toBeGreaterThanOrEqual(hoursDue);
          expect(addWorkingHours(from, days + more, calendar).getTime()).toBeGreaterThanOrEqual(hoursDue);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes a recurring holiday every year from its first, and a one-off holiday only on its day', () => {
    fc.assert(
      fc.property(monthEdgeDay, fc.integer({ min: -2, max: 2 }), fc.boolean(), (day, years, recurring) => {
        const isHoliday = holidayTest([{ day, recurring }], false);
        const year = Number(day.slice(0, 4)) + years;
        const sameDate = `${year}${day.slice(4)}`;
        // 29 February recurs only in leap years: the string simply never matches in the others.
        const expected = years === 0 || (recurring && years > 0);
        expect(isHoliday(sameDate)).toBe(expected);
        expect(isHoliday(addDays(day, 1))).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
