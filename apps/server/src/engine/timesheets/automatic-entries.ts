import type { ComponentDefinition, Language } from '@der/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { workingMinutesOn } from '../deadlines/working-time.ts';
import { daysBetween, type LocalDay, wallClockOf } from '../deadlines/zoned-time.ts';
import { runtimeItems } from '../items/items.table.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { loadUserWorkCalendar } from '../work-calendars/load-work-calendar.ts';
import { isLocked, loadMonthLocks } from './month-locks.ts';
import { entriesOf } from './timesheet-entries.ts';
import { timeEntryComponentsOf, timesheetRowsOf } from './timesheet-items.ts';
import { refusal } from './timesheet-refusals.ts';
import { loadSubject } from './timesheet-subject.ts';
import { timesheetEntries } from './timesheets.table.ts';

const BOTH_KINDS = new Set(['task', 'activity'] as const);

/** The planned period of an item, as São Paulo days, by its component's first schedule view; none: always. */
function periodOf(component: ComponentDefinition, data: Record<string, unknown>) {
  const view = component.scheduleViews[0];
  const dayOf = (value: unknown) =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value))
      ? wallClockOf(new Date(value), 'America/Sao_Paulo').day
      : undefined;
  return {
    start: view ? dayOf(data[view.startField]) : undefined,
    end: view ? dayOf(data[view.endField]) : undefined,
  };
}

/** `total` minutes spread over `count` parts, the remainder on the first ones. */
export function spread(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  return Array.from({ length: count }, (_, index) => base + (index < total % count ? 1 : 0));
}

/**
 * Automatic notes (autoTimesheetType '1', spec §3): each contracted day of the range up to today without any
 * entry gets the hours the user's calendar expects of it, spread over the unfinished tasks and activities they
 * are responsible for whose planned period covers the day (all of them when none is planned). Non-contracted
 * days (weekends, holidays) and days in a closed month are left alone; a day with no work in progress too.
 */
export async function fillAutomaticEntries(
  db: Db,
  actor: ItemViewer & { language: Language },
  body: { applicationId: number; from: string; to: string },
  today: LocalDay,
): Promise<{ created: number }> {
  const subject = await loadSubject(db, actor.userId);
  if (!subject) throw new AppError('NOT_FOUND');
  if (subject.autoTimesheetType !== '1')
    throw refusal(actor.language, 'autoTimesheetType', 'noAutomaticNotes');
  return db.transaction(async (tx) => {
    // One fill per user at a time: two tabs filling at once would both find the same empty days.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`timesheet-fill:${subject.userId}`}))`);
    const [components, calendar, locks, existing] = await Promise.all([
      timeEntryComponentsOf(tx, actor, body.applicationId),
      loadUserWorkCalendar(tx, subject),
      loadMonthLocks(tx, subject.resourceId),
      entriesOf(tx, subject.userId, body),
    ]);
    const rows = await timesheetRowsOf(tx, actor, {
      components,
      responsibleId: subject.userId,
      withEntries: [],
      admitted: BOTH_KINDS,
    });
    if (rows.length === 0) return { created: 0 };
    const data = await tx
      .select({ id: runtimeItems.id, data: runtimeItems.data })
      .from(runtimeItems)
      .where(
        inArray(
          runtimeItems.id,
          rows.map((row) => row.itemId),
        ),
      );
    const dataOf = new Map(data.map((row) => [row.id, row.data]));
    const componentOf = new Map(components.map((component) => [component.id, component]));
    const entered = new Set(existing.map((entry) => entry.day));
    const values: Array<typeof timesheetEntries.$inferInsert> = [];
    for (const day of daysBetween(body.from, body.to < today ? body.to : today)) {
      const expected = workingMinutesOn(calendar, day);
      if (expected === 0 || entered.has(day)) continue;
      const inProgress = rows.filter((row) => {
        const period = periodOf(
          componentOf.get(row.componentId) as ComponentDefinition,
          dataOf.get(row.itemId) ?? {},
        );
        return (
          (period.start === undefined || period.start <= day) &&
          (period.end === undefined || day <= period.end)
        );
      });
      const open = inProgress.filter((row) => !isLocked(locks, day, row.projectId));
      if (open.length === 0 || open.length < inProgress.length) continue;
      spread(expected, open.length).forEach((minutes, index) => {
        const row = open[index] as (typeof open)[number];
        if (minutes > 0)
          values.push({
            userId: subject.userId,
            itemId: row.itemId,
            projectId: row.projectId,
            day,
            minutes,
            origin: 'automatic',
          });
      });
    }
    if (values.length > 0) await tx.insert(timesheetEntries).values(values);
    return { created: values.length };
  });
}
