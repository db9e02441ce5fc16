import { and, asc, eq } from 'drizzle-orm';
import { isBrazilianHoliday } from '../engine/deadlines/brazil-holidays.ts';
import { addDays, wallClockOf, weekdayOf } from '../engine/deadlines/zoned-time.ts';
import { runtimeItems } from '../engine/items/items.table.ts';
import { timesheetEntries } from '../engine/timesheets/timesheets.table.ts';
import type { Db } from '../infra/db/database.ts';
import { users } from '../modules/accounts/accounts.table.ts';
import { DEMO_ANALYST_LOGIN } from './demo-accounts.ts';
import type { SeedContext } from './seed-context.ts';

/** Gestão de Projetos' task component (apps/definitions: TAREFA). */
const TASK_COMPONENT = 4;
/** A working day of the analyst as the demo shows it: most of it on one task, the rest on two others. */
const DAY_SPLIT = [240, 180, 60];

/**
 * Demo step (after the runtime items): the analyst's hours on their tasks over the two weeks before this one,
 * Monday to Friday, so 'Apontamentos da equipe' and a task's 'Apontamentos' tab have something to show. The
 * current week is left for the visitor to fill in.
 */
export async function seedDemoTimesheets(tx: Db, context: SeedContext): Promise<void> {
  const [analyst] = await tx.select({ id: users.id }).from(users).where(eq(users.login, DEMO_ANALYST_LOGIN));
  if (!analyst) return;
  const tasks = await tx
    .select({ id: runtimeItems.id, projectId: runtimeItems.projectId })
    .from(runtimeItems)
    .where(and(eq(runtimeItems.componentId, TASK_COMPONENT), eq(runtimeItems.responsibleId, analyst.id)))
    .orderBy(asc(runtimeItems.id))
    .limit(DAY_SPLIT.length);
  if (tasks.length < DAY_SPLIT.length) return;
  const today = wallClockOf(context.now(), 'America/Sao_Paulo').day;
  const thisMonday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const values: Array<typeof timesheetEntries.$inferInsert> = [];
  for (let offset = -14; offset < 0; offset++) {
    const day = addDays(thisMonday, offset);
    if (weekdayOf(day) === 0 || weekdayOf(day) === 6 || isBrazilianHoliday(day)) continue;
    DAY_SPLIT.forEach((minutes, index) => {
      const task = tasks[(index + offset + 14) % tasks.length]!;
      values.push({ userId: analyst.id, itemId: task.id, projectId: task.projectId, day, minutes });
    });
  }
  await tx.insert(timesheetEntries).values(values);
}
