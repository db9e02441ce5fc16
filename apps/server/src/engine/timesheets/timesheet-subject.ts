import { AUTO_TIMESHEET_TYPES, TIMESHEET_TYPES } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { asOption } from '../../modules/admin-users/timesheet-options.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { resources } from '../resources/resources.table.ts';

/** Whose timesheet: the user, their settings (spec §3) and their resource, when they are one. */
export interface TimesheetSubject {
  userId: number;
  name: string;
  timesheetType: (typeof TIMESHEET_TYPES)[number];
  autoTimesheetType: (typeof AUTO_TIMESHEET_TYPES)[number];
  resourceId: number | null;
  resourceCalendarId: number | null;
  supervisorId: number | null;
}

export async function loadSubject(db: Db, userId: number): Promise<TimesheetSubject | null> {
  const [row] = await db
    .select({
      userId: users.id,
      name: users.name,
      timesheetType: users.timesheetType,
      autoTimesheetType: users.autoTimesheetType,
      resourceId: resources.id,
      resourceCalendarId: resources.calendarId,
      supervisorId: resources.supervisorId,
    })
    .from(users)
    .leftJoin(resources, eq(resources.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    ...row,
    timesheetType: asOption(TIMESHEET_TYPES, row.timesheetType),
    autoTimesheetType: asOption(AUTO_TIMESHEET_TYPES, row.autoTimesheetType),
  };
}

/** Who may read a timesheet: its user, administrators, and the supervisor of the user's resource. */
export function mayReadTimesheet(viewer: ItemViewer, subject: TimesheetSubject): boolean {
  return viewer.userId === subject.userId || viewer.isAdministrator || subject.supervisorId === viewer.userId;
}

/** The kinds of item a timesheetType admits (spec §3): '4' admits no manual entry at all. */
export function admittedKinds(
  timesheetType: TimesheetSubject['timesheetType'],
): ReadonlySet<'task' | 'activity'> {
  switch (timesheetType) {
    case '0':
    case '1':
      return new Set(['task', 'activity']);
    case '2':
      return new Set(['activity']);
    case '3':
      return new Set(['task']);
    case '4':
      return new Set();
  }
}
