import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { LocalDay } from '../deadlines/zoned-time.ts';
import { timesheetClosings } from './timesheets.table.ts';

/** What is closed for one user's entries: their resource's months, and each project's. */
export interface MonthLocks {
  resourceClosedThrough: string | null;
  projectClosedThrough: ReadonlyMap<number, string>;
}

export const monthOf = (day: LocalDay) => day.slice(0, 7);

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  return index === 1 ? `${year - 1}-12` : `${year}-${String(index - 1).padStart(2, '0')}`;
}

export async function loadMonthLocks(db: Db, resourceId: number | null): Promise<MonthLocks> {
  const [own, projects] = await Promise.all([
    resourceId === null
      ? []
      : db
          .select({ closedThrough: timesheetClosings.closedThrough })
          .from(timesheetClosings)
          .where(eq(timesheetClosings.resourceId, resourceId)),
    db
      .select({ projectId: timesheetClosings.projectId, closedThrough: timesheetClosings.closedThrough })
      .from(timesheetClosings)
      .where(isNotNull(timesheetClosings.projectId)),
  ]);
  return {
    resourceClosedThrough: own[0]?.closedThrough ?? null,
    projectClosedThrough: new Map(projects.map((row) => [row.projectId as number, row.closedThrough])),
  };
}

/** The day's month is closed for the user's resource: nothing may change in it, whatever the project. */
export function isClosedForResource(locks: MonthLocks, day: LocalDay): boolean {
  return locks.resourceClosedThrough !== null && monthOf(day) <= locks.resourceClosedThrough;
}

/** An entry of that day on that project may not be made, changed or removed. */
export function isLocked(locks: MonthLocks, day: LocalDay, projectId: number | null): boolean {
  if (isClosedForResource(locks, day)) return true;
  const project = projectId === null ? undefined : locks.projectClosedThrough.get(projectId);
  return project !== undefined && monthOf(day) <= project;
}
