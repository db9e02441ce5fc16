import { runDatedTransition } from '../../engine/workflow/dated-transitions.ts';
import type { Db } from '../../infra/db/database.ts';
import { findAetRequestComponent } from './aet-component.ts';
import { aetSystemActor } from './aet-system-actor.ts';
import { saoPauloDay } from './aet-validity.ts';

/** The first instant of today in São Paulo (UTC−3 all year since 2019): a validity whose last day is before it is over. */
export function startOfTodayInSaoPaulo(now: Date): Date {
  return new Date(`${saoPauloDay(now)}T00:00:00.000-03:00`);
}

/**
 * The daily expiry (the housekeeper's round runs it; it acts once a day has passed, and again finds nothing):
 * each issued or suspended AET whose last day of validity is over goes to 'Expirada' through the workflow's
 * 'expirar' action, as the AET system account (engine/workflow dated-transitions.ts). Answers how many.
 */
export async function expireAets(db: Db, now: Date): Promise<{ aetsExpired: number }> {
  const component = await findAetRequestComponent(db);
  if (!component) return { aetsExpired: 0 };
  const aetsExpired = await runDatedTransition(
    db,
    component,
    { action: 'expirar', statuses: ['emitida', 'suspensa'], dateField: 'dataFimValidade' },
    { actor: await aetSystemActor(db), boundary: startOfTodayInSaoPaulo(now).toISOString(), now },
  );
  return { aetsExpired };
}
