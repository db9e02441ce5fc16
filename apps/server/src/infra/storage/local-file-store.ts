import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  BlobMissingError,
  blobPath,
  type FileStore,
  FileStoreUnavailableError,
  isSha256,
  type ListedBlob,
  sha256Of,
  verifiedContent,
} from './file-store.ts';

const FAN_OUT_FOLDER = /^[0-9a-f]{2}$/;
const TEMPORARY_SUFFIX = '.tmp';
/** A temporary file this old is a write a crash interrupted (a put takes milliseconds): the listing removes it. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/**
 * Blobs in a folder (DATA_DIR/files by default), one file each at ab/cd/<sha256>. A put writes a temporary file
 * beside the blob's place, flushes it to the disk, renames it over (atomic: a reader sees the whole blob or none)
 * and flushes the folder so the rename survives a power cut. Several processes may share the folder.
 */
export function createLocalFileStore(rootDir: string): FileStore {
  const fullPath = (sha256: string) => path.join(rootDir, blobPath(sha256));

  async function failing<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof BlobMissingError) throw error;
      throw new FileStoreUnavailableError(operation, { cause: error });
    }
  }

  async function writeDurably(target: string, content: Buffer): Promise<void> {
    const folder = path.dirname(target);
    await fs.mkdir(folder, { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;
    const handle = await fs.open(temporary, 'wx', 0o640);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    const folderHandle = await fs.open(folder, 'r');
    try {
      await folderHandle.sync();
    } finally {
      await folderHandle.close();
    }
  }

  async function* walk(): AsyncGenerator<ListedBlob> {
    const level = async (folder: string) => {
      try {
        return (await fs.readdir(folder)).filter((name) => FAN_OUT_FOLDER.test(name)).sort();
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    };
    for (const first of await level(rootDir)) {
      for (const second of await level(path.join(rootDir, first))) {
        const folder = path.join(rootDir, first, second);
        let names: string[];
        try {
          names = await fs.readdir(folder);
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        for (const name of names) {
          const stats = await fs.stat(path.join(folder, name)).catch((error: unknown) => {
            if (isMissing(error)) return null;
            throw error;
          });
          if (!stats?.isFile()) continue;
          if (name.endsWith(TEMPORARY_SUFFIX)) {
            if (Date.now() - stats.mtimeMs > STALE_TEMPORARY_MS)
              await fs.rm(path.join(folder, name), { force: true });
            continue;
          }
          if (isSha256(name) && name.startsWith(first + second))
            yield { sha256: name, modifiedAt: stats.mtime };
        }
      }
    }
  }

  return {
    kind: 'local',

    async put(content) {
      const sha256 = sha256Of(content);
      const target = fullPath(sha256);
      await failing('store a file', async () => {
        const existing = await fs.stat(target).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        if (existing?.size === content.length && sha256Of(await fs.readFile(target)) === sha256) {
          // Already stored: only marked as just written, so the orphan sweep's grace period starts again.
          const now = new Date();
          await fs.utimes(target, now, now);
          return;
        }
        // Absent, or damaged: written (again).
        await writeDurably(target, content);
      });
      return { sha256, size: content.length };
    },

    async get(sha256) {
      const target = fullPath(sha256);
      const content = await failing('read a file', async () => {
        try {
          return await fs.readFile(target);
        } catch (error) {
          if (isMissing(error)) throw new BlobMissingError(sha256);
          throw error;
        }
      });
      return verifiedContent(sha256, content);
    },

    async has(sha256) {
      const target = fullPath(sha256);
      return failing('look up a file', async () => {
        try {
          return (await fs.stat(target)).isFile();
        } catch (error) {
          if (isMissing(error)) return false;
          throw error;
        }
      });
    },

    async delete(sha256) {
      const target = fullPath(sha256);
      await failing('delete a file', () => fs.rm(target, { force: true }));
    },

    list: walk,
  };
}
