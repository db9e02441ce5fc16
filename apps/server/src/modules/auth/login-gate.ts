import type { Db } from '../../infra/db/database.ts';
import {
  decideLoginAttempt,
  type LoginThrottleRecord,
  recordLoginFailure,
} from '../identity/core/login-throttle.ts';
import type { AuthServiceDeps } from './auth-deps.ts';

export type Gate =
  | { kind: 'refused'; reason: 'locked' | 'too-soon'; retryAfterSeconds: number; captchaRequired: boolean }
  | { kind: 'captcha-required' }
  | { kind: 'go'; captchaNeeded: boolean; previous: LoginThrottleRecord; recorded: LoginThrottleRecord };

/**
 * Decides, with the account's throttle row locked, whether this attempt may be checked, and if so counts it
 * as a failure at once; a right password clears the count afterwards. Counting before checking means a
 * burst of parallel guesses is throttled like a sequence, while the lock is held only for two short
 * statements (never across the password hash or the captcha call).
 */
export function passLoginGate(
  deps: Pick<AuthServiceDeps, 'db' | 'repo' | 'now'>,
  accountKey: string,
  options: { captcha?: { enabled: boolean; forced: boolean; token: unknown } },
) {
  return deps.db.transaction(async (txHandle): Promise<Gate> => {
    const tx = txHandle as unknown as Db;
    const now = deps.now();
    const captchaEnabled = options.captcha?.enabled ?? false;
    const record = await deps.repo.lockThrottle(tx, accountKey);
    const decision = decideLoginAttempt(record, { now, captchaEnabled });
    if (!decision.allowed) return { kind: 'refused', ...decision };
    const captchaNeeded = captchaEnabled && (options.captcha?.forced === true || decision.captchaRequired);
    if (captchaNeeded && !isNonEmptyText(options.captcha?.token)) return { kind: 'captcha-required' };
    const recorded = recordLoginFailure(record, now);
    await deps.repo.saveThrottle(tx, accountKey, recorded);
    return { kind: 'go', captchaNeeded, previous: record, recorded };
  });
}

function isNonEmptyText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}
