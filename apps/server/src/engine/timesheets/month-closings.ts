import type { ClosingScope, Language, MonthClosingRow, MonthClosings } from '@der/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import type { AuditService } from '../../modules/audit/audit.service.ts';
import { grantedCurrentComponentsOf } from '../items/application-grant.ts';
import { runtimeItems } from '../items/items.table.ts';
import { isProjectItem } from '../projects/item-access.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { resources } from '../resources/resources.table.ts';
import { monthOf, previousMonth } from './month-locks.ts';
import { monthLabel, refusal } from './timesheet-refusals.ts';
import { timesheetClosings } from './timesheets.table.ts';

type Actor = ItemViewer & { language: Language; ip?: string };
const closer = alias(users, 'timesheet_closer');
const person = alias(users, 'timesheet_person');

/** A scope's name and whether the viewer may close its months (404 when it does not exist). */
async function scopeOf(db: Db, viewer: ItemViewer, scope: ClosingScope) {
  if ('resourceId' in scope) {
    const [row] = await db
      .select({ name: resources.name, personName: person.name, supervisorId: resources.supervisorId })
      .from(resources)
      .leftJoin(person, eq(person.id, resources.userId))
      .where(eq(resources.id, scope.resourceId));
    if (!row) throw new AppError('NOT_FOUND');
    return {
      name: row.personName ?? row.name,
      canClose: viewer.isAdministrator || row.supervisorId === viewer.userId,
    };
  }
  const [row] = await db
    .select({ title: runtimeItems.title, responsibleId: runtimeItems.responsibleId })
    .from(runtimeItems)
    .where(and(eq(runtimeItems.id, scope.projectId), isProjectItem));
  if (!row) throw new AppError('NOT_FOUND');
  return { name: row.title, canClose: viewer.isAdministrator || row.responsibleId === viewer.userId };
}

const scopeCondition = (scope: ClosingScope): SQL =>
  'resourceId' in scope
    ? eq(timesheetClosings.resourceId, scope.resourceId)
    : eq(timesheetClosings.projectId, scope.projectId);

async function closingOf(db: Db, scope: ClosingScope) {
  const [row] = await db
    .select({
      closedThrough: timesheetClosings.closedThrough,
      closedByName: closer.name,
      closedAt: timesheetClosings.closedAt,
    })
    .from(timesheetClosings)
    .leftJoin(closer, eq(closer.id, timesheetClosings.closedById))
    .where(scopeCondition(scope));
  return row;
}

async function closingRow(db: Db, viewer: ItemViewer, scope: ClosingScope): Promise<MonthClosingRow> {
  const [{ name, canClose }, closing] = await Promise.all([scopeOf(db, viewer, scope), closingOf(db, scope)]);
  return {
    resourceId: 'resourceId' in scope ? scope.resourceId : null,
    projectId: 'projectId' in scope ? scope.projectId : null,
    name,
    closedThrough: closing?.closedThrough ?? null,
    closedByName: closing?.closedByName ?? null,
    closedAt: closing?.closedAt.toISOString() ?? null,
    canClose,
  };
}

/**
 * Spec §2.9 closeMonthList: the person resources the viewer supervises (all for administrators) and the projects
 * of the application they manage (all for administrators), each with the month closed through.
 */
export async function loadMonthClosings(
  db: Db,
  viewer: ItemViewer,
  query: { applicationId: number },
): Promise<MonthClosings> {
  const projectComponents = (await grantedCurrentComponentsOf(db, viewer, query.applicationId)).filter(
    (component) => component.isProject,
  );
  const [people, projects] = await Promise.all([
    db
      .select({ id: resources.id })
      .from(resources)
      .innerJoin(person, eq(person.id, resources.userId))
      .where(
        and(
          eq(resources.kind, 'user'),
          viewer.isAdministrator ? undefined : eq(resources.supervisorId, viewer.userId),
        ),
      )
      .orderBy(asc(person.name)),
    projectComponents.length === 0
      ? []
      : db
          .select({ id: runtimeItems.id })
          .from(runtimeItems)
          .where(
            and(
              inArray(
                runtimeItems.componentId,
                projectComponents.map((component) => component.id),
              ),
              viewer.isAdministrator ? undefined : eq(runtimeItems.responsibleId, viewer.userId),
            ),
          )
          .orderBy(asc(runtimeItems.title))
          .limit(200),
  ]);
  return {
    resources: await Promise.all(people.map((row) => closingRow(db, viewer, { resourceId: row.id }))),
    projects: await Promise.all(projects.map((row) => closingRow(db, viewer, { projectId: row.id }))),
    canReopen: viewer.isAdministrator,
  };
}

/**
 * Closing a month locks it and every earlier one for the scope (the server refuses entries in them). Who may:
 * administrators, the resource's supervisor, the project's manager (its responsible). A month not yet begun
 * cannot be closed; closing a month already closed changes nothing.
 */
export async function closeMonth(
  db: Db,
  audit: AuditService,
  actor: Actor,
  body: { scope: ClosingScope; month: string },
  today: string,
): Promise<MonthClosingRow> {
  const { canClose } = await scopeOf(db, actor, body.scope);
  if (!canClose) throw new AppError('FORBIDDEN');
  if (body.month > monthOf(today)) throw refusal(actor.language, 'month', 'futureMonth');
  await db.transaction(async (tx) => {
    const current = await closingOf(tx, body.scope);
    if (current && current.closedThrough >= body.month) return;
    const values = { closedThrough: body.month, closedById: actor.userId, closedAt: new Date() };
    if (current) await tx.update(timesheetClosings).set(values).where(scopeCondition(body.scope));
    else await tx.insert(timesheetClosings).values({ ...values, ...body.scope });
    await audit.append(tx, {
      action: 'runtime.timesheet.month.closed',
      actorUserId: actor.userId,
      ip: actor.ip,
      target:
        'resourceId' in body.scope ? `resource:${body.scope.resourceId}` : `item:${body.scope.projectId}`,
      details: { from: current?.closedThrough ?? null, to: body.month },
    });
  });
  return closingRow(db, actor, body.scope);
}

/**
 * Reopening needs the administration permission: the month and every later one open again (earlier months stay
 * closed); the audit log keeps who reopened what and why.
 */
export async function reopenMonth(
  db: Db,
  audit: AuditService,
  actor: Actor,
  body: { scope: ClosingScope; month: string; reason: string },
): Promise<MonthClosingRow> {
  await scopeOf(db, actor, body.scope);
  if (!actor.isAdministrator) throw new AppError('FORBIDDEN');
  await db.transaction(async (tx) => {
    const current = await closingOf(tx, body.scope);
    if (!current || current.closedThrough < body.month)
      throw refusal(actor.language, 'month', 'notClosed', { month: monthLabel(body.month) });
    const closedThrough = previousMonth(body.month);
    await tx
      .update(timesheetClosings)
      .set({ closedThrough, closedById: actor.userId, closedAt: new Date() })
      .where(scopeCondition(body.scope));
    await audit.append(tx, {
      action: 'runtime.timesheet.month.reopened',
      actorUserId: actor.userId,
      ip: actor.ip,
      target:
        'resourceId' in body.scope ? `resource:${body.scope.resourceId}` : `item:${body.scope.projectId}`,
      details: { from: current.closedThrough, to: closedThrough, reason: body.reason },
    });
  });
  return closingRow(db, actor, body.scope);
}
