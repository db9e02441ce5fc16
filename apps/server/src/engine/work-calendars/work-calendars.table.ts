import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Named working calendars (issue 19): the periods of work of each weekday, a time zone, and the holidays beyond
 * Brazil's national ones (built in, brazil-holidays.ts): the state's and a municipality's. Resources and projects
 * name one; time entry counts the hours it expects, deadlines count on it.
 */
export const workCalendars = pgTable(
  'work_calendars',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    /** Whether Brazil's national holidays are days off on this calendar (a 24×7 operation's is not). */
    nationalHolidays: boolean('national_holidays').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('work_calendars_name_unique').on(sql`lower(${table.name})`)],
);

/** One period of work of a weekday of a calendar (the shape of a user's calendar, WorkPeriodSchema). */
export const workCalendarPeriods = pgTable(
  'work_calendar_periods',
  {
    id: serial('id').primaryKey(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => workCalendars.id, { onDelete: 'cascade' }),
    /** 0 = Sunday … 6 = Saturday. */
    weekday: integer('weekday').notNull(),
    /** 'HH:mm', compared as text (zero-padded), start < end. */
    start: text('start_time').notNull(),
    end: text('end_time').notNull(),
  },
  (table) => [
    index('work_calendar_periods_calendar_idx').on(table.calendarId),
    check('work_calendar_periods_weekday', sql`${table.weekday} between 0 and 6`),
    check('work_calendar_periods_order', sql`${table.start} < ${table.end}`),
  ],
);

/**
 * A day off of a calendar beyond the national holidays: a state or municipal holiday, or an optional day
 * ('ponto facultativo'). A recurring one falls on the same day and month every year.
 */
export const workCalendarHolidays = pgTable(
  'work_calendar_holidays',
  {
    id: serial('id').primaryKey(),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => workCalendars.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD' (a recurring holiday's year is the first it applies to). */
    day: text('day').notNull(),
    name: text('name').notNull(),
    /** 'estadual' | 'municipal' | 'facultativo'. */
    scope: text('scope').notNull(),
    recurring: boolean('recurring').notNull().default(false),
  },
  (table) => [
    uniqueIndex('work_calendar_holidays_day_unique').on(table.calendarId, table.day),
    check('work_calendar_holidays_day_format', sql`${table.day} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
  ],
);
