import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  describeThisProcess,
  type HolderState,
  holderState,
  type LockHolder,
  parseLockHolder,
} from './pglite-lock-identity.ts';

export class PgliteLockedError extends Error {
  constructor(lockFile: string, pid: number, hostname: string = os.hostname()) {
    const where = hostname === os.hostname() ? '' : ` on ${hostname}`;
    super(
      `The data folder is already in use by another server process (pid ${pid}${where}, lock ${lockFile}). ` +
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
/**
 * The holder touches its lock file this often. A holder out of sight (another container or host sharing the
 * folder) is alive while the touches go on: a starter watches the file for three beats, or needs none when
 * the last touch is older than the stale limit.
 */
export const LOCK_HEARTBEAT_MS = 2_000;
const BEATS_WATCHED = 3;
const STALE_AFTER_BEATS = 8;
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
 * id, pid namespace, host, a nonce), created with an exclusive open so two starting servers cannot both win,
 * and touched every heartbeat while held. A lock whose process no longer runs — a crash, a kill -9, a
 * container restarted as pid 1 again, a pid now reused by an unrelated process — is taken over; a holder
 * this process cannot look up (another container or host) is judged by its heartbeat.
 */
export function acquirePgliteLock(file: string, options: { heartbeatMs?: number } = {}): PgliteLock {
  const heartbeatMs = options.heartbeatMs ?? LOCK_HEARTBEAT_MS;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const me = describeThisProcess();
  const content = `${JSON.stringify(me)}\n`;

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (tryCreate(file, content)) {
      heldHere.add(me.nonce);
      return ownedLock(file, me, heartbeatMs);
    }
    const text = readText(file);
    if (text === null) continue; // released in between: try again
    const holder = parseLockHolder(text);
    let state: HolderState | 'changed' = holder ? holderState(holder, heldHere) : 'dead';
    if (state === 'out-of-sight') state = watchHeartbeat(file, text, heartbeatMs);
    if (state === 'changed') continue;
    if (state === 'alive' && holder) throw new PgliteLockedError(file, holder.pid, holder.hostname);
    if (!removeIfStill(file, text)) pause(20);
  }
  throw new Error(`Could not take the lock ${file}.`);
}

/**
 * Whether the holder of a lock out of sight still touches it. Compares the file's own times only (never
 * with this machine's clock, which another host's may not match) except to skip the wait for a lock
 * untouched for long.
 */
function watchHeartbeat(file: string, text: string, heartbeatMs: number): 'alive' | 'dead' | 'changed' {
  const first = fs.statSync(file, { throwIfNoEntry: false });
  if (!first) return 'changed';
  if (Date.now() - first.mtimeMs > heartbeatMs * STALE_AFTER_BEATS) return 'dead';
  const until = Date.now() + heartbeatMs * BEATS_WATCHED;
  while (Date.now() < until) {
    pause(Math.min(250, heartbeatMs / 4));
    const now = fs.statSync(file, { throwIfNoEntry: false });
    if (!now || readText(file) !== text) return 'changed';
    if (now.mtimeMs !== first.mtimeMs) return 'alive';
  }
  return 'dead';
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

function ownedLock(file: string, me: LockHolder, heartbeatMs: number): PgliteLock {
  const isOurs = () => {
    const text = readText(file);
    return text !== null && parseLockHolder(text)?.nonce === me.nonce;
  };
  const heartbeat = setInterval(() => {
    try {
      if (isOurs()) fs.utimesSync(file, new Date(), new Date());
    } catch {
      // A missed beat is harmless: the next one comes, and a starter watches several.
    }
  }, heartbeatMs);
  heartbeat.unref();
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      heldHere.delete(me.nonce);
      if (isOurs()) fs.rmSync(file, { force: true });
    },
  };
}
