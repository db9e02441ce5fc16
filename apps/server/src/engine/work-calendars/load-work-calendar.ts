import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { userWorkPeriods } from '../../modules/admin-users/admin-users.table.ts';
import { isBrazilianHoliday } from '../deadlines/brazil-holidays.ts';
import { DEFAULT_WORK_CALENDAR, type WorkCalendar } from '../deadlines/working-time.ts';
import type { LocalDay } from '../deadlines/zoned-time.ts';
import { workCalendarHolidays, workCalendarPeriods, workCalendars } from './work-calendars.table.ts';

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

/** A named working calendar with its periods and holidays; undefined when there is no such calendar. */
export async function loadWorkCalendar(db: Db, calendarId: number): Promise<WorkCalendar | undefined> {
  const [calendar] = await db.select().from(workCalendars).where(eq(workCalendars.id, calendarId));
  if (!calendar) return undefined;
  const [periods, holidays] = await Promise.all([
    db
      .select({
        weekday: workCalendarPeriods.weekday,
        start: workCalendarPeriods.start,
        end: workCalendarPeriods.end,
      })
      .from(workCalendarPeriods)
      .where(eq(workCalendarPeriods.calendarId, calendarId))
      .orderBy(asc(workCalendarPeriods.weekday), asc(workCalendarPeriods.start)),
    db
      .select({ day: workCalendarHolidays.day, recurring: workCalendarHolidays.recurring })
      .from(workCalendarHolidays)
      .where(eq(workCalendarHolidays.calendarId, calendarId)),
  ]);
  return {
    timeZone: calendar.timeZone,
    workPeriods: periods,
    isHoliday: holidayTest(holidays, calendar.nationalHolidays),
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
    const calendar = await loadWorkCalendar(db, user.resourceCalendarId);
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
