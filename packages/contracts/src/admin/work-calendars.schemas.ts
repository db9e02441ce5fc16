import { z } from 'zod';
import { requiredText } from '../common/fields.ts';
import { WorkPeriodSchema } from './users.schemas.ts';

/** The holidays a calendar adds to the national ones: a state's, a municipality's, or an optional day off. */
export const WORK_CALENDAR_HOLIDAY_SCOPES = ['estadual', 'municipal', 'facultativo'] as const;
export type WorkCalendarHolidayScope = (typeof WORK_CALENDAR_HOLIDAY_SCOPES)[number];

/** The time zone of a calendar when none is chosen (the department's). */
export const DEFAULT_WORK_CALENDAR_TIME_ZONE = 'America/Sao_Paulo';

/** Whether the runtime knows `zone` as an IANA time zone ('America/Manaus'; 'UTC'). */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether 'YYYY-MM-DD' is a day of the Gregorian calendar (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return (
    year >= 1900 &&
    year <= 2999 &&
    parsed.getUTCFullYear() === year &&
    parsed.getUTCMonth() === month - 1 &&
    parsed.getUTCDate() === date
  );
}

/** A row of the calendars list. */
export const WorkCalendarRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  nationalHolidays: z.boolean(),
  /** Hours of work a week (the sum of the periods). */
  weeklyHours: z.number(),
  holidayCount: z.number().int(),
});
export type WorkCalendarRow = z.infer<typeof WorkCalendarRowSchema>;

export const WorkCalendarHolidaySchema = z.object({
  /** 'YYYY-MM-DD'; a recurring holiday falls on its day and month every year from this year on. */
  day: z.string().refine(isCalendarDay, { error: 'incorrectDate' }),
  name: requiredText(120),
  scope: z.enum(WORK_CALENDAR_HOLIDAY_SCOPES, { error: 'invalidValue' }),
  recurring: z.boolean().optional().default(false),
});
export type WorkCalendarHoliday = z.output<typeof WorkCalendarHolidaySchema>;

/** A calendar with its periods and holidays; `version` goes back on save (409 when someone saved in between). */
export const WorkCalendarSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  nationalHolidays: z.boolean(),
  workPeriods: z.array(WorkPeriodSchema),
  holidays: z.array(WorkCalendarHolidaySchema),
  version: z.number().int(),
});
export type WorkCalendarRecord = z.output<typeof WorkCalendarSchema>;

export const WorkCalendarIdQuerySchema = z.object({ WorkCalendarId: z.coerce.number().int().positive() });

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * id 0 creates. The name is required and unique whatever the case (400 naming `body.name`); periods are
 * 'HH:mm' with start < end and do not overlap within a weekday (400 naming the later one's `start`); a holiday's
 * day is a real date, one per day (400 naming `body.holidays.<n>.day`); the time zone is an IANA one.
 */
export const SaveWorkCalendarBodySchema = z
  .object({
    id: z.number().int().min(0),
    name: requiredText(120),
    timeZone: z
      .string({ error: 'required' })
      .trim()
      .min(1, { error: 'required' })
      .max(64, { error: 'tooLong' })
      .refine(isIanaTimeZone, { error: 'invalidTimeZone' }),
    nationalHolidays: z.boolean().optional().default(true),
    workPeriods: z.array(WorkPeriodSchema).max(70, { error: 'tooManyRows' }),
    holidays: z.array(WorkCalendarHolidaySchema).max(500, { error: 'tooManyRows' }),
    /** 0 for a new calendar. */
    version: z.number().int().min(0).optional().default(0),
  })
  .superRefine((body, context) => {
    body.workPeriods.forEach((period, index) => {
      const overlaps = body.workPeriods.some(
        (other, otherIndex) =>
          otherIndex < index &&
          other.weekday === period.weekday &&
          minuteOf(other.start) < minuteOf(period.end) &&
          minuteOf(period.start) < minuteOf(other.end),
      );
      if (overlaps)
        context.addIssue({
          code: 'custom',
          message: 'periodsOverlap',
          path: ['workPeriods', index, 'start'],
        });
    });
    const seen = new Set<string>();
    body.holidays.forEach((holiday, index) => {
      if (seen.has(holiday.day))
        context.addIssue({
          code: 'custom',
          message: 'holidayDuplicateDay',
          path: ['holidays', index, 'day'],
        });
      seen.add(holiday.day);
    });
  });
export type SaveWorkCalendarBody = z.input<typeof SaveWorkCalendarBodySchema>;

export const SaveWorkCalendarResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  version: z.number().int(),
});

export const NationalHolidaysQuerySchema = z.object({ year: z.coerce.number().int().min(1900).max(2999) });

/** A national holiday of a year (Brazil's, built in: fixed by law or counted from Easter). */
export const NationalHolidaySchema = z.object({ day: z.string(), name: z.string() });
export type NationalHoliday = z.infer<typeof NationalHolidaySchema>;

/** A calendar as a CALENDAR field offers it: any signed-in user may read these. */
export const WorkCalendarChoiceSchema = z.object({ id: z.number().int(), name: z.string() });
export type WorkCalendarChoice = z.infer<typeof WorkCalendarChoiceSchema>;
