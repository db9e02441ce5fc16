import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config/env.ts';
import { acquirePgliteLock, PgliteLockedError } from './pglite-lock.ts';

let dir: string;
let lockFile: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'der-lock-'));
  lockFile = path.join(dir, 'pglite.lock');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (!child.pid) throw new Error('could not spawn');
  return child.pid;
}

describe('acquirePgliteLock', () => {
  it('writes our pid and removes the file on release', () => {
    const lock = acquirePgliteLock(lockFile);
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('refuses a second opener while the holder is alive, naming its pid', () => {
    const lock = acquirePgliteLock(lockFile);
    expect(() => acquirePgliteLock(lockFile)).toThrow(PgliteLockedError);
    expect(() => acquirePgliteLock(lockFile)).toThrow(`pid ${process.pid}`);
    lock.release();
    acquirePgliteLock(lockFile).release();
  });

  it('takes over a stale lock whose process is gone', () => {
    fs.writeFileSync(lockFile, `${deadPid()}\n`);
    const lock = acquirePgliteLock(lockFile);
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    fs.writeFileSync(lockFile, 'garbage');
    acquirePgliteLock(lockFile).release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('does not remove a lock another process took over after ours', () => {
    const lock = acquirePgliteLock(lockFile);
    fs.writeFileSync(lockFile, '999999999\n');
    lock.release();
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe('999999999');
  });

  it('makes a second server process on the same data folder exit with a clear message', () => {
    const lock = acquirePgliteLock(lockFile);
    try {
      const pinned = path.join(REPO_ROOT, 'node_modules', '.bin', 'node');
      const node = fs.existsSync(pinned) ? pinned : process.execPath;
      const result = spawnSync(node, [path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'silent', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('already in use by another server process');
      expect(result.stderr).toContain(`pid ${process.pid}`);
    } finally {
      lock.release();
    }
  });
});
