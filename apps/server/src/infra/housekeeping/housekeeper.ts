import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';

/** How often the housekeeper prunes; the first round runs a minute after start, off the start-up path. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
const FIRST_ROUND_DELAY_MS = 60 * 1000;

/**
 * One pruning round: deletes the rows that expired by `now` and answers how many went, per table. Given by
 * the caller (src/housekeeping/prune-expired.ts), since the tables belong to the domains above infra.
 */
export type PruneRound = (db: Db, now: Date) => Promise<Record<string, number>>;

/** Runs the pruning round now and then; a failed round is logged and retried at the next one. */
export function createHousekeeper(deps: {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  prune: PruneRound;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = true;

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = deps
        .prune(deps.db, deps.now())
        .then((pruned) => {
          if (Object.values(pruned).some((count) => count > 0)) deps.log.info(pruned, 'pruned expired rows');
        })
        .catch((error: unknown) => deps.log.error({ err: error }, 'housekeeping round failed'))
        .finally(() => {
          if (!stopped) schedule(HOUSEKEEPING_INTERVAL_MS);
        });
    }, delayMs);
    // Never keeps the process alive on its own.
    timer.unref();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(FIRST_ROUND_DELAY_MS);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
export type Housekeeper = ReturnType<typeof createHousekeeper>;
