import type { Language, SaveTimesheetResult, TimesheetEntryInput } from '@der/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { isLocked, loadMonthLocks, type MonthLocks, monthOf } from './month-locks.ts';
import { entryMinutes, notesOverlap } from './note-times.ts';
import { toTimesheetEntry } from './timesheet-entries.ts';
import { type TimeEntryItem, timeEntryComponentsOf, timeEntryItems } from './timesheet-items.ts';
import { monthLabel, refusal } from './timesheet-refusals.ts';
import { admittedKinds, loadSubject } from './timesheet-subject.ts';
import { timesheetEntries } from './timesheets.table.ts';

type Actor = ItemViewer & { language: Language };
type EntryRow = typeof timesheetEntries.$inferSelect;

interface SaveBody {
  applicationId: number;
  entries: TimesheetEntryInput[];
  deletions: Array<{ id: number; version: number }>;
}

/** The stored entries a save changes or removes: the caller's own, at the version they read (409 otherwise). */
async function heldEntries(tx: Db, userId: number, body: SaveBody): Promise<Map<number, EntryRow>> {
  const wanted = [
    ...body.deletions,
    ...body.entries.flatMap((entry) =>
      entry.id === undefined ? [] : [{ id: entry.id, version: entry.version }],
    ),
  ];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(timesheetEntries)
    .where(
      and(
        eq(timesheetEntries.userId, userId),
        inArray(
          timesheetEntries.id,
          wanted.map((entry) => entry.id),
        ),
      ),
    )
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { id, version } of wanted) {
    const row = byId.get(id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.version !== version) throw new AppError('CONFLICT');
  }
  return byId;
}

/** A refusal when the month of `day` is closed for this entry (its user's resource or its project). */
function checkOpen(
  language: Language,
  locks: MonthLocks,
  field: string,
  day: string,
  projectId: number | null,
) {
  if (isLocked(locks, day, projectId))
    throw refusal(language, field, 'monthClosed', { month: monthLabel(monthOf(day)) });
}

/** The day totals and notes after the save: no day over 24 hours, no two notes overlapping. */
async function checkDays(tx: Db, language: Language, userId: number, days: ReadonlySet<string>) {
  if (days.size === 0) return;
  const rows = await tx
    .select({
      day: timesheetEntries.day,
      minutes: timesheetEntries.minutes,
      startTime: timesheetEntries.startTime,
      endTime: timesheetEntries.endTime,
    })
    .from(timesheetEntries)
    .where(and(eq(timesheetEntries.userId, userId), inArray(timesheetEntries.day, [...days])));
  for (const day of days) {
    const ofDay = rows.filter((row) => row.day === day);
    if (ofDay.reduce((total, row) => total + row.minutes, 0) > 24 * 60)
      throw refusal(language, 'minutes', 'dayOverfull');
    if (notesOverlap(ofDay)) throw refusal(language, 'startTime', 'notesOverlap');
  }
}

/**
 * Saves the caller's changes to their own timesheet in one transaction: every entry is checked on the server —
 * the item is a task or activity of the application they may see and their timesheetType admits, a note starts
 * before it ends, neither the old nor the new day lies in a closed month, no day passes 24 hours — and the
 * first refusal (400 naming the entry's field) leaves everything as it was.
 */
export async function saveTimesheet(db: Db, actor: Actor, body: SaveBody): Promise<SaveTimesheetResult> {
  const { language } = actor;
  const subject = await loadSubject(db, actor.userId);
  if (!subject) throw new AppError('NOT_FOUND');
  const admitted = admittedKinds(subject.timesheetType);
  if (admitted.size === 0 && body.entries.length + body.deletions.length > 0)
    throw refusal(language, 'entries', 'noManualEntry');
  const components = await timeEntryComponentsOf(db, actor, body.applicationId);
  const kindOf = new Map(components.map((component) => [component.id, component.timeEntry]));
  const items = await timeEntryItems(
    db,
    actor,
    components,
    body.entries.map((entry) => entry.itemId),
  );
  return db.transaction(async (tx) => {
    const locks = await loadMonthLocks(tx, subject.resourceId);
    const held = await heldEntries(tx, actor.userId, body);
    const touchedDays = new Set<string>();
    for (const [index, deletion] of body.deletions.entries()) {
      const row = held.get(deletion.id) as EntryRow;
      checkOpen(language, locks, `deletions.${index}.id`, row.day, row.projectId);
    }
    if (body.deletions.length > 0)
      await tx.delete(timesheetEntries).where(
        inArray(
          timesheetEntries.id,
          body.deletions.map((deletion) => deletion.id),
        ),
      );
    const saved: EntryRow[] = [];
    const inserts: Array<{ index: number; values: typeof timesheetEntries.$inferInsert }> = [];
    for (const [index, input] of body.entries.entries()) {
      const at = (field: string) => `entries.${index}.${field}`;
      const item = items.get(input.itemId) as TimeEntryItem | undefined;
      if (!item) throw refusal(language, at('itemId'), 'itemUnknown');
      if (!admitted.has(kindOf.get(item.componentId) as 'task' | 'activity'))
        throw refusal(language, at('itemId'), 'kindNotAdmitted');
      const minutes = entryMinutes(input);
      if (!minutes.ok) throw refusal(language, at(minutes.field), minutes.reason);
      checkOpen(language, locks, at('day'), input.day, item.projectId);
      const values = {
        itemId: item.id,
        projectId: item.projectId,
        day: input.day,
        minutes: minutes.minutes,
        startTime: minutes.startTime,
        endTime: minutes.endTime,
        note: input.note?.trim() ?? '',
        origin: 'manual',
      };
      touchedDays.add(input.day);
      const previous = input.id === undefined ? undefined : held.get(input.id);
      if (!previous) {
        inserts.push({ index, values: { ...values, userId: actor.userId } });
        continue;
      }
      checkOpen(language, locks, at('day'), previous.day, previous.projectId);
      const [row] = await tx
        .update(timesheetEntries)
        .set({ ...values, version: sql`${timesheetEntries.version} + 1`, modifiedAt: new Date() })
        .where(eq(timesheetEntries.id, previous.id))
        .returning();
      saved[index] = row as EntryRow;
    }
    // New entries in one statement: a month of a full-time person is some sixty rows.
    if (inserts.length > 0) {
      const rows = await tx
        .insert(timesheetEntries)
        .values(inserts.map((insert) => insert.values))
        .returning();
      rows.forEach((row, position) => {
        saved[(inserts[position] as (typeof inserts)[number]).index] = row;
      });
    }
    await checkDays(tx, language, actor.userId, touchedDays);
    return { entries: saved.filter(Boolean).map(toTimesheetEntry) };
  });
}
