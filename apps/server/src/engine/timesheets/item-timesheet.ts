import { type ItemTimesheet, MAX_ITEM_TIMESHEET_ENTRIES } from '@der/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { grantedComponentItemCondition } from '../items/application-grant.ts';
import { runtimeItems } from '../items/items.table.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { timesheetEntries } from './timesheets.table.ts';

/**
 * Spec §3 timesheets component: the time entered on an item — its total, each person's, and the latest
 * entries — for whoever may see the item (404 otherwise, as for the item itself).
 */
export async function loadItemTimesheet(db: Db, viewer: ItemViewer, itemId: number): Promise<ItemTimesheet> {
  const [item] = await db
    .select({ id: runtimeItems.id })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.id, itemId),
        visibleItemCondition(viewer),
        grantedComponentItemCondition(viewer, runtimeItems.componentId),
      ),
    );
  if (!item) throw new AppError('NOT_FOUND');
  const [people, latest] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        minutes: sql<number>`sum(${timesheetEntries.minutes})::int`,
      })
      .from(timesheetEntries)
      .innerJoin(users, eq(users.id, timesheetEntries.userId))
      .where(eq(timesheetEntries.itemId, itemId))
      .groupBy(users.id, users.name)
      .orderBy(users.name),
    db
      .select({ entry: timesheetEntries, userName: users.name })
      .from(timesheetEntries)
      .innerJoin(users, eq(users.id, timesheetEntries.userId))
      .where(eq(timesheetEntries.itemId, itemId))
      .orderBy(desc(timesheetEntries.day), desc(timesheetEntries.startTime), desc(timesheetEntries.id))
      .limit(MAX_ITEM_TIMESHEET_ENTRIES),
  ]);
  return {
    itemId,
    totalMinutes: people.reduce((total, person) => total + person.minutes, 0),
    people,
    entries: latest.map(({ entry, userName }) => ({
      id: entry.id,
      day: entry.day,
      minutes: entry.minutes,
      startTime: entry.startTime,
      endTime: entry.endTime,
      note: entry.note,
      origin: entry.origin === 'automatic' ? 'automatic' : 'manual',
      userName,
    })),
  };
}
