import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrency limit', () => {
  it('runs at most N tasks at once and starts the waiting ones in arrival order', async () => {
    const limit = createConcurrencyLimit(2);
    const releases: Array<() => void> = [];
    const started: number[] = [];
    const runs = [0, 1, 2, 3, 4].map((n) =>
      limit.run(async () => {
        started.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        return n;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([limit.active, limit.queued]).toEqual([2, 3]);

    releases[1]?.();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    releases[0]?.();
    releases[2]?.();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    releases[3]?.();
    releases[4]?.();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect([limit.active, limit.queued]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit.run(async () => 'next')).toBe('next');
    expect(limit.active).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => createConcurrencyLimit(0)).toThrow(RangeError);
  });
});
