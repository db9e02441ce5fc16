import { defineRoute } from '../../common/route.ts';
import { ItemWriteResultSchema } from '../items/items.schemas.ts';
import {
  AppCalendarSchema,
  LoadAppCalendarQuerySchema,
  MoveCalendarEntryBodySchema,
} from './calendar.schemas.ts';

const tags = ['calendar'];

/**
 * Spec §2.9 /runtime/{appID}/calendar/{title}: the items of an application's calendar views within a range. An
 * application not granted to the caller has no views (nothing tells it exists); only items the caller may see
 * are answered. A move writes the view's date fields through the one save: its refusals (400 naming the field,
 * 403, 409 when stale) are the form's.
 */
export const calendarRoutes = {
  loadAppCalendar: defineRoute({
    method: 'GET',
    path: '/genericItem/loadAppCalendar',
    access: 'session',
    summary: "The items of an application's calendar views dated within a range (at most 42 days)",
    tags,
    querystring: LoadAppCalendarQuerySchema,
    response: AppCalendarSchema,
  }),
  moveCalendarEntry: defineRoute({
    method: 'POST',
    path: '/genericItem/moveCalendarEntry',
    access: 'session',
    summary: 'Moves an item on a calendar view: its date fields, through the one save',
    tags,
    body: MoveCalendarEntryBodySchema,
    response: ItemWriteResultSchema,
  }),
};
