import type { ComponentDefinition, StatusSla } from '@der/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import {
  addWorkingHours,
  addWorkingTime,
  DEFAULT_WORK_CALENDAR,
  type WorkCalendar,
  workingMinutesBetween,
} from './working-time.ts';

/** The deadline columns of runtime_items a status change writes. */
export interface DeadlineColumns {
  dueAt: Date | null;
  dueSoonAt: Date | null;
  warnedAt: null;
  escalatedAt: null;
}

const UPDATE_SLICE_ROWS = 10_000;

const NO_DEADLINE: DeadlineColumns = { dueAt: null, dueSoonAt: null, warnedAt: null, escalatedAt: null };

/** The SLA of a status of the component's workflow, if it sets one. */
export function slaOf(component: ComponentDefinition, status: string | null): StatusSla | null {
  if (status === null) return null;
  return component.workflow?.statuses.find((candidate) => candidate.key === status)?.sla ?? null;
}

/**
 * When an item that entered a status with `sla` at `enteredAt` is due, and when it becomes due soon: after
 * `warnAtPercent` of the deadline's working time (of its clock time for 'hours').
 */
export function deadlineOf(
  sla: StatusSla,
  enteredAt: Date,
  calendar: WorkCalendar = DEFAULT_WORK_CALENDAR,
): { dueAt: Date; dueSoonAt: Date } {
  const dueAt = addWorkingTime(enteredAt, sla.amount, sla.unit, calendar);
  const share = sla.warnAtPercent / 100;
  if (sla.unit === 'hours')
    return {
      dueAt,
      dueSoonAt: new Date(enteredAt.getTime() + (dueAt.getTime() - enteredAt.getTime()) * share),
    };
  const minutes = workingMinutesBetween(enteredAt, dueAt, calendar);
  return { dueAt, dueSoonAt: addWorkingHours(enteredAt, (minutes * share) / 60, calendar) };
}

/**
 * The deadline columns of an item entering `status` at `enteredAt`: its due dates when the status sets an SLA,
 * else none; either way its reminders start anew (leaving a status clears or recomputes its deadline). Counted
 * on `calendar`: the writers pass the item's project's (engine/work-calendars/item-work-calendars.ts), the
 * default one (Brazil's national holidays) when the project names none.
 */
export function deadlineOnEntering(
  component: ComponentDefinition,
  status: string | null,
  enteredAt: Date,
  calendar: WorkCalendar = DEFAULT_WORK_CALENDAR,
): DeadlineColumns {
  const sla = slaOf(component, status);
  return sla ? { ...NO_DEADLINE, ...deadlineOf(sla, enteredAt, calendar) } : NO_DEADLINE;
}

/**
 * Gives new items created in a status with an SLA their deadline (the creation writes rows in bulk without it):
 * one UPDATE per such status and calendar, the rows updated in place for the caller. `calendarOf` gives a row's
 * calendar (its project's); it answers the same object for rows of one project, which then share an UPDATE.
 */
export async function startDeadlinesOfCreated(
  tx: Db,
  component: ComponentDefinition,
  rows: RuntimeItemRow[],
  createdAt: Date,
  calendarOf: (row: RuntimeItemRow) => Promise<WorkCalendar> | WorkCalendar = () => DEFAULT_WORK_CALENDAR,
): Promise<void> {
  const groups = new Map<WorkCalendar, Map<string, RuntimeItemRow[]>>();
  for (const row of rows) {
    if (!slaOf(component, row.status)) continue;
    const calendar = await calendarOf(row);
    const byStatus = groups.get(calendar) ?? new Map<string, RuntimeItemRow[]>();
    groups.set(calendar, byStatus);
    const list = byStatus.get(row.status!) ?? [];
    list.push(row);
    byStatus.set(row.status!, list);
  }
  for (const [calendar, byStatus] of groups)
    for (const [status, list] of byStatus) {
      const columns = deadlineOnEntering(component, status, createdAt, calendar);
      // Slices keep the statement's parameters under PostgreSQL's limit on large imports.
      for (let start = 0; start < list.length; start += UPDATE_SLICE_ROWS) {
        const ids = list.slice(start, start + UPDATE_SLICE_ROWS).map((row) => row.id);
        await tx.update(runtimeItems).set(columns).where(inArray(runtimeItems.id, ids));
      }
      for (const row of list) Object.assign(row, columns);
    }
}
