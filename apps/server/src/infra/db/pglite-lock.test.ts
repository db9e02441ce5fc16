import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runServerToExit, startServer } from '../../../test/server-process.ts';
import { REPO_ROOT } from '../../config/env.ts';
import { acquirePgliteLock, PgliteLockedError } from './pglite-lock.ts';
import {
  type LockHolder,
  readBootId,
  readPidNamespace,
  readProcessStartTime,
} from './pglite-lock-identity.ts';

let dir: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'der-lock-'));
  lockFile = path.join(dir, 'pglite.lock');
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

const pinnedNode = path.join(REPO_ROOT, 'node_modules', '.bin', 'node');
const node = fs.existsSync(pinnedNode) ? pinnedNode : process.execPath;

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (!child.pid) throw new Error('could not spawn');
  return child.pid;
}

function holderOf(file: string): LockHolder {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder;
}

function writeLock(holder: Partial<LockHolder>) {
  const full: LockHolder = {
    pid: process.pid,
    startTime: readProcessStartTime(process.pid),
    bootId: readBootId(),
    pidNamespace: readPidNamespace(),
    hostname: os.hostname(),
    nonce: 'left-by-an-earlier-process',
    ...holder,
  };
  fs.writeFileSync(lockFile, `${JSON.stringify(full)}\n`);
}

/** A live process unrelated to any server (it only sleeps). */
function unrelatedProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

