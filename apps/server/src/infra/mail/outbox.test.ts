import { describe, expect, it } from 'vitest';
import {
  isPermanentMailFailure,
  nextRetryAt,
  OUTBOX_BASE_DELAY_MS,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_MAX_DELAY_MS,
  retryDelayMs,
} from './outbox.ts';

const now = new Date('2025-03-10T12:00:00Z');

describe('outbox delivery policy', () => {
  it('doubles the delay with each failure, between half and all of the exponential step', () => {
    expect(retryDelayMs(1, () => 0)).toBe(OUTBOX_BASE_DELAY_MS / 2);
    expect(retryDelayMs(1, () => 1)).toBe(OUTBOX_BASE_DELAY_MS);
    expect(retryDelayMs(2, () => 1)).toBe(2 * OUTBOX_BASE_DELAY_MS);
    expect(retryDelayMs(4, () => 1)).toBe(8 * OUTBOX_BASE_DELAY_MS);
    expect(retryDelayMs(4, () => 0.5)).toBe(6 * OUTBOX_BASE_DELAY_MS);
  });

  it('caps the delay', () => {
    expect(retryDelayMs(30, () => 1)).toBe(OUTBOX_MAX_DELAY_MS);
    expect(retryDelayMs(30, () => 0)).toBe(OUTBOX_MAX_DELAY_MS / 2);
  });

  it('spreads retries of messages that failed together', () => {
    const delays = new Set(Array.from({ length: 20 }, () => retryDelayMs(3)));
    expect(delays.size).toBeGreaterThan(10);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(2 * OUTBOX_BASE_DELAY_MS);
      expect(delay).toBeLessThanOrEqual(4 * OUTBOX_BASE_DELAY_MS);
    }
  });

  it('schedules the next attempt from now and gives up after the last attempt', () => {
    expect(nextRetryAt(1, now, () => 1)).toEqual(new Date(now.getTime() + OUTBOX_BASE_DELAY_MS));
    expect(nextRetryAt(OUTBOX_MAX_ATTEMPTS - 1, now, () => 0)).not.toBeNull();
    expect(nextRetryAt(OUTBOX_MAX_ATTEMPTS, now)).toBeNull();
  });

  it('spans 8 to 16 hours from the first failure to the last attempt', () => {
    const span = (random: () => number) => {
      let total = 0;
      for (let failures = 1; failures < OUTBOX_MAX_ATTEMPTS; failures++)
        total += retryDelayMs(failures, random);
      return total / 3_600_000;
    };
    expect(span(() => 0)).toBeGreaterThanOrEqual(8);
    expect(span(() => 1)).toBeLessThanOrEqual(16.5);
  });

  it('treats a broken random source as the middle of the range', () => {
    expect(retryDelayMs(1, () => Number.NaN)).toBe(0.75 * OUTBOX_BASE_DELAY_MS);
    expect(retryDelayMs(1, () => 7)).toBe(OUTBOX_BASE_DELAY_MS);
  });

  it('gives up at once only on permanent SMTP rejections of the message', () => {
    expect(isPermanentMailFailure({ responseCode: 550, code: 'EENVELOPE' })).toBe(true);
    expect(isPermanentMailFailure({ responseCode: 554 })).toBe(true);
    expect(isPermanentMailFailure({ responseCode: 451 })).toBe(false);
    expect(isPermanentMailFailure({ responseCode: 535, code: 'EAUTH' })).toBe(false);
    expect(isPermanentMailFailure({ code: 'ECONNECTION' })).toBe(false);
    expect(isPermanentMailFailure(new Error('socket hang up'))).toBe(false);
    expect(isPermanentMailFailure(null)).toBe(false);
  });
});
