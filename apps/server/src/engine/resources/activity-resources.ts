import type { ActivityResources } from '@der/contracts';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { grantedComponentItemCondition } from '../items/application-grant.ts';
import { runtimeItems } from '../items/items.table.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { timesheetEntries } from '../timesheets/timesheets.table.ts';
import { resourceProjects, resources } from './resources.table.ts';

/**
 * Spec §3 activityResource: the resources of the item's project (people and assets), and any person who entered
 * time on the item, each with the hours entered on it and their cost at the resource's hourly rate — the
 * activity's actual cost. For whoever may see the item (404 otherwise).
 */
export async function loadActivityResources(
  db: Db,
  viewer: ItemViewer,
  itemId: number,
): Promise<ActivityResources> {
  const [item] = await db
    .select({ id: runtimeItems.id, projectId: runtimeItems.projectId })
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.id, itemId),
        visibleItemCondition(viewer),
        grantedComponentItemCondition(viewer, runtimeItems.componentId),
      ),
    );
  if (!item) throw new AppError('NOT_FOUND');
  const entered = db
    .select({
      userId: timesheetEntries.userId,
      minutes: sql<number>`sum(${timesheetEntries.minutes})::int`.as('minutes'),
    })
    .from(timesheetEntries)
    .where(eq(timesheetEntries.itemId, itemId))
    .groupBy(timesheetEntries.userId)
    .as('entered_on_item');
  const ofProject =
    item.projectId === null
      ? sql`false`
      : inArray(
          resources.id,
          db
            .select({ id: resourceProjects.resourceId })
            .from(resourceProjects)
            .where(eq(resourceProjects.projectId, item.projectId)),
        );
  const name = sql<string>`coalesce(${users.name}, ${resources.name})`;
  const rows = await db
    .select({
      resourceId: resources.id,
      kind: resources.kind,
      name,
      costPerHour: resources.costPerHour,
      minutes: sql<number>`coalesce(${entered.minutes}, 0)::int`,
    })
    .from(resources)
    .leftJoin(users, eq(users.id, resources.userId))
    .leftJoin(entered, eq(entered.userId, resources.userId))
    .where(or(ofProject, gt(entered.minutes, 0)))
    .orderBy(asc(resources.kind), asc(name));
  const answered = rows.map((row) => {
    const costPerHour = Number(row.costPerHour);
    return {
      resourceId: row.resourceId,
      kind: row.kind === 'asset' ? ('asset' as const) : ('user' as const),
      name: row.name,
      costPerHour,
      minutes: row.minutes,
      cost: Math.round((row.minutes / 60) * costPerHour * 100) / 100,
    };
  });
  return {
    itemId,
    resources: answered,
    totalMinutes: answered.reduce((total, row) => total + row.minutes, 0),
    totalCost: Math.round(answered.reduce((total, row) => total + row.cost, 0) * 100) / 100,
  };
}
