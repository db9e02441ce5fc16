import { and, asc, count, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { type FileStore, sha256Of } from '../../infra/storage/file-store.ts';
import { runtimeFiles } from './files.table.ts';

/** Rows read at once: each may hold up to FILE_UPLOAD_MAX_BYTES, so a batch stays within ~100 MB. */
const BATCH_ROWS = 10;

export interface MoveResult {
  /** Rows whose bytes are now in the store only. */
  moved: number;
  /** Rows left as they are because their bytes do not match their SHA-256 (never put in the store). */
  damaged: number;
  /** Rows still holding bytes after this call (over `maxRows`, or damaged). */
  remaining: number;
}

/**
 * Moves the bytes of files stored before the file store (runtime_files.content) into it, a row at a time:
 * put, read back and compared, and only then the row's content set to null. Stopped anywhere (a crash, the
 * store down), it resumes at the next call with the rows still holding bytes; a row moved twice only rewrites
 * the same blob. Runs at every start (main.ts) and in each housekeeping round; on a database without such
 * rows it is one indexed query.
 */
export async function moveFileContentsToStore(
  db: Db,
  store: FileStore,
  options: { maxRows?: number } = {},
): Promise<MoveResult> {
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  let moved = 0;
  let damaged = 0;
  let afterId = 0;
  let examined = 0;
  while (examined < maxRows) {
    const rows = await db
      .select({ id: runtimeFiles.id, sha256: runtimeFiles.sha256, content: runtimeFiles.content })
      .from(runtimeFiles)
      .where(and(isNotNull(runtimeFiles.content), gt(runtimeFiles.id, afterId)))
      .orderBy(asc(runtimeFiles.id))
      .limit(Math.min(BATCH_ROWS, maxRows - examined));
    if (rows.length === 0) break;
    for (const row of rows) {
      examined += 1;
      afterId = row.id;
      const content = row.content!;
      // Bytes that no longer match their address would be stored under another one: left for a person to see.
      if (sha256Of(content) !== row.sha256) {
        damaged += 1;
        continue;
      }
      await store.put(content);
      if (!(await store.get(row.sha256)).equals(content))
        throw new Error('the file store answered other bytes');
      await db
        .update(runtimeFiles)
        .set({ content: null })
        .where(and(eq(runtimeFiles.id, row.id), eq(runtimeFiles.sha256, row.sha256)));
      moved += 1;
    }
  }
  const [left] = await db.select({ n: count() }).from(runtimeFiles).where(isNotNull(runtimeFiles.content));
  return { moved, damaged, remaining: left?.n ?? 0 };
}
