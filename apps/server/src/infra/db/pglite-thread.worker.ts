import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import {
  type ThreadOptions,
  type ThreadReply,
  type ThreadRequest,
  type ThreadStart,
  toThreadError,
} from './pglite-thread-protocol.ts';

/**
 * The worker thread that runs PGlite for pglite-thread.ts: statements arrive as messages and answer as
 * messages. PGlite's own locking still orders them: while a transaction is open, statements outside it wait.
 */

interface OpenTransaction {
  tx: Transaction;
  /** Lets the transaction callback return (COMMIT) or throw (ROLLBACK). */
  settle: (commit: boolean) => void;
  /** Settles after COMMIT or ROLLBACK ran. */
  ended: Promise<void>;
}

const port = parentPort;
if (!port) throw new Error('pglite-thread.worker.ts runs as a worker thread');
const options = workerData as ThreadOptions;
const keepText = (value: string) => value;
const rolledBack = new Error('rolled back');
const transactions = new Map<number, OpenTransaction>();
let lastTransaction = 0;

function target(db: PGlite, tx: number | null): PGlite | Transaction {
  if (tx === null) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
}

/** Opens a transaction that stays open until its `end` message (PGlite's transactions are callbacks). */
function begin(db: PGlite): Promise<number> {
  const id = ++lastTransaction;
  return new Promise((opened, failed) => {
    // PGlite calls the callback only after BEGIN ran, by which time `ended` is assigned.
    const ended = db.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          transactions.set(id, {
            tx,
            settle: (shouldCommit) => (shouldCommit ? commit() : rollback(rolledBack)),
            ended,
          });
          opened(id);
        }),
    );
    // Before BEGIN ran this rejects the `begin` answer; afterwards the `end` answer reports it.
    ended.catch(failed);
  });
}

async function end(id: number, commit: boolean): Promise<null> {
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  transactions.delete(id);
  open.settle(commit);
  try {
    await open.ended;
  } catch (error) {
    if (error !== rolledBack) throw error;
  }
  return null;
}

async function handle(db: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return target(db, request.tx).query(request.sql, request.params, {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        parsers: Object.fromEntries(request.textTypes.map((oid) => [oid, keepText])),
      });
    case 'exec':
      return target(db, request.tx).exec(request.sql);
    case 'begin':
      return begin(db);
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      await db.close();
      return null;
  }
}

try {
  const db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.initialData ? { loadDataDir: options.initialData } : {}),
  });
  port.on('message', (request: ThreadRequest) => {
    handle(db, request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ThreadReply),
      (error: unknown) =>
        port.postMessage({ id: request.id, ok: false, error: toThreadError(error) } satisfies ThreadReply),
    );
  });
  port.postMessage({ started: true } satisfies ThreadStart);
} catch (error) {
  port.postMessage({ started: false, error: toThreadError(error) } satisfies ThreadStart);
}
