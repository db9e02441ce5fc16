import type { SaveWorkCalendarBodySchema, WorkCalendarRecord } from '@der/contracts';
import { DEFAULT_WORK_CALENDAR_TIME_ZONE } from '@der/contracts';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';

export type WorkCalendarForm = z.input<typeof SaveWorkCalendarBodySchema>;
export type WorkCalendarFormOutput = z.output<typeof SaveWorkCalendarBodySchema>;
export type WorkCalendarFormControl = Control<WorkCalendarForm, unknown, WorkCalendarFormOutput>;

/** Monday first, as the department's week reads (WorkPeriod.weekday: 0 = Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** A new calendar starts with the department's office hours, Monday to Friday. */
const OFFICE_HOURS = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, start: '08:00', end: '12:00' },
  { weekday, start: '13:00', end: '18:00' },
]);

export function toWorkCalendarForm(
  calendarId: number,
  calendar: WorkCalendarRecord | undefined,
): WorkCalendarForm {
  if (!calendar)
    return {
      id: calendarId,
      name: '',
      timeZone: DEFAULT_WORK_CALENDAR_TIME_ZONE,
      nationalHolidays: true,
      workPeriods: OFFICE_HOURS,
      holidays: [],
      version: 0,
    };
  return { ...calendar };
}

/** The fields a server 400 may name (`body.` stripped). */
export function workCalendarServerPaths(form: { workPeriods: unknown[]; holidays: unknown[] }): string[] {
  return [
    'name',
    'timeZone',
    ...form.workPeriods.flatMap((_, index) => [`workPeriods.${index}.start`, `workPeriods.${index}.end`]),
    ...form.holidays.flatMap((_, index) => [
      `holidays.${index}.day`,
      `holidays.${index}.name`,
      `holidays.${index}.scope`,
    ]),
  ];
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The period an 'add' proposes on a weekday: 08:00–12:00 on an empty day, else the hours after its last one. */
export function nextPeriodOf(
  weekday: number,
  periods: ReadonlyArray<{ weekday: number; start: string; end: string }>,
): { weekday: number; start: string; end: string } {
  const ends = periods
    .filter((period) => period.weekday === weekday && /^\d{2}:\d{2}$/.test(period.end))
    .map((period) => minuteOf(period.end));
  if (ends.length === 0) return { weekday, start: '08:00', end: '12:00' };
  const start = Math.min(Math.max(...ends) + 60, 23 * 60);
  return { weekday, start: timeOf(start), end: timeOf(Math.min(start + 4 * 60, 23 * 60 + 59)) };
}
