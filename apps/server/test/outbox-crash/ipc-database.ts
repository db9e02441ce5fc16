import type { ChildProcess } from 'node:child_process';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../../src/infra/db/database.ts';
import {
  type PgliteClient,
  type PgliteTransaction,
  type Request,
  statementsOver,
} from '../../src/infra/db/pglite-thread.ts';
import {
  fromThreadError,
  type ThreadReply,
  type ThreadRequest,
  toThreadError,
} from '../../src/infra/db/pglite-thread-protocol.ts';
import { routeRootQueriesToOpenTransaction } from '../../src/infra/db/transaction-scope.ts';

/**
 * A test's PGlite shared with a child process, as a database server shares itself with its clients: the
 * child's statements cross the IPC channel (the messages of pglite-thread-protocol.ts) and run on the
 * parent's PGlite. When the child dies, its open transaction is rolled back, as PostgreSQL does when a
 * client's connection drops: a SIGKILLed child then leaves exactly what it had committed.
 */

/** A message from the child that is not a statement (e.g. "ready"): left to the test. */
type OtherMessage = { kind: string };

/** Serves `client` to `child` until it exits. The child must be forked with `serialization: 'advanced'`. */
export function serveDatabaseOverIpc(child: ChildProcess, client: PgliteClient): void {
  const open = new Map<
    number,
    { tx: PgliteTransaction; settle: (commit: boolean) => void; ended: Promise<void> }
  >();
  let lastTransaction = 0;
  let exited = false;
  const keepText = (value: string) => value;
  const rolledBack = new Error('rolled back');

  function target(tx: number | null): Pick<PgliteTransaction, 'query' | 'exec'> {
    if (tx === null) return client;
    const found = open.get(tx);
    if (!found) throw new Error(`transaction ${tx} is not open`);
    return found.tx;
  }

  function begin(): Promise<number> {
    const id = ++lastTransaction;
    return new Promise((opened, failed) => {
      const ended = client.transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            // BEGIN may run after the child died: nobody would ever end this one.
            if (exited) return rollback(rolledBack);
            open.set(id, { tx, settle: (yes) => (yes ? commit() : rollback(rolledBack)), ended });
            opened(id);
          }),
      );
      ended.catch(failed);
    });
  }

  async function end(id: number, commit: boolean): Promise<null> {
    const found = open.get(id);
    if (!found) throw new Error(`transaction ${id} is not open`);
    open.delete(id);
    found.settle(commit);
    await found.ended.catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
    return null;
  }

  async function handle(request: ThreadRequest): Promise<unknown> {
    switch (request.op) {
      case 'query':
        return target(request.tx).query(request.sql, request.params, {
          ...(request.rowMode ? { rowMode: request.rowMode } : {}),
          parsers: Object.fromEntries(request.textTypes.map((oid) => [oid, keepText])),
        });
      case 'exec':
        return target(request.tx).exec(request.sql);
      case 'begin':
        return begin();
      case 'end':
        return end(request.tx, request.commit);
      case 'close':
        return null;
    }
  }

  function reply(message: ThreadReply): void {
    // A child killed while its statement ran is not there for the answer.
    if (child.connected) child.send(message, (error) => error && undefined);
  }

  child.on('message', (message: ThreadRequest | OtherMessage) => {
    if (!('op' in message) || exited) return;
    handle(message).then(
      (value) => reply({ id: message.id, ok: true, value }),
      (error: unknown) => reply({ id: message.id, ok: false, error: toThreadError(error) }),
    );
  });
  child.on('exit', () => {
    exited = true;
    for (const found of open.values()) found.settle(false);
    open.clear();
  });
}

/**
 * In the child: a Drizzle handle whose statements run on the parent's PGlite (serveDatabaseOverIpc). Without
 * the schema (no relational queries): importing every table would double the child's start-up.
 */
export function connectDatabaseOverIpc(): Db {
  if (!process.send) throw new Error('connectDatabaseOverIpc runs in a child forked with an IPC channel');
  const send = process.send.bind(process);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  process.on('message', (message: ThreadReply | OtherMessage) => {
    if (!('id' in message)) return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(fromThreadError(message.error));
  });

  function call<T>(request: Request): Promise<T> {
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      send({ ...request, id });
    });
  }

  const client: PgliteClient = {
    ...statementsOver(call),
    close: async () => {},
    closed: false,
  };
  return drizzle({
    client: routeRootQueriesToOpenTransaction(client) as unknown as PGlite,
  }) as unknown as Db;
}
