import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { pruneExpiredRows } from './prune-expired.ts';

/** How often the housekeeper prunes; the first round runs a minute after start, off the start-up path. */
export const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
const FIRST_ROUND_DELAY_MS = 60 * 1000;

/** Runs pruneExpiredRows now and then; a failed round is logged and retried at the next one. */
export function createHousekeeper(deps: { db: Db; now: () => Date; log: FastifyBaseLogger }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = true;

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = pruneExpiredRows(deps.db, deps.now())
        .then((pruned) => {
          if (pruned.rateLimitHits + pruned.usedCaptchaTokens + pruned.importIdempotencyKeys > 0)
            deps.log.info(pruned, 'pruned expired rows');
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
