import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { fieldValueExpression } from '../../engine/items/field-expression.ts';
import { runtimeItems } from '../../engine/items/items.table.ts';
import { saveItem } from '../../engine/items/save-item.ts';
import type { Db } from '../../infra/db/database.ts';
import { findAetRequestComponent } from './aet-component.ts';
import { aetSystemActor } from './aet-system-actor.ts';
import { saoPauloDay } from './aet-validity.ts';

/** AETs expired per transaction: a backlog (the server down for days) is worked off in short ones. */
export const EXPIRY_BATCH_ROWS = 50;

/** The first instant of today in São Paulo (UTC−3 all year since 2019): an AET whose last day is before it is over. */
function startOfTodayInSaoPaulo(now: Date): Date {
  return new Date(`${saoPauloDay(now)}T00:00:00.000-03:00`);
}

/**
 * The daily expiry (the housekeeper's round runs it; it acts once a day has passed, and again finds nothing):
 * each issued or suspended AET whose last day of validity is over goes to 'Expirada' through the workflow's
 * 'expirar' action, as the AET system account, in the one write path (history, notifications). Idempotent —
 * an expired AET is no longer a candidate — and resumable: each batch commits on its own, its rows locked with
 * SKIP LOCKED so instances on one database share the work and none expires an AET twice. Answers how many.
 */
export async function expireAets(db: Db, now: Date): Promise<{ aetsExpired: number }> {
  const component = await findAetRequestComponent(db);
  const endField = component?.fields.find((field) => field.key === 'dataFimValidade');
  if (!component?.workflow?.actions.some((action) => action.key === 'expirar') || !endField)
    return { aetsExpired: 0 };
  const actor = await aetSystemActor(db);
  const boundary = startOfTodayInSaoPaulo(now).toISOString();
  let aetsExpired = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(runtimeItems)
        .where(
          and(
            eq(runtimeItems.componentId, component.id),
            inArray(runtimeItems.status, ['emitida', 'suspensa']),
            lt(fieldValueExpression(endField), boundary),
          ),
        )
        .orderBy(asc(runtimeItems.id))
        .limit(EXPIRY_BATCH_ROWS)
        .for('update', { skipLocked: true });
      for (const item of due)
        await saveItem(
          tx,
          actor,
          { componentId: component.id, itemId: item.id, changes: {}, transition: { action: 'expirar' } },
          { now, component },
        );
      return due.length;
    });
    aetsExpired += expired;
    if (expired < EXPIRY_BATCH_ROWS) return { aetsExpired };
  }
}
