import fs from 'node:fs';
import path from 'node:path';

export class PgliteLockedError extends Error {
  constructor(lockFile: string, pid: number) {
    super(
      `The data folder is already in use by another server process (pid ${pid}, lock ${lockFile}). ` +
        'PGlite serves one process only: stop the other server, or set DATABASE_URL to share a PostgreSQL ' +
        'between instances. If no such process runs, delete the lock file.',
    );
    this.name = 'PgliteLockedError';
  }
}

export interface PgliteLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Safe to call more than once, and synchronous for `exit`. */
  release(): void;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it still holds the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the single-process lock of a PGlite data folder: a file holding our pid, created with an exclusive
 * open so two starting servers cannot both win. A lock whose process is gone (a crash, a kill -9) is taken over.
 */
export function acquirePgliteLock(file: string): PgliteLock {
  fs.mkdirSync(path.dirname(file), { recursive: true });

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }

    const holder = readPid(file);
    // The same pid counts as a holder too: a second database handle in this process would corrupt the folder.
    if (holder !== null && isProcessAlive(holder)) throw new PgliteLockedError(file, holder);
    // Stale (dead pid or unreadable): remove and try again; the exclusive open decides any race.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}.`);
}
