import { addDays, type LocalDay } from './zoned-time.ts';

/**
 * Brazil's national holidays (Lei 662/1949, 6.802/1980, 10.607/2002 and 14.759/2023, which made 20 November
 * national from 2024): fixed by date.
 */
const FIXED_HOLIDAYS = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25'] as const;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): LocalDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The days a public office of the department does not work in a year, sorted. Besides the fixed national
 * holidays: Sexta-feira Santa (Easter − 2), and — by decision, since public offices close on them although the
 * federal calendar calls them pontos facultativos — Carnaval Monday and Tuesday (Easter − 48, − 47) and Corpus
 * Christi (Easter + 60). Ash Wednesday (work from 14:00) counts as a working day. 20 November only from 2024.
 */
export function brazilianHolidays(year: number): LocalDay[] {
  const easter = easterSunday(year);
  const fixed: LocalDay[] = FIXED_HOLIDAYS.map((date) => `${year}-${date}`);
  if (year >= 2024) fixed.push(`${year}-11-20`);
  const movable = [-48, -47, -2, 60].map((offset) => addDays(easter, offset));
  return [...fixed, ...movable].sort();
}

const byYear = new Map<number, ReadonlySet<LocalDay>>();

/** Whether a day is one of brazilianHolidays (computed once per year). */
export function isBrazilianHoliday(day: LocalDay): boolean {
  const year = Number(day.slice(0, 4));
  let days = byYear.get(year);
  if (!days) {
    days = new Set(brazilianHolidays(year));
    byYear.set(year, days);
  }
  return days.has(day);
}
