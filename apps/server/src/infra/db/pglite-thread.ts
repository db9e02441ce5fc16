import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  fromThreadError,
  type ThreadOptions,
  type ThreadReply,
  type ThreadRequest,
  type ThreadStart,
} from './pglite-thread-protocol.ts';

/** The part of PGlite's transaction that Drizzle and transaction-scope.ts use. */
export interface PgliteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** The part of PGlite that Drizzle and transaction-scope.ts use, run by a worker thread. */
export interface PgliteClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly closed: boolean;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
/** A request before it is numbered (Omit over each member of the union). */
type Unnumbered<Each> = Each extends unknown ? Omit<Each, 'id'> : never;
export type Request = Unnumbered<ThreadRequest>;

/** Drizzle's parsers all keep the text of a type as is: those OIDs are what crosses (functions cannot). */
function textTypesOf(options: QueryOptions | undefined): number[] {
  return Object.entries(options?.parsers ?? {}).map(([oid, parser]) => {
    if (parser('1', Number(oid)) !== '1')
      throw new Error('pglite-thread: only parsers that keep the text are supported');
    return Number(oid);
  });
}

/** A request to the database, answered by whoever runs it (a worker thread; a test's peer process). */
export type CallDatabase = <T>(request: Request) => Promise<T>;

/** Statements and transactions whose every step is one request answered through `call`. */
export function statementsOver(call: CallDatabase): Pick<PgliteClient, 'query' | 'exec' | 'transaction'> {
  function statements(tx: number | null) {
    return {
      // async: a refused parser rejects, as a failed statement does, instead of throwing at the call.
      query: async <T>(sql: string, params: unknown[] = [], queryOptions?: QueryOptions) =>
        call<Results<T>>({
          op: 'query',
          tx,
          sql,
          params,
          rowMode: queryOptions?.rowMode,
          textTypes: textTypesOf(queryOptions),
        }),
      exec: (sql: string) => call<Results[]>({ op: 'exec', tx, sql }),
    };
  }

  return {
    ...statements(null),
    async transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
      const id = await call<number>({ op: 'begin' });
      let ended = false;
      const endOnce = (commit: boolean) => {
        if (ended) return Promise.resolve();
        ended = true;
        return call<void>({ op: 'end', tx: id, commit });
      };
      const tx: PgliteTransaction = {
        ...statements(id),
        rollback: () => endOnce(false),
        get closed() {
          return ended;
        },
      };
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        // The callback's error is the answer, even when the rollback fails too (a worker that died).
        await endOnce(false).catch(() => {});
        throw error;
      }
      await endOnce(true);
      return result;
    },
  };
}

/**
 * PGlite in a worker thread. PGlite runs PostgreSQL in WebAssembly on the thread that calls it, so in the
 * server's thread every statement blocks the event loop (other requests, the Excel import's reading and
 * checking) for as long as it runs. In a worker, the server's JavaScript goes on while the database works.
 * The worker keeps the process alive only while a statement is waiting for its answer.
 */
export async function openPgliteThread(options: ThreadOptions): Promise<PgliteClient> {
  const worker = new Worker(new URL('./pglite-thread.worker.ts', import.meta.url), { workerData: options });
  const pending = new Map<number, Pending>();
  let lastId = 0;
  /** Why statements are refused from now on: the worker failed or exited, or the client was closed. */
  let failure: Error | null = null;

  function failAll(error: Error): void {
    failure ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  }

  try {
    await new Promise<void>((started, failed) => {
      worker.once('message', (message: ThreadStart) => {
        if (message.started) started();
        else failed(fromThreadError(message.error));
      });
      worker.once('error', failed);
    });
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.on('message', (reply: ThreadReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(fromThreadError(reply.error));
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the PGlite worker thread exited (code ${code})`)));
  worker.unref();

  function call<T>(request: Request): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = ++lastId;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  return {
    ...statementsOver(call),
    async close() {
      if (failure) return;
      try {
        await call<null>({ op: 'close' });
      } finally {
        failure ??= new Error('the PGlite database is closed');
        await worker.terminate();
      }
    },
    get closed() {
      return failure !== null;
    },
  };
}
