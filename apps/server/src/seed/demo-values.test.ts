import { describe, expect, it } from 'vitest';
import { daysFrom } from './demo-values.ts';

describe('demo dates', () => {
  it("count São Paulo's days: at 22:48 there (01:48 UTC the next day) today is still São Paulo's today", () => {
    expect(daysFrom(new Date('2026-12-02T01:48:00.000Z'), 0, 0)).toBe('2026-12-01T03:00:00.000Z');
    expect(daysFrom(new Date('2026-12-01T12:00:00.000Z'), 10, 9)).toBe('2026-12-11T12:00:00.000Z');
  });
});
