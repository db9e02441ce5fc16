import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_AFTER_FAILURES,
  decideLoginAttempt,
  delayAfterFailures,
  EMPTY_THROTTLE_RECORD,
  FAILURE_MEMORY_MS,
  LOCK_AFTER_FAILURES,
  LOCK_DURATION_MS,
  type LoginThrottleRecord,
  MAX_DELAY_MS,
  recordLoginFailure,
  recordLoginSuccess,
} from './login-throttle.ts';

const t0 = new Date('2025-03-10T12:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

/** `count` failures, each made as soon as the policy allowed it. */
function failRepeatedly(count: number): { record: LoginThrottleRecord; now: Date } {
  let record: LoginThrottleRecord = EMPTY_THROTTLE_RECORD;
  let now = t0;
  for (let i = 0; i < count; i++) {
    const decision = decideLoginAttempt(record, { now, captchaEnabled: false });
    if (!decision.allowed) now = new Date(now.getTime() + decision.retryAfterSeconds * 1000);
    expect(decideLoginAttempt(record, { now, captchaEnabled: false }).allowed).toBe(true);
    record = recordLoginFailure(record, now);
  }
  return { record, now };
}

describe('login throttle', () => {
  it('lets a fresh account try at once, without captcha', () => {
    expect(decideLoginAttempt(null, { now: t0, captchaEnabled: true })).toEqual({
      allowed: true,
      captchaRequired: false,
    });
  });

  it('imposes no delay for the first three failures', () => {
    const { record, now } = failRepeatedly(3);
    expect(record.failures).toBe(3);
    expect(decideLoginAttempt(record, { now, captchaEnabled: false })).toEqual({
      allowed: true,
      captchaRequired: false,
    });
  });

  it('then delays 1 s, 2 s, 4 s, 8 s, 16 s and caps at 30 s', () => {
    expect([3, 4, 5, 6, 7, 8, 9, 20].map(delayAfterFailures)).toEqual([
      0,
      1000,
      2000,
      4000,
      8000,
      16_000,
      MAX_DELAY_MS,
      MAX_DELAY_MS,
    ]);
    const { record, now } = failRepeatedly(4);
    expect(decideLoginAttempt(record, { now, captchaEnabled: false })).toEqual({
      allowed: false,
      reason: 'too-soon',
      retryAfterSeconds: 1,
      captchaRequired: false,
    });
    expect(
      decideLoginAttempt(record, { now: new Date(now.getTime() + 999), captchaEnabled: false }).allowed,
    ).toBe(false);
    expect(
      decideLoginAttempt(record, { now: new Date(now.getTime() + 1000), captchaEnabled: false }).allowed,
    ).toBe(true);

    const six = failRepeatedly(6);
    expect(decideLoginAttempt(six.record, { now: six.now, captchaEnabled: false })).toMatchObject({
      retryAfterSeconds: 4,
    });
  });

  it('demands the captcha after three failures only when the captcha is enabled', () => {
    const two = failRepeatedly(CAPTCHA_AFTER_FAILURES - 1);
    expect(decideLoginAttempt(two.record, { now: two.now, captchaEnabled: true }).captchaRequired).toBe(
      false,
    );
    const three = failRepeatedly(CAPTCHA_AFTER_FAILURES);
    expect(decideLoginAttempt(three.record, { now: three.now, captchaEnabled: true }).captchaRequired).toBe(
      true,
    );
    expect(decideLoginAttempt(three.record, { now: three.now, captchaEnabled: false }).captchaRequired).toBe(
      false,
    );
  });

  it('locks for 15 minutes at the tenth consecutive failure, not before', () => {
    const nine = failRepeatedly(LOCK_AFTER_FAILURES - 1);
    expect(nine.record.lockedUntil).toBeNull();

    const ten = failRepeatedly(LOCK_AFTER_FAILURES);
    expect(ten.record.lockedUntil).toEqual(new Date(ten.now.getTime() + LOCK_DURATION_MS));
    expect(decideLoginAttempt(ten.record, { now: ten.now, captchaEnabled: true })).toEqual({
      allowed: false,
      reason: 'locked',
      retryAfterSeconds: 900,
      captchaRequired: true,
    });
    const justBefore = new Date(ten.now.getTime() + LOCK_DURATION_MS - 1);
    expect(decideLoginAttempt(ten.record, { now: justBefore, captchaEnabled: false })).toMatchObject({
      allowed: false,
      reason: 'locked',
      retryAfterSeconds: 1,
    });
    const after = new Date(ten.now.getTime() + LOCK_DURATION_MS);
    expect(decideLoginAttempt(ten.record, { now: after, captchaEnabled: false }).allowed).toBe(true);
  });

  it('locks again at the first failure after a lock ends', () => {
    const ten = failRepeatedly(LOCK_AFTER_FAILURES);
    const after = new Date(ten.now.getTime() + LOCK_DURATION_MS);
    const eleventh = recordLoginFailure(ten.record, after);
    expect(eleventh.failures).toBe(11);
    expect(eleventh.lockedUntil).toEqual(new Date(after.getTime() + LOCK_DURATION_MS));
  });

  it('resets everything on success', () => {
    const { record, now } = failRepeatedly(LOCK_AFTER_FAILURES);
    expect(recordLoginSuccess()).toEqual({ failures: 0, lastFailureAt: null, lockedUntil: null });
    expect(decideLoginAttempt(recordLoginSuccess(), { now, captchaEnabled: true })).toEqual({
      allowed: true,
      captchaRequired: false,
    });
    expect(record.failures).toBe(LOCK_AFTER_FAILURES);
  });

  it('forgets failures older than a day', () => {
    const { record, now } = failRepeatedly(5);
    const nextDay = new Date(now.getTime() + FAILURE_MEMORY_MS);
    expect(decideLoginAttempt(record, { now: nextDay, captchaEnabled: true })).toEqual({
      allowed: true,
      captchaRequired: false,
    });
    expect(recordLoginFailure(record, nextDay).failures).toBe(1);
    expect(recordLoginFailure(record, at(1000)).failures).toBe(6);
  });
});
