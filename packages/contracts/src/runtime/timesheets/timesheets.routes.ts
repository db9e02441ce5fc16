import { defineRoute } from '../../common/route.ts';
import {
  CloseMonthBodySchema,
  FillAutomaticEntriesBodySchema,
  FillAutomaticEntriesResultSchema,
  ItemTimesheetSchema,
  LoadItemTimesheetQuerySchema,
  LoadMonthClosingsQuerySchema,
  LoadTimesheetListQuerySchema,
  LoadTimesheetQuerySchema,
  MonthClosingRowSchema,
  MonthClosingsSchema,
  ReopenMonthBodySchema,
  SaveTimesheetBodySchema,
  SaveTimesheetResultSchema,
  TimesheetListSchema,
  TimesheetSchema,
} from './timesheets.schemas.ts';

const tags = ['timesheets'];

/**
 * Time entry (issue 19): myTimesheet, timesheetList and closeMonthList of spec §2.9. An application not granted
 * to the caller answers 404. Entries in a closed month, outside the user's timesheetType, on an item the user
 * cannot see, or with a note ending before it starts are refused (400 naming the field); stale entries 409.
 */
export const timesheetRoutes = {
  loadTimesheet: defineRoute({
    method: 'GET',
    path: '/timesheet/loadTimesheet',
    access: 'session',
    summary: "A user's timesheet over a week or a month: the days, the tasks and activities, the entries",
    tags,
    querystring: LoadTimesheetQuerySchema,
    response: TimesheetSchema,
  }),
  saveTimesheet: defineRoute({
    method: 'POST',
    path: '/timesheet/saveTimesheet',
    access: 'session',
    summary: "Saves changes to the caller's entries in one transaction",
    tags,
    body: SaveTimesheetBodySchema,
    response: SaveTimesheetResultSchema,
  }),
  fillAutomaticEntries: defineRoute({
    method: 'POST',
    path: '/timesheet/fillAutomaticEntries',
    access: 'session',
    summary: "Automatic notes: the caller's contracted days without entries, over their work in progress",
    tags,
    body: FillAutomaticEntriesBodySchema,
    response: FillAutomaticEntriesResultSchema,
  }),
  loadItemTimesheet: defineRoute({
    method: 'GET',
    path: '/timesheet/loadItemTimesheet',
    access: 'session',
    summary: 'The time entered on one item (the timesheets form component), for those who see the item',
    tags,
    querystring: LoadItemTimesheetQuerySchema,
    response: ItemTimesheetSchema,
  }),
  loadTimesheetList: defineRoute({
    method: 'GET',
    path: '/timesheet/loadTimesheetList',
    access: 'session',
    summary: "The timesheets of the caller's resources (all of them for administrators) over a range",
    tags,
    querystring: LoadTimesheetListQuerySchema,
    response: TimesheetListSchema,
  }),
  loadMonthClosings: defineRoute({
    method: 'GET',
    path: '/timesheet/loadMonthClosings',
    access: 'session',
    summary: 'The resources and projects whose months the caller may close, with what is closed',
    tags,
    querystring: LoadMonthClosingsQuerySchema,
    response: MonthClosingsSchema,
  }),
  closeMonth: defineRoute({
    method: 'POST',
    path: '/timesheet/closeMonth',
    access: 'session',
    summary: 'Closes a month (and every earlier one) for a resource or a project',
    tags,
    body: CloseMonthBodySchema,
    response: MonthClosingRowSchema,
  }),
  reopenMonth: defineRoute({
    method: 'POST',
    path: '/timesheet/reopenMonth',
    access: 'session',
    summary: 'Reopens a month (and every later one) for a resource or a project; administrators, audited',
    tags,
    body: ReopenMonthBodySchema,
    response: MonthClosingRowSchema,
  }),
};
