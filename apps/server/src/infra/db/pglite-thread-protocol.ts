/**
 * The messages between the server's thread and the worker thread that runs PGlite (pglite-thread.ts and
 * pglite-thread.worker.ts). Only cloneable values cross: parsers are functions, so a query names the type
 * OIDs whose text it wants as is (all Drizzle's parsers do that) instead of sending them.
 */

/** `tx`: the open transaction the statement belongs to, or null for the database itself. */
export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      tx: number | null;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object' | undefined;
      textTypes: number[];
    }
  | { id: number; op: 'exec'; tx: number | null; sql: string }
  /** Answers the new transaction's number once BEGIN ran (other statements wait until it ends). */
  | { id: number; op: 'begin' }
  /** Commits (or rolls back) and answers once COMMIT / ROLLBACK ran; a failed COMMIT is the answer's error. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** An error as it crosses: the message and PostgreSQL's fields (code, constraint, detail...). */
export interface ThreadError {
  message: string;
  stack?: string;
  fields: Record<string, string | number>;
}

export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ThreadError };

/** The worker's first message: PGlite is open, or why it could not be. */
export type ThreadStart = { started: true } | { started: false; error: ThreadError };

/** What the worker opens (workerData). */
export interface ThreadOptions {
  dataDir?: string;
  /** A dumpDataDir() tarball to start from. */
  initialData?: Blob;
}

/** Keeps an error's message, stack and own string or number fields (functions and objects stay behind). */
export function toThreadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: error.message, ...(error.stack ? { stack: error.stack } : {}), fields };
}

/** The error again on the other side, with the same fields (callers look for `code` and `constraint`). */
export function fromThreadError(error: ThreadError): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}
