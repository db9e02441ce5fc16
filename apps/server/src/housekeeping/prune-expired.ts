import { lt } from 'drizzle-orm';
import { IMPORT_KEYS_KEPT_MS } from '../engine/excel/import-idempotency.ts';
import { importIdempotencyKeys } from '../engine/excel/import-keys.table.ts';
import { rateLimitHits } from '../infra/auth/rate-limit.table.ts';
import type { Db } from '../infra/db/database.ts';
import { usedCaptchaTokens } from '../modules/sessions/sessions.table.ts';

/** Rate-limit windows are a minute; an hour-old counter can only be stale. */
export const RATE_LIMIT_ROWS_KEPT_MS = 60 * 60 * 1000;
/** Captcha providers expire their tokens within minutes; a day keeps replays refused with a wide margin. */
export const CAPTCHA_TOKENS_KEPT_MS = 24 * 60 * 60 * 1000;

export type PrunedRows = {
  rateLimitHits: number;
  usedCaptchaTokens: number;
  importIdempotencyKeys: number;
};

/**
 * The housekeeper's round (infra/housekeeping runs it on a timer); here, above the domains, because the
 * tables are theirs. Deletes rows that only matter for a short while: each public auth request, each captcha login and each
 * import with an idempotency key adds one, so without this the tables grow with every visitor forever.
 */
export async function pruneExpiredRows(db: Db, now: Date): Promise<PrunedRows> {
  const hits = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, new Date(now.getTime() - RATE_LIMIT_ROWS_KEPT_MS)))
    .returning({ key: rateLimitHits.key });
  const tokens = await db
    .delete(usedCaptchaTokens)
    .where(lt(usedCaptchaTokens.usedAt, new Date(now.getTime() - CAPTCHA_TOKENS_KEPT_MS)))
    .returning({ tokenHash: usedCaptchaTokens.tokenHash });
  // An import's key answers repeats of that import for IMPORT_KEYS_KEPT_MS, then it is forgotten.
  const importKeys = await db
    .delete(importIdempotencyKeys)
    .where(lt(importIdempotencyKeys.startedAt, new Date(now.getTime() - IMPORT_KEYS_KEPT_MS)))
    .returning({ key: importIdempotencyKeys.key });
  return {
    rateLimitHits: hits.length,
    usedCaptchaTokens: tokens.length,
    importIdempotencyKeys: importKeys.length,
  };
}
