import type { Language, Timesheet } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { loadUserWorkCalendar } from '../work-calendars/load-work-calendar.ts';
import { loadMonthLocks } from './month-locks.ts';
import { timesheetDays } from './timesheet-days.ts';
import { entriesOf, toTimesheetEntry } from './timesheet-entries.ts';
import { timeEntryComponentsOf, timesheetRowsOf } from './timesheet-items.ts';
import { admittedKinds, loadSubject, mayReadTimesheet } from './timesheet-subject.ts';

/**
 * Spec §2.9 myTimesheet: a user's week or month — the days with the hours their calendar expects, the tasks and
 * activities they work on, and their entries. Another user's timesheet is read by administrators and by the
 * supervisor of that user's resource only (404 otherwise: an id tells nothing).
 */
export async function loadTimesheet(
  db: Db,
  viewer: ItemViewer & { language: Language },
  query: { applicationId: number; from: string; to: string; userId?: number | undefined },
): Promise<Timesheet> {
  const subject = await loadSubject(db, query.userId ?? viewer.userId);
  if (!subject || !mayReadTimesheet(viewer, subject)) throw new AppError('NOT_FOUND');
  const [components, calendar, locks, stored] = await Promise.all([
    timeEntryComponentsOf(db, viewer, query.applicationId),
    loadUserWorkCalendar(db, subject),
    loadMonthLocks(db, subject.resourceId),
    entriesOf(db, subject.userId, query),
  ]);
  const admitted = admittedKinds(subject.timesheetType);
  const rows = await timesheetRowsOf(db, viewer, {
    components,
    responsibleId: subject.userId,
    withEntries: stored.map((entry) => entry.itemId),
    admitted,
  });
  const shown = new Set(rows.map((row) => row.itemId));
  return {
    userId: subject.userId,
    userName: subject.name,
    timesheetType: subject.timesheetType,
    autoTimesheetType: subject.autoTimesheetType,
    editable: subject.userId === viewer.userId && admitted.size > 0,
    days: timesheetDays(calendar, locks, query),
    rows,
    entries: stored.filter((entry) => shown.has(entry.itemId)).map(toTimesheetEntry),
  };
}
