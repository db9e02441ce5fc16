/**
 * Brute-force policy for one account, as pure functions over the counter the database keeps per account
 * (the server holds no state in memory: several instances share it). Per-address limits are the rate
 * limiter's job; this guards an account against guesses spread over many addresses.
 *
 * Delays are enforced by refusing early attempts with a retry-after, never by sleeping: a sleeping request
 * would hold a connection and let an attacker pile them up.
 */

/** Three typos in a row are ordinary; no delay and no captcha until then. */
export const FREE_FAILURES = 3;
/** The first delay after the free failures; it doubles with each further failure. */
export const BASE_DELAY_MS = 1000;
/** Cap for the doubling delay (reached at the 9th failure): long enough to slow a script, short for a human. */
export const MAX_DELAY_MS = 30_000;
/** Ten failures in a row are no longer typos: lock the account for a while. */
export const LOCK_AFTER_FAILURES = 10;
/**
 * With the delays, an attacker gets at most ~4 guesses an hour per account once locked, while a real user
 * locked out by someone else waits a coffee break, not a call to the help desk.
 */
export const LOCK_DURATION_MS = 15 * 60_000;
/** When the captcha is on, it is demanded from the failure that starts the delays. */
export const CAPTCHA_AFTER_FAILURES = 3;
/**
 * Failures this old are forgotten, so a typo last month does not bring a captcha today. A lock's failures
 * are kept while they are fresher: after the lock ends, each further failure locks again.
 */
export const FAILURE_MEMORY_MS = 24 * 60 * 60_000;

export interface LoginThrottleRecord {
  failures: number;
  lastFailureAt: Date | null;
  lockedUntil: Date | null;
}

export const EMPTY_THROTTLE_RECORD: LoginThrottleRecord = Object.freeze({
  failures: 0,
  lastFailureAt: null,
  lockedUntil: null,
});

export type LoginAttemptDecision =
  | { allowed: true; captchaRequired: boolean }
  | { allowed: false; reason: 'locked' | 'too-soon'; retryAfterSeconds: number; captchaRequired: boolean };

/** Decide, before checking the password, whether this attempt may be checked at all. */
export function decideLoginAttempt(
  record: LoginThrottleRecord | null,
  context: { now: Date; captchaEnabled: boolean },
): LoginAttemptDecision {
  const failures = countedFailures(record, context.now);
  const captchaRequired = context.captchaEnabled && failures >= CAPTCHA_AFTER_FAILURES;
  const now = context.now.getTime();

  const lockedUntil = record?.lockedUntil?.getTime() ?? 0;
  if (lockedUntil > now) {
    return {
      allowed: false,
      reason: 'locked',
      retryAfterSeconds: secondsUntil(lockedUntil, now),
      captchaRequired,
    };
  }
  const lastFailureAt = record?.lastFailureAt?.getTime();
  const delay = delayAfterFailures(failures);
  if (lastFailureAt !== undefined && delay > 0 && lastFailureAt + delay > now) {
    return {
      allowed: false,
      reason: 'too-soon',
      retryAfterSeconds: secondsUntil(lastFailureAt + delay, now),
      captchaRequired,
    };
  }
  return { allowed: true, captchaRequired };
}

/** The record after a wrong password (or wrong captcha) on an attempt that was allowed. */
export function recordLoginFailure(record: LoginThrottleRecord | null, now: Date): LoginThrottleRecord {
  const failures = countedFailures(record, now) + 1;
  return {
    failures,
    lastFailureAt: now,
    lockedUntil: failures >= LOCK_AFTER_FAILURES ? new Date(now.getTime() + LOCK_DURATION_MS) : null,
  };
}

/** A successful login clears everything. */
export function recordLoginSuccess(): LoginThrottleRecord {
  return { ...EMPTY_THROTTLE_RECORD };
}

/** Wait required after `failures` consecutive failures: 0 for the free ones, then 1 s, 2 s, 4 s … capped. */
export function delayAfterFailures(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(BASE_DELAY_MS * 2 ** (failures - FREE_FAILURES - 1), MAX_DELAY_MS);
}

function countedFailures(record: LoginThrottleRecord | null, now: Date): number {
  if (!record?.lastFailureAt) return 0;
  if (now.getTime() - record.lastFailureAt.getTime() >= FAILURE_MEMORY_MS) return 0;
  return record.failures;
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}
