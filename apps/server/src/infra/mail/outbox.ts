/**
 * Delivery policy of the e-mail outbox, as pure functions; the outbox table and its worker are built on the
 * database. Mail is written to the outbox in the same transaction as the change that caused it, and a
 * failed send is retried on this schedule.
 */

/**
 * Twelve attempts with waits of 1, 2, 4 … 128 min, then 4 h, span 8 to 16 hours (by the jitter): enough to
 * ride out a mail server's maintenance night, short enough that a dead message is noticed the next working
 * day. The first retries come fast because most failures are a brief network or greylisting (4xx) hiccup.
 */
export const OUTBOX_MAX_ATTEMPTS = 12;
export const OUTBOX_BASE_DELAY_MS = 60_000;
export const OUTBOX_MAX_DELAY_MS = 4 * 60 * 60_000;

/**
 * Delay before attempt `failedAttempts + 1`, after `failedAttempts` failures (≥ 1): exponential, capped,
 * with "equal jitter" (half fixed, half random) so that messages failed together by one outage do not all
 * retry in the same second, while none retries almost at once.
 */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(
    OUTBOX_BASE_DELAY_MS * 2 ** Math.max(0, failedAttempts - 1),
    OUTBOX_MAX_DELAY_MS,
  );
  const half = exponential / 2;
  return Math.round(half + half * clampUnit(random()));
}

/** When to try again after `failedAttempts` failures, or null when the message should be given up. */
export function nextRetryAt(
  failedAttempts: number,
  now: Date,
  random: () => number = Math.random,
): Date | null {
  if (failedAttempts >= OUTBOX_MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + retryDelayMs(failedAttempts, random));
}

/**
 * Whether retrying can help. SMTP 5xx replies to the recipient or message (550 no such mailbox, 552, 553,
 * 554) will fail the same way every time; connection problems, 4xx replies and authentication failures
 * (fixed by an admin in the settings) may pass later.
 */
export function isPermanentMailFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  if (code === 'EAUTH' || code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET') return false;
  return typeof responseCode === 'number' && responseCode >= 550 && responseCode <= 554;
}

function clampUnit(value: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0.5;
}
