import { sweepDeadlines } from '../engine/deadlines/deadline-sweeper.ts';
import type { Db } from '../infra/db/database.ts';
import { expireAets } from '../modules/aet/aet-expiry.ts';
import { runTpeuDailySteps } from '../modules/tpeu/tpeu-expiry.ts';
import type { OrphanFileSweep } from './orphan-files.ts';
import { pruneExpiredRows } from './prune-expired.ts';

/**
 * The housekeeper's round (infra/housekeeping runs it on a timer): prunes expired rows, sends the deadline
 * reminders that came due (once each, engine/deadlines), then expires the AETs whose last day has passed (the
 * daily expiry: modules/aet/aet-expiry.ts) and ends or expires the TPEUs whose date came (modules/tpeu). Counts by what was done, for the log.
 */
export async function runHousekeepingRound(db: Db, now: Date): Promise<Record<string, number>> {
  const pruned = await pruneExpiredRows(db, now);
  const reminded = await sweepDeadlines(db, now);
  const expired = await expireAets(db, now);
  const tpeus = await runTpeuDailySteps(db, now);
  return { ...pruned, ...reminded, ...expired, ...tpeus };
}

/** The server's whole round: the above, then the sweep of stored files nothing references (orphan-files.ts). */
export function createHousekeepingRound(sweepOrphanFiles: OrphanFileSweep) {
  return async (db: Db, now: Date): Promise<Record<string, number>> => ({
    ...(await runHousekeepingRound(db, now)),
    ...(await sweepOrphanFiles(db, now)),
  });
}
