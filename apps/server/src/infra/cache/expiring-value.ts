import { insideTransaction } from '../db/transaction-scope.ts';

/**
 * A value read from the database and trusted for `ttlMs` (settings every request reads). Callers that miss it
 * at the same time share one load — except a caller inside a transaction: with PGlite's single connection,
 * a load started by another request may be queued behind that very transaction, and waiting for it would
 * never end. That caller loads on its own (its query joins the transaction).
 */
export function createExpiringValue<T>(
  load: () => Promise<T>,
  ttlMs: number,
  clock: () => number = Date.now,
) {
  let kept: { value: T; expiresAt: number } | undefined;
  let shared: Promise<T> | undefined;
  // A load that began before an invalidation must not put its older value back.
  let generation = 0;

  function loadAndKeep(): Promise<T> {
    const startedIn = generation;
    const startedAt = clock();
    return load().then((value) => {
      if (startedIn === generation) kept = { value, expiresAt: startedAt + ttlMs };
      return value;
    });
  }

  return {
    get(): Promise<T> {
      if (kept && kept.expiresAt > clock()) return Promise.resolve(kept.value);
      if (insideTransaction()) return loadAndKeep();
      if (!shared) {
        const loading = loadAndKeep().finally(() => {
          if (shared === loading) shared = undefined;
        });
        shared = loading;
      }
      return shared;
    },
    /** A value just written by this instance: seen at once. */
    set(value: T): void {
      generation++;
      shared = undefined;
      kept = { value, expiresAt: clock() + ttlMs };
    },
    invalidate(): void {
      generation++;
      shared = undefined;
      kept = undefined;
    },
  };
}
export type ExpiringValue<T> = ReturnType<typeof createExpiringValue<T>>;