/** Another process that takes the lock and keeps it, as a running server does. */
async function anotherHolder(): Promise<ChildProcess> {
  const script =
    `import { acquirePgliteLock } from ${JSON.stringify(path.join(import.meta.dirname, 'pglite-lock.ts'))};` +
    `acquirePgliteLock(${JSON.stringify(lockFile)}); console.log('held'); setInterval(() => {}, 60_000);`;
  const child = spawn(node, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('held')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

describe('acquirePgliteLock', () => {
  it('names this process in the file and removes it on release', () => {
    const lock = acquirePgliteLock(lockFile);
    const holder = holderOf(lockFile);
    expect(holder.pid).toBe(process.pid);
    expect(holder.startTime).toBe(readProcessStartTime(process.pid));
    expect(holder.bootId).toBe(readBootId());
    expect(holder.nonce).toMatch(/^[0-9a-f]{24}$/);
    expect(fs.statSync(lockFile).mode & 0o777).toBe(0o600);
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('refuses a second opener in the same process while the first holds the folder', () => {
    const lock = acquirePgliteLock(lockFile);
    expect(() => acquirePgliteLock(lockFile)).toThrow(PgliteLockedError);
    expect(() => acquirePgliteLock(lockFile)).toThrow(`pid ${process.pid}`);
    lock.release();
    acquirePgliteLock(lockFile).release();
  });

  it('refuses while another live server process holds the folder, naming its pid', async () => {
    const holder = await anotherHolder();
    expect(() => acquirePgliteLock(lockFile)).toThrow(PgliteLockedError);
    expect(() => acquirePgliteLock(lockFile)).toThrow(`pid ${holder.pid}`);
    expect(holderOf(lockFile).pid).toBe(holder.pid);
  });

  it('takes over the lock of a server killed with -9', async () => {
    const holder = await anotherHolder();
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const lock = acquirePgliteLock(lockFile);
    expect(holderOf(lockFile).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock naming our own pid from an earlier life (a container restarted as pid 1)', () => {
    // The same pid, started at another time: the restarted container's pid 1 finding its predecessor's lock.
    writeLock({ startTime: '1' });
    const lock = acquirePgliteLock(lockFile);
    expect(holderOf(lockFile).nonce).not.toBe('left-by-an-earlier-process');
    lock.release();
  });

  it('takes over a lock naming this very process but a nonce it does not hold', () => {
    writeLock({});
    acquirePgliteLock(lockFile).release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock whose pid now belongs to an unrelated live process', () => {
    const unrelated = unrelatedProcess();
    if (!unrelated.pid) throw new Error('could not spawn');
    // The dead server's start time differs from that of the process now carrying its pid.
    writeLock({ pid: unrelated.pid, startTime: '1' });
    const lock = acquirePgliteLock(lockFile);
    expect(holderOf(lockFile).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock written before the last reboot', () => {
    writeLock({ bootId: '00000000-0000-0000-0000-000000000000' });
    acquirePgliteLock(lockFile).release();
  });

  /** Another process touching the lock file as a holder's heartbeat does; resolves once it has begun. */
  async function toucher(everyMs: number): Promise<ChildProcess> {
    const file = JSON.stringify(lockFile);
    const script =
      `const fs = require('node:fs'); const touch = () => fs.utimesSync(${file}, new Date(), new Date());` +
      `touch(); console.log('touching'); setInterval(touch, ${everyMs});`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
    return child;
  }
  // Pids of another container (its own pid namespace) or another host cannot be looked up from here.
  const inAnotherContainer = { pid: 1, startTime: '1', pidNamespace: 'pid:[1]' };
  const onAnotherHost = { pid: 1, startTime: '1', bootId: 'another-boot', hostname: 'outro-servidor' };

  it('refuses a lock held in another container while its heartbeat goes on', async () => {
    writeLock(inAnotherContainer);
    await toucher(50);
    expect(() => acquirePgliteLock(lockFile, { heartbeatMs: 500 })).toThrow(PgliteLockedError);
  });

  it('refuses a lock held on another host sharing the folder while its heartbeat goes on, naming the host', async () => {
    writeLock(onAnotherHost);
    await toucher(50);
    expect(() => acquirePgliteLock(lockFile, { heartbeatMs: 500 })).toThrow('(pid 1 on outro-servidor, lock');
  });

  it('takes over a lock of another container once its heartbeat is seen to have stopped', () => {
    writeLock(inAnotherContainer);
    const before = Date.now();
    const lock = acquirePgliteLock(lockFile, { heartbeatMs: 500 });
    // Watched for three beats first.
    expect(Date.now() - before).toBeGreaterThanOrEqual(1_450);
    expect(holderOf(lockFile).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over at once a lock of another container untouched for long', () => {
    writeLock(inAnotherContainer);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(lockFile, anHourAgo, anHourAgo);
    const before = Date.now();
    acquirePgliteLock(lockFile).release();
    expect(Date.now() - before).toBeLessThan(1_000);
  });

  it('touches its lock file every heartbeat while it holds it, and stops on release', async () => {
    const lock = acquirePgliteLock(lockFile, { heartbeatMs: 50 });
    const longAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(lockFile, longAgo, longAgo);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(Date.now() - fs.statSync(lockFile).mtimeMs).toBeLessThan(1_000);
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('takes over a stale lock of the older format (the pid alone) whose process is gone', () => {
    fs.writeFileSync(lockFile, `${deadPid()}\n`);
    const lock = acquirePgliteLock(lockFile);
    expect(holderOf(lockFile).pid).toBe(process.pid);
    lock.release();
  });

  it('refuses a lock of the older format whose pid runs (without a start time it cannot tell)', () => {
    const unrelated = unrelatedProcess();
    fs.writeFileSync(lockFile, `${unrelated.pid}\n`);
    expect(() => acquirePgliteLock(lockFile)).toThrow(`pid ${unrelated.pid}`);
  });

  it('takes over an unreadable lock file', () => {
    fs.writeFileSync(lockFile, 'garbage');
    acquirePgliteLock(lockFile).release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('does not remove a lock another process took over after ours', () => {
    const lock = acquirePgliteLock(lockFile);
    writeLock({ pid: 999_999_999 });
    lock.release();
    expect(holderOf(lockFile).pid).toBe(999_999_999);
  });

  it('lets exactly one of several processes starting together over a stale lock win', async () => {
    writeLock({ startTime: '1' });
    const script =
      `import { acquirePgliteLock } from ${JSON.stringify(path.join(import.meta.dirname, 'pglite-lock.ts'))};` +
      `try { acquirePgliteLock(${JSON.stringify(lockFile)}); console.log('won'); setTimeout(() => {}, 3000); }` +
      `catch (error) { console.log(error.name); }`;
    const racers = Array.from({ length: 4 }, () => {
      const child = spawn(node, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      return new Promise<string>((resolve) => {
        child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      });
    });
    const outcomes = (await Promise.all(racers)).sort();
    expect(outcomes).toEqual(['PgliteLockedError', 'PgliteLockedError', 'PgliteLockedError', 'won']);
  });

  // A container's entrypoint: the server is pid 1 in its own pid namespace (needs root: skipped otherwise).
  const asPid1 = ['unshare', '--fork', '--pid', '--mount-proc', '--kill-child=SIGKILL'];
  const canRunAsPid1 = spawnSync(asPid1[0] as string, [...asPid1.slice(1), 'true']).status === 0;

  it.runIf(canRunAsPid1)(
    'starts again after the server, running as pid 1, was killed with -9',
    async () => {
      // unshare ignores SIGTERM while it waits for its child: only a kill ends both (what this test wants).
      const first = await startServer({ DATA_DIR: dir }, 150_000, asPid1);
      try {
        expect(holderOf(lockFile).pid).toBe(1);
        // A second container on the same folder while the first runs: its pid 1 is not the holder's, whose
        // heartbeat it sees going on, so it refuses.
        const second = await runServerToExit({ DATA_DIR: dir }, 150_000, asPid1);
        expect(second.code).toBe(1);
        expect(second.stderr).toContain(
          'The data folder is already in use by another server process (pid 1,',
        );
      } finally {
        expect(await first.stop('SIGKILL')).toBeNull();
      }
      // The lock names pid 1, which the next start is again.
      expect(holderOf(lockFile).pid).toBe(1);
      const second = await startServer({ DATA_DIR: dir }, 150_000, asPid1);
      try {
        expect(holderOf(lockFile).pid).toBe(1);
        expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
      } finally {
        await second.stop('SIGKILL');
      }
    },
    480_000,
  );

  it('makes a second server process on the same data folder exit with a clear message', async () => {
    const holder = await anotherHolder();
    const result = await runServerToExit({ DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `The data folder is already in use by another server process (pid ${holder.pid}, lock ${lockFile}). ` +
        'PGlite serves one process only: stop the other server, or set DATABASE_URL to share a PostgreSQL ' +
        'between instances.',
    );
  }, 150_000);
});
