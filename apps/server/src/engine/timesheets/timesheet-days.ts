import type { TimesheetDay } from '@der/contracts';
import type { WorkCalendar } from '../deadlines/working-time.ts';
import { workingMinutesOn } from '../deadlines/working-time.ts';
import { daysBetween, type LocalDay } from '../deadlines/zoned-time.ts';

import { isClosedForResource, type MonthLocks } from './month-locks.ts';

/** The grid's days: what the calendar expects of each, and whether its month is closed for the user. */
export function timesheetDays(
  calendar: WorkCalendar,
  locks: MonthLocks,
  range: { from: LocalDay; to: LocalDay },
): TimesheetDay[] {
  return daysBetween(range.from, range.to).map((day) => {
    const expectedMinutes = workingMinutesOn(calendar, day);
    return {
      day,
      expectedMinutes,
      contracted: expectedMinutes > 0,
      holiday: calendar.isHoliday(day),
      closed: isClosedForResource(locks, day),
    };
  });
}
