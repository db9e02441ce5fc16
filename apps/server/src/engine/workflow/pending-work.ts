import type { ComponentDefinition, PendingWorkBody, PendingWorkResult } from '@der/contracts';
import { and, desc, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { groupMembers } from '../../modules/groups/groups.table.ts';
import { grantedCurrentComponentsOf } from '../items/application-grant.ts';
import type { ItemActor } from '../items/create-items.ts';
import { runtimeItems } from '../items/items.table.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import { listDelegatorIds } from './delegations.ts';
import { namesOf } from './responsibles.ts';
import { statusView } from './status-view.ts';

/**
 * The components of the application whose items can wait on someone: current ones with a workflow and a form
 * to open them in (a component without a form has no page to act from). 404 when the application is not
 * granted to the caller.
 */
async function workflowComponents(
  db: Db,
  actor: ItemActor,
  applicationId: number,
): Promise<ComponentDefinition[]> {
  const components = await grantedCurrentComponentsOf(db, actor, applicationId);
  // An application the caller may not open answers as an unknown one (as one without current components).
  if (components.length === 0) throw new AppError('NOT_FOUND');
  return components.filter((component) => component.workflow !== undefined && component.forms.length > 0);
}

/** Items of a component that are not in one of its final or done statuses (those wait on nobody). */
function openItemsOf(component: ComponentDefinition): SQL {
  const finals =
    component.workflow?.statuses
      .filter((status) => status.final || status.done)
      .map((status) => status.key) ?? [];
  const notFinal =
    finals.length === 0
      ? undefined
      : or(isNull(runtimeItems.status), notInArray(runtimeItems.status, finals));
  return and(eq(runtimeItems.componentId, component.id), notFinal)!;
}

/**
 * 'Minhas pendências': the open items of the application's workflow components whose responsible is the
 * caller or one who delegated their work to them today, or that wait in the queue of a group of theirs —
 * among the items the caller may see. Counts per status over all of them; one page, newest change
 * first.
 */
export async function loadPendingWork(
  db: Db,
  actor: ItemActor,
  body: PendingWorkBody,
  now: Date,
): Promise<PendingWorkResult> {
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? 50;
  const components = await workflowComponents(db, actor, body.applicationId);
  if (components.length === 0) return { byStatus: [], items: [], total: 0 };
  const byId = new Map(components.map((component) => [component.id, component]));
  // The delegators' work is the delegate's for the day: their items and their groups' queues.
  const responsibles = [actor.userId, ...(await listDelegatorIds(db, actor.userId, now))];
  const waitingOnMe = or(
    inArray(runtimeItems.responsibleId, responsibles),
    sql`${runtimeItems.responsibleGroupId} in (select ${groupMembers.groupId} from ${groupMembers} where ${inArray(groupMembers.userId, responsibles)})`,
  );
  const scope = and(or(...components.map(openItemsOf)), waitingOnMe, visibleItemCondition(actor));

  const counts = await db
    .select({
      componentId: runtimeItems.componentId,
      status: runtimeItems.status,
      count: sql<number>`count(*)::int`,
    })
    .from(runtimeItems)
    .where(scope)
    .groupBy(runtimeItems.componentId, runtimeItems.status);
  // Statuses of several components with the same key count together (the chips filter by key).
  const byKey = new Map<string, PendingWorkResult['byStatus'][number]>();
  for (const row of counts) {
    const view = statusView(byId.get(row.componentId)!, row.status, actor.language);
    if (!view) continue;
    const entry = byKey.get(view.key);
    if (entry) entry.count += row.count;
    else byKey.set(view.key, { status: view, count: row.count });
  }
  const wanted = body.status ? counts.filter((row) => row.status === body.status) : counts;
  const total = wanted.reduce((sum, row) => sum + row.count, 0);

  const rows = await db
    .select({
      id: runtimeItems.id,
      componentId: runtimeItems.componentId,
      projectId: runtimeItems.projectId,
      formattedId: runtimeItems.formattedId,
      title: runtimeItems.title,
      status: runtimeItems.status,
      responsibleId: runtimeItems.responsibleId,
      responsibleGroupId: runtimeItems.responsibleGroupId,
      modifiedAt: runtimeItems.modifiedAt,
    })
    .from(runtimeItems)
    .where(and(scope, body.status ? eq(runtimeItems.status, body.status) : undefined))
    .orderBy(desc(runtimeItems.modifiedAt), desc(runtimeItems.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const names = await namesOf(
    db,
    [...new Set(rows.flatMap((row) => (row.responsibleId === null ? [] : [row.responsibleId])))],
    [...new Set(rows.flatMap((row) => (row.responsibleGroupId === null ? [] : [row.responsibleGroupId])))],
  );
  return {
    byStatus: [...byKey.values()],
    total,
    items: rows.map((row) => {
      const component = byId.get(row.componentId)!;
      return {
        id: row.id,
        componentId: row.componentId,
        componentName: component.label[actor.language],
        formId: component.forms[0]!.id,
        projectId: row.projectId,
        formattedId: row.formattedId,
        title: row.title || null,
        status: statusView(component, row.status, actor.language),
        responsibleName: row.responsibleId === null ? null : (names.users.get(row.responsibleId) ?? null),
        responsibleGroupName:
          row.responsibleGroupId === null ? null : (names.groups.get(row.responsibleGroupId) ?? null),
        modifiedAt: row.modifiedAt.toISOString(),
      };
    }),
  };
}
