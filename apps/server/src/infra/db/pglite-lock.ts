import fs from 'node:fs';
import path from 'node:path';
import {
  describeThisProcess,
  isHolderAlive,
  type LockHolder,
  parseLockHolder,
} from './pglite-lock-identity.ts';

export class PgliteLockedError extends Error {
  constructor(lockFile: string, pid: number) {
    super(
      `The data folder is already in use by another server process (pid ${pid}, lock ${lockFile}). ` +
        'PGlite serves one process only: stop the other server, or set DATABASE_URL to share a PostgreSQL ' +
        'between instances.',
    );
    this.name = 'PgliteLockedError';
  }
}

export interface PgliteLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Safe to call more than once, and synchronous for `exit`. */
  release(): void;
}

/** Nonces of the locks this process holds now (a second handle on the same folder must be refused too). */
const heldHere = new Set<string>();
const ATTEMPTS = 5;
// Taking over a stale lock takes a millisecond; a guard older than this was left by a crash mid-takeover.
const ABANDONED_GUARD_MS = 5_000;

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Takes the single-process lock of a PGlite data folder: a file naming this process (pid, start time, boot
 * id, a nonce), created with an exclusive open so two starting servers cannot both win. A lock whose
 * process no longer runs — a crash, a kill -9, a container restarted as pid 1 again, a pid now reused by an
 * unrelated process — is taken over.
 */
export function acquirePgliteLock(file: string): PgliteLock {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const me = describeThisProcess();
  const content = `${JSON.stringify(me)}\n`;

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (tryCreate(file, content)) {
      heldHere.add(me.nonce);
      return ownedLock(file, me);
    }
    const text = readText(file);
    if (text === null) continue; // released in between: try again
    const holder = parseLockHolder(text);
    if (holder && isHolderAlive(holder, heldHere)) throw new PgliteLockedError(file, holder.pid);
    if (!removeIfStill(file, text)) pause(20);
  }
  throw new Error(`Could not take the lock ${file}.`);
}

function tryCreate(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/**
 * Deletes a stale lock, but only if the file still holds the text judged stale: two servers starting over
 * the same stale lock must not let the slower one delete the lock the faster one has just created. A guard
 * file (exclusive create) makes the compare-and-delete one step.
 */
function removeIfStill(file: string, staleText: string): boolean {
  const guard = `${file}.takeover`;
  let fd: number;
  try {
    fd = fs.openSync(guard, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > ABANDONED_GUARD_MS) fs.rmSync(guard, { force: true });
    return false; // another starter is taking over: the next attempt sees its result
  }
  try {
    if (readText(file) === staleText) fs.rmSync(file, { force: true });
    return true;
  } finally {
    fs.closeSync(fd);
    fs.rmSync(guard, { force: true });
  }
}

/** Start-up is synchronous here (the lock is taken before anything else runs): a short blocking wait. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function ownedLock(file: string, me: LockHolder): PgliteLock {
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      heldHere.delete(me.nonce);
      const text = readText(file);
      if (text !== null && parseLockHolder(text)?.nonce === me.nonce) fs.rmSync(file, { force: true });
    },
  };
}
