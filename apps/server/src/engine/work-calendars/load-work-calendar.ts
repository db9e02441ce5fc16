import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { rowsOf } from '../../infra/db/rows-of.ts';
import { userWorkPeriods } from '../../modules/admin-users/admin-users.table.ts';
import { isBrazilianHoliday } from '../deadlines/brazil-holidays.ts';
import { DEFAULT_WORK_CALENDAR, type WorkCalendar } from '../deadlines/working-time.ts';
import type { LocalDay } from '../deadlines/zoned-time.ts';

interface HolidayRow {
  day: string;
  recurring: boolean;
}

/** A day test over a calendar's own holidays (a recurring one matches its month and day from its year on). */
export function holidayTest(
  rows: readonly HolidayRow[],
  nationalHolidays: boolean,
): (day: LocalDay) => boolean {
  const once = new Set(rows.filter((row) => !row.recurring).map((row) => row.day));
  const yearly = new Map(rows.filter((row) => row.recurring).map((row) => [row.day.slice(5), row.day]));
  return (day) => {
    if (nationalHolidays && isBrazilianHoliday(day)) return true;
    if (once.has(day)) return true;
    const first = yearly.get(day.slice(5));
    return first !== undefined && first <= day;
  };
}

interface CalendarRow {
  timeZone: string;
  nationalHolidays: boolean;
  periods: Array<{ weekday: number; start: string; end: string }> | string;
  holidays: Array<{ day: string; recurring: boolean }> | string;
}

const parsed = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

/**
 * One statement: the working calendar whose id `calendarId` selects (a number, or a query answering one), with its
 * periods and holidays; undefined when there is no such calendar.
 */
export async function queryWorkCalendar(db: Db, calendarId: SQL): Promise<WorkCalendar | undefined> {
  const result = await db.execute(sql`
    select c.time_zone as "timeZone", c.national_holidays as "nationalHolidays",
      coalesce((select json_agg(json_build_object('weekday', p.weekday, 'start', p.start_time, 'end', p.end_time)
        order by p.weekday, p.start_time) from work_calendar_periods p where p.calendar_id = c.id), '[]'::json) as periods,
      coalesce((select json_agg(json_build_object('day', h.day, 'recurring', h.recurring))
        from work_calendar_holidays h where h.calendar_id = c.id), '[]'::json) as holidays
    from work_calendars c
    where c.id = (${calendarId})`);
  const [row] = rowsOf<CalendarRow>(result);
  if (!row) return undefined;
  return {
    timeZone: row.timeZone,
    workPeriods: parsed(row.periods),
    isHoliday: holidayTest(parsed(row.holidays), row.nationalHolidays),
  };
}

/**
 * The calendar a user works on: their resource's calendar when it names one, else the periods of their own
 * calendar (the user record, spec §3) over the national holidays, else the default calendar.
 */
export async function loadUserWorkCalendar(
  db: Db,
  user: { userId: number; resourceCalendarId: number | null },
): Promise<WorkCalendar> {
  if (user.resourceCalendarId !== null) {
    const calendar = await queryWorkCalendar(db, sql`${user.resourceCalendarId}`);
    if (calendar) return calendar;
  }
  const periods = await db
    .select({ weekday: userWorkPeriods.weekday, start: userWorkPeriods.start, end: userWorkPeriods.end })
    .from(userWorkPeriods)
    .where(eq(userWorkPeriods.userId, user.userId))
    .orderBy(asc(userWorkPeriods.weekday), asc(userWorkPeriods.start));
  if (periods.length === 0) return DEFAULT_WORK_CALENDAR;
  return { ...DEFAULT_WORK_CALENDAR, workPeriods: periods };
}
