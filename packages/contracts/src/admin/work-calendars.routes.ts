import { z } from 'zod';
import { defineRoute } from '../common/route.ts';
import { LookupBodySchema } from '../runtime/listing/listing.schemas.ts';
import { AdminSuccessSchema, IdsBodySchema } from './users.schemas.ts';
import {
  NationalHolidaySchema,
  NationalHolidaysQuerySchema,
  SaveWorkCalendarBodySchema,
  SaveWorkCalendarResponseSchema,
  WorkCalendarChoiceSchema,
  WorkCalendarIdQuerySchema,
  WorkCalendarRowSchema,
  WorkCalendarSchema,
} from './work-calendars.schemas.ts';

/**
 * Named working calendars (/administration/calendars): the periods of work of each weekday and the holidays
 * beyond the national ones. Projects and resources name one; deadlines and time entry count on it.
 */
export const adminWorkCalendarRoutes = {
  getWorkCalendars: defineRoute({
    method: 'POST',
    path: '/workCalendar/getWorkCalendars',
    access: 'admin',
    summary: 'Every working calendar with its weekly hours and holiday count, by name',
    tags: ['administration'],
    response: z.array(WorkCalendarRowSchema),
  }),
  getWorkCalendar: defineRoute({
    method: 'GET',
    path: '/workCalendar/getWorkCalendar',
    access: 'admin',
    summary: 'A working calendar with its periods and holidays',
    tags: ['administration'],
    querystring: WorkCalendarIdQuerySchema,
    response: WorkCalendarSchema,
  }),
  saveWorkCalendar: defineRoute({
    method: 'POST',
    path: '/workCalendar/saveWorkCalendar',
    access: 'admin',
    summary:
      'Creates (id 0) or changes a calendar with its periods and holidays; invalid or duplicate values 400, a stale version 409',
    tags: ['administration'],
    body: SaveWorkCalendarBodySchema,
    response: SaveWorkCalendarResponseSchema,
  }),
  deleteWorkCalendars: defineRoute({
    method: 'POST',
    path: '/workCalendar/deleteWorkCalendars',
    access: 'admin',
    summary:
      'Deletes calendars no resource or project uses (409 naming the one in use; nothing deleted then)',
    tags: ['administration'],
    body: IdsBodySchema,
    response: AdminSuccessSchema,
  }),
  getNationalHolidays: defineRoute({
    method: 'GET',
    path: '/workCalendar/getNationalHolidays',
    access: 'session',
    summary: "Brazil's national holidays of a year (built in), by date",
    tags: ['administration'],
    querystring: NationalHolidaysQuerySchema,
    response: z.array(NationalHolidaySchema),
  }),
  loadWorkCalendars: defineRoute({
    method: 'POST',
    path: '/genericItem/loadWorkCalendars',
    access: 'session',
    summary: 'Working calendars for a CALENDAR field chooser (id and name), by name',
    tags: ['generic items'],
    body: LookupBodySchema,
    response: z.object({ calendars: z.array(WorkCalendarChoiceSchema) }),
  }),
};
