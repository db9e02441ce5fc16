import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBrazilianHoliday } from './brazil-holidays.ts';
import {
  addWorkingDays,
  addWorkingHours,
  DEFAULT_WORK_CALENDAR,
  workingMinutesBetween,
} from './working-time.ts';

/**
 * An independent model: São Paulo is UTC−3 all year since 2019, so a wall clock is the instant − 3 h; a minute
 * works when its day is a weekday that is no holiday and it lies in 08:00–12:00 or 13:00–17:00.
 */
const OFFSET_MS = 3 * 3_600_000;
const MINUTE = 60_000;
function wall(instant: number) {
  const local = new Date(instant - OFFSET_MS);
  return {
    day: local.toISOString().slice(0, 10),
    weekday: local.getUTCDay(),
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}
function isWorkingDay(day: string, weekday: number) {
  return weekday >= 1 && weekday <= 5 && !isBrazilianHoliday(day);
}
function isWorkingMinute(instant: number) {
  const { day, weekday, minute } = wall(instant);
  return isWorkingDay(day, weekday) && ((minute >= 480 && minute < 720) || (minute >= 780 && minute < 1020));
}
/** Steps minute by minute, counting the working ones. */
function modelAddHours(start: number, quarterHours: number) {
  let left = quarterHours * 15;
  let at = start;
  while (left > 0) {
    if (isWorkingMinute(at)) left--;
    at += MINUTE;
  }
  return at;
}

/** Whole minutes between 2025 and 2027 (both years' Easter holidays fall in). */
const startArbitrary = fc
  .integer({
    min: Date.parse('2025-01-01T03:00:00Z') / MINUTE,
    max: Date.parse('2027-12-20T03:00:00Z') / MINUTE,
  })
  .map((minutes) => minutes * MINUTE);

describe('working time (property)', () => {
  it('working hours spend exactly the working minutes the model counts', () => {
    fc.assert(
      fc.property(startArbitrary, fc.integer({ min: 1, max: 24 * 4 }), (start, quarterHours) => {
        const answer = addWorkingHours(new Date(start), quarterHours / 4, DEFAULT_WORK_CALENDAR).getTime();
        expect(answer).toBe(modelAddHours(start, quarterHours));
      }),
      { numRuns: 200 },
    );
  });

  it('working days land on the count-th working day after the start, at the start’s working time', () => {
    fc.assert(
      fc.property(startArbitrary, fc.integer({ min: 1, max: 30 }), (start, days) => {
        // The model's start: the first working minute at or after the given one.
        let first = start;
        while (!isWorkingMinute(first)) first += MINUTE;
        const answer = addWorkingDays(new Date(start), days, DEFAULT_WORK_CALENDAR).getTime();
        expect(wall(answer).minute).toBe(wall(first).minute);
        let counted = 0;
        for (let at = first + 86_400_000; wall(at).day <= wall(answer).day; at += 86_400_000) {
          const { day, weekday } = wall(at);
          if (isWorkingDay(day, weekday)) counted++;
        }
        expect(counted).toBe(days);
        expect(isWorkingMinute(answer)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('counts back the working minutes that working hours spent (the due-soon share rests on it)', () => {
    fc.assert(
      fc.property(startArbitrary, fc.integer({ min: 0, max: 24 * 4 * 5 }), (start, quarterHours) => {
        const from = new Date(start);
        const to = addWorkingHours(from, quarterHours / 4, DEFAULT_WORK_CALENDAR);
        expect(workingMinutesBetween(from, to, DEFAULT_WORK_CALENDAR)).toBe(quarterHours * 15);
      }),
      { numRuns: 300 },
    );
  });
});
