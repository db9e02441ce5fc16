import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/**
 * Who holds a PGlite lock, told apart from whoever happens to reuse the pid later. A pid alone lies after a
 * crash: in a container the server is pid 1 on every start, and on a host the pid of a dead server is soon
 * given to an unrelated process. The process start time (/proc/<pid>/stat) and the boot id pin one
 * process; the nonce names one lock of that process. Pids only mean something inside one pid namespace of
 * one running kernel: a holder in another container or on another host sharing the folder cannot be looked
 * up, and is judged by the lock's heartbeat instead (pglite-lock.ts).
 */
export interface LockHolder {
  pid: number;
  /** Clock ticks since boot when the process started (field 22 of /proc/<pid>/stat); null without /proc. */
  startTime: string | null;
  /** /proc/sys/kernel/random/boot_id: start times restart from zero at each boot. */
  bootId: string | null;
  /** The pid namespace (`pid:[4026531836]`): a container has its own. */
  pidNamespace: string | null;
  hostname: string;
  nonce: string;
}

/** What can be told about a holder from here. */
export type HolderState = 'alive' | 'dead' | 'out-of-sight';

export function readBootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export function readPidNamespace(): string | null {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

/** The start time of a running process, or null when it does not run (or the system has no /proc). */
export function readProcessStartTime(pid: number): string | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Field 3 (state) is fields[0], so field 22 (starttime) is fields[19].
  return fields[19] ?? null;
}

export function describeThisProcess(): LockHolder {
  return {
    pid: process.pid,
    startTime: readProcessStartTime(process.pid),
    bootId: readBootId(),
    pidNamespace: readPidNamespace(),
    hostname: os.hostname(),
    nonce: randomBytes(12).toString('hex'),
  };
}

export function parseLockHolder(text: string): LockHolder | null {
  // The format before this one: the pid alone on a line. Without a start time it is judged by the pid.
  if (/^\d+\s*$/.test(text)) {
    const pid = Number.parseInt(text, 10);
    return pid > 0
      ? { pid, startTime: null, bootId: null, pidNamespace: null, hostname: os.hostname(), nonce: '' }
      : null;
  }
  let value: Partial<LockHolder> | null;
  try {
    value = JSON.parse(text) as Partial<LockHolder> | null;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (!Number.isInteger(value.pid) || (value.pid as number) <= 0 || typeof value.nonce !== 'string')
    return null;
  const textOrNull = (field: unknown) => (typeof field === 'string' ? field : null);
  return {
    pid: value.pid as number,
    startTime: textOrNull(value.startTime),
    bootId: textOrNull(value.bootId),
    pidNamespace: textOrNull(value.pidNamespace),
    hostname: textOrNull(value.hostname) ?? '',
    nonce: value.nonce,
  };
}

function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that wrote `holder` still runs, as far as this process can see. `heldHere` lists
 * the nonces of the locks this process holds: a lock naming this very process but a nonce it does not hold
 * was left by an earlier life of the pid.
 */
export function holderState(holder: LockHolder, heldHere: ReadonlySet<string>): HolderState {
  if (holder.pid === process.pid && heldHere.has(holder.nonce)) return 'alive';
  const me = { bootId: readBootId(), pidNamespace: readPidNamespace(), hostname: os.hostname() };
  const sameKernel = holder.bootId !== null && holder.bootId === me.bootId;
  // This machine, rebooted since: no process of the earlier boot survives.
  if (!sameKernel && holder.bootId !== null && me.bootId !== null && holder.hostname === me.hostname) {
    return 'dead';
  }
  if (holder.startTime === null) {
    // An old lock file, or a system without /proc: the pid is all there is. This process writes the new
    // format, so a lock naming its pid without one of its nonces is an earlier life's.
    return holder.pid !== process.pid && isPidAlive(holder.pid) ? 'alive' : 'dead';
  }
  // Another container, another host sharing the folder: its pids are not ours to look up.
  if (!sameKernel || holder.pidNamespace === null || holder.pidNamespace !== me.pidNamespace) {
    return 'out-of-sight';
  }
  if (readProcessStartTime(holder.pid) !== holder.startTime) return 'dead';
  // The same process. If it is this one, the nonce decides (checked above: not one of ours, so stale).
  return holder.pid === process.pid ? 'dead' : 'alive';
}
