import { AsyncLocalStorage } from 'node:async_hooks';
import type { PgliteClient, PgliteTransaction } from './pglite-thread.ts';

/**
 * PGlite has one connection: while a transaction is open, every other query waits for it to end. Code that
 * runs inside a transaction callback and reaches the root handle (a service given `db`, not `tx`) would then
 * wait for its own transaction: a deadlock that hangs the whole server. The open transaction is therefore
 * kept in async-local storage, and the client handed to Drizzle sends the root queries of that async context
 * to it (a nested root transaction joins it).
 */
const openTransaction = new AsyncLocalStorage<PgliteTransaction>();

/** True while the caller runs inside a PGlite transaction callback (see `routeRootQueriesToOpenTransaction`). */
export function insideTransaction(): boolean {
  const tx = openTransaction.getStore();
  return tx !== undefined && !tx.closed;
}

function currentTransaction(): PgliteTransaction | undefined {
  const tx = openTransaction.getStore();
  // A promise started inside the callback may run after the transaction ended: it goes to the root again.
  return tx && !tx.closed ? tx : undefined;
}

/** The PGlite client as Drizzle should see it: root queries inside a transaction's async context join it. */
export function routeRootQueriesToOpenTransaction(client: PgliteClient): PgliteClient {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query' || property === 'exec') {
        return (...args: unknown[]) => {
          const on: Pick<PgliteTransaction, 'query' | 'exec'> = currentTransaction() ?? target;
          const run = on[property] as (...forwarded: unknown[]) => unknown;
          return run.apply(on, args);
        };
      }
      if (property === 'transaction') {
        return <T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> => {
          const tx = currentTransaction();
          if (tx) return callback(tx);
          return target.transaction((opened) => openTransaction.run(opened, () => callback(opened)));
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
