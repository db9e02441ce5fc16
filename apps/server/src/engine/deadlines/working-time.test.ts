import { describe, expect, it } from 'vitest';
import { brazilianHolidays, easterSunday, isBrazilianHoliday } from './brazil-holidays.ts';
import {
  addWorkingDays,
  addWorkingHours,
  addWorkingTime,
  DEFAULT_WORK_CALENDAR,
  type WorkCalendar,
} from './working-time.ts';

/** A São Paulo wall-clock time ('2026-03-06T15:00') as an instant. */
const sp = (local: string) => new Date(`${local}:00-03:00`);
const calendar = DEFAULT_WORK_CALENDAR;

describe('working days', () => {
  it('counts days of the calendar, not 24 working hours: 2 days from Friday 15:00 are Tuesday 15:00', () => {
    expect(addWorkingDays(sp('2026-03-06T15:00'), 2, calendar)).toEqual(sp('2026-03-10T15:00'));
  });

  it('skips a fixed national holiday (Tiradentes, Tuesday 21 April 2026)', () => {
    expect(addWorkingDays(sp('2026-04-17T15:00'), 2, calendar)).toEqual(sp('2026-04-22T15:00'));
  });

  it('skips the Easter-based holidays: Carnaval Monday and Tuesday, Sexta-feira Santa, Corpus Christi', () => {
    // 2026: Easter 5 April → Carnaval 16–17 February, Good Friday 3 April, Corpus Christi 4 June.
    expect(addWorkingDays(sp('2026-02-13T10:00'), 1, calendar)).toEqual(sp('2026-02-18T10:00'));
    expect(addWorkingDays(sp('2026-04-02T09:30'), 1, calendar)).toEqual(sp('2026-04-06T09:30'));
    expect(addWorkingDays(sp('2026-06-03T14:00'), 1, calendar)).toEqual(sp('2026-06-05T14:00'));
  });

  it('starts counting at the next working moment when given a weekend, a night or a lunch break', () => {
    expect(addWorkingDays(sp('2026-03-07T10:00'), 2, calendar)).toEqual(sp('2026-03-11T08:00'));
    expect(addWorkingDays(sp('2026-03-09T20:00'), 1, calendar)).toEqual(sp('2026-03-11T08:00'));
    expect(addWorkingDays(sp('2026-03-09T12:30'), 1, calendar)).toEqual(sp('2026-03-10T13:00'));
    // 17:00 ends the day's work: the count starts the next morning.
    expect(addWorkingDays(sp('2026-03-06T17:00'), 1, calendar)).toEqual(sp('2026-03-10T08:00'));
  });

  it('ends at the last period of a day that works shorter hours than the start time', () => {
    const shortFriday: WorkCalendar = {
      ...calendar,
      workPeriods: [
        { weekday: 4, start: '08:00', end: '17:00' },
        { weekday: 5, start: '08:00', end: '12:00' },
      ],
    };
    expect(addWorkingDays(sp('2026-03-05T15:00'), 1, shortFriday)).toEqual(sp('2026-03-06T12:00'));
  });

  it('returns the next working moment for zero days', () => {
    expect(addWorkingDays(sp('2026-03-07T10:00'), 0, calendar)).toEqual(sp('2026-03-09T08:00'));
  });
});

describe('working hours', () => {
  it('4 hours from 16:00 with 08–12/13–17 end at 11:00 the next working day; from 17:00 at 12:00', () => {
    expect(addWorkingHours(sp('2026-03-09T16:00'), 4, calendar)).toEqual(sp('2026-03-10T11:00'));
    expect(addWorkingHours(sp('2026-03-09T17:00'), 4, calendar)).toEqual(sp('2026-03-10T12:00'));
  });

  it('does not count the lunch break', () => {
    expect(addWorkingHours(sp('2026-03-09T11:00'), 4, calendar)).toEqual(sp('2026-03-09T16:00'));
    expect(addWorkingHours(sp('2026-03-09T10:30'), 2, calendar)).toEqual(sp('2026-03-09T13:30'));
  });

  it('ends at the end of a period the hours fill, not at the next morning', () => {
    expect(addWorkingHours(sp('2026-03-09T16:00'), 1, calendar)).toEqual(sp('2026-03-09T17:00'));
  });

  it('crosses nights, weekends and holidays', () => {
    expect(addWorkingHours(sp('2026-03-09T22:00'), 2, calendar)).toEqual(sp('2026-03-10T10:00'));
    expect(addWorkingHours(sp('2026-03-06T16:00'), 3, calendar)).toEqual(sp('2026-03-09T10:00'));
    // Thursday before Good Friday 2026: Friday is a holiday, the weekend follows.
    expect(addWorkingHours(sp('2026-04-02T16:00'), 2, calendar)).toEqual(sp('2026-04-06T09:00'));
    // 16 hours are two full working days (8 h each).
    expect(addWorkingHours(sp('2026-03-09T08:00'), 16, calendar)).toEqual(sp('2026-03-10T17:00'));
  });

  it('keeps seconds of the start', () => {
    expect(addWorkingHours(new Date('2026-03-09T09:00:30-03:00'), 1, calendar)).toEqual(
      new Date('2026-03-09T10:00:30-03:00'),
    );
  });

  it('clock hours ignore the calendar', () => {
    expect(addWorkingTime(sp('2026-03-06T15:00'), 48, 'hours', calendar)).toEqual(sp('2026-03-08T15:00'));
  });

  it('refuses a calendar without any working time instead of looping', () => {
    const empty: WorkCalendar = { ...calendar, workPeriods: [] };
    expect(() => addWorkingHours(sp('2026-03-09T08:00'), 1, empty)).toThrow(/no working time/);
    expect(() => addWorkingDays(sp('2026-03-09T08:00'), 1, empty)).toThrow(/no working time/);
  });
});

describe('Brazilian holidays', () => {
  it('finds Easter Sunday', () => {
    expect(easterSunday(2000)).toBe('2000-04-23');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('lists the fixed and Easter-based days of 2025', () => {
    expect(brazilianHolidays(2025)).toEqual([
      '2025-01-01',
      '2025-03-03',
      '2025-03-04',
      '2025-04-18',
      '2025-04-21',
      '2025-05-01',
      '2025-06-19',
      '2025-09-07',
      '2025-10-12',
      '2025-11-02',
      '2025-11-15',
      '2025-11-20',
      '2025-12-25',
    ]);
  });

  it('counts 20 November (Consciência Negra) from 2024 only', () => {
    expect(isBrazilianHoliday('2023-11-20')).toBe(false);
    expect(isBrazilianHoliday('2024-11-20')).toBe(true);
  });
});
