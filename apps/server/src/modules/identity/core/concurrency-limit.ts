/**
 * Runs at most `max` tasks at once; the rest wait in arrival order. Password hashing is CPU- and memory-bound
 * on the libuv pool: without a limit a login burst would take every thread and stall file and DNS work of
 * unrelated requests.
 */
export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now, and waiting: for metrics and tests. */
  readonly active: number;
  readonly queued: number;
}

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  if (!Number.isInteger(max) || max < 1)
    throw new RangeError('The concurrency limit must be a positive integer');
  let active = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    // Hand the slot straight to the next task, so a newcomer cannot overtake the queue.
    if (next) next();
    else active -= 1;
  };

  return {
    async run(task) {
      if (active < max) active += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}
