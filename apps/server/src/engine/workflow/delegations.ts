import type { Delegation, Language } from '@der/contracts';
import { and, asc, eq, gte, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { departmentDate } from './department-date.ts';
import { workflowDelegations } from './workflow.table.ts';
import { type WorkflowRefusal, workflowRefusal } from './workflow-refusals.ts';

/** The users who delegated their work to `userId` for the day of `now` (active accounts only). */
export async function listDelegatorIds(db: Db, userId: number, now: Date): Promise<number[]> {
  const today = departmentDate(now);
  const rows = await db
    .selectDistinct({ id: workflowDelegations.fromUserId })
    .from(workflowDelegations)
    .innerJoin(users, eq(users.id, workflowDelegations.fromUserId))
    .where(
      and(
        eq(workflowDelegations.toUserId, userId),
        lte(workflowDelegations.startsOn, today),
        gte(workflowDelegations.endsOn, today),
        eq(users.disabled, false),
      ),
    )
    .orderBy(workflowDelegations.fromUserId);
  return rows.map((row) => row.id);
}

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');

/** The delegations a user gave and received that have not ended before today, by start date. */
export async function listDelegations(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ given: Delegation[]; received: Delegation[] }> {
  const rows = await db
    .select({
      id: workflowDelegations.id,
      fromUserId: workflowDelegations.fromUserId,
      fromUserName: fromUser.name,
      toUserId: workflowDelegations.toUserId,
      toUserName: toUser.name,
      startsOn: workflowDelegations.startsOn,
      endsOn: workflowDelegations.endsOn,
    })
    .from(workflowDelegations)
    .innerJoin(fromUser, eq(fromUser.id, workflowDelegations.fromUserId))
    .innerJoin(toUser, eq(toUser.id, workflowDelegations.toUserId))
    .where(
      and(
        or(eq(workflowDelegations.fromUserId, userId), eq(workflowDelegations.toUserId, userId)),
        gte(workflowDelegations.endsOn, departmentDate(now)),
      ),
    )
    .orderBy(asc(workflowDelegations.startsOn), asc(workflowDelegations.id));
  return {
    given: rows.filter((row) => row.fromUserId === userId),
    received: rows.filter((row) => row.toUserId === userId),
  };
}

/**
 * Records a delegation of `fromUserId`'s work to another active user. Refusals name the field: oneself or an
 * unknown user (`toUserId`), an end before the start or before today (`endsOn`), a range overlapping one
 * already given to the same person (`startsOn`).
 */
export async function createDelegation(
  db: Db,
  actor: { userId: number; language: Language },
  body: { toUserId: number; startsOn: string; endsOn: string },
  now: Date,
): Promise<void> {
  const refuse = (field: string, code: WorkflowRefusal) => workflowRefusal(field, code, actor.language);
  if (body.toUserId === actor.userId) throw refuse('toUserId', 'delegateSelf');
  if (body.endsOn < body.startsOn) throw refuse('endsOn', 'delegateRange');
  if (body.endsOn < departmentDate(now)) throw refuse('endsOn', 'delegatePast');
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.toUserId), eq(users.disabled, false)))
      .for('share');
    if (!target) throw refuse('toUserId', 'delegateUnknown');
    const [overlap] = await tx
      .select({ id: workflowDelegations.id })
      .from(workflowDelegations)
      .where(
        and(
          eq(workflowDelegations.fromUserId, actor.userId),
          eq(workflowDelegations.toUserId, body.toUserId),
          sql`daterange(${workflowDelegations.startsOn}, ${workflowDelegations.endsOn}, '[]') && daterange(${body.startsOn}::date, ${body.endsOn}::date, '[]')`,
        ),
      )
      .limit(1);
    if (overlap) throw refuse('startsOn', 'delegateOverlap');
    await tx.insert(workflowDelegations).values({
      fromUserId: actor.userId,
      toUserId: body.toUserId,
      startsOn: body.startsOn,
      endsOn: body.endsOn,
    });
  });
}

/** Ends one of the user's own delegations (given or received); another's answers 404. */
export async function deleteDelegation(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(workflowDelegations)
    .where(
      and(
        eq(workflowDelegations.id, id),
        or(eq(workflowDelegations.fromUserId, userId), eq(workflowDelegations.toUserId, userId)),
      ),
    )
    .returning({ id: workflowDelegations.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
}
