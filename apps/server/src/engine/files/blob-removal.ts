import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { FileStore } from '../../infra/storage/file-store.ts';
import { lockBlob } from './blob-lock.ts';
import { runtimeFiles } from './files.table.ts';

/**
 * Removes the blob `sha256` from the store when no runtime_files row points at it any more. Under the blob's
 * lock (blob-lock.ts): an insertFile of the same content waits until the blob is gone and then writes it anew,
 * or has committed its row already and the blob stays. Answers whether it was removed.
 */
export async function removeBlobIfUnused(db: Db, store: FileStore, sha256: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockBlob(tx, sha256);
    const [row] = await tx
      .select({ id: runtimeFiles.id })
      .from(runtimeFiles)
      .where(eq(runtimeFiles.sha256, sha256))
      .limit(1);
    if (row) return false;
    await store.delete(sha256);
    return true;
  });
}
