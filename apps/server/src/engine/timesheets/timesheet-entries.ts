import type { TimesheetEntry } from '@der/contracts';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { timesheetEntries } from './timesheets.table.ts';

type EntryRow = typeof timesheetEntries.$inferSelect;

export function toTimesheetEntry(row: EntryRow): TimesheetEntry {
  return {
    id: row.id,
    itemId: row.itemId,
    day: row.day,
    minutes: row.minutes,
    startTime: row.startTime,
    endTime: row.endTime,
    note: row.note,
    origin: row.origin === 'automatic' ? 'automatic' : 'manual',
    version: row.version,
  };
}

/** A user's entries over a range of days, in day and start order. */
export function entriesOf(db: Db, userId: number, range: { from: string; to: string }): Promise<EntryRow[]> {
  return db
    .select()
    .from(timesheetEntries)
    .where(
      and(
        eq(timesheetEntries.userId, userId),
        gte(timesheetEntries.day, range.from),
        lte(timesheetEntries.day, range.to),
      ),
    )
    .orderBy(asc(timesheetEntries.day), asc(timesheetEntries.startTime), asc(timesheetEntries.id));
}
