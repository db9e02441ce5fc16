import type { StoredFile, StoredMediaType } from '@der/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import {
  BlobCorruptedError,
  BlobMissingError,
  type FileStore,
  FileStoreUnavailableError,
  sha256Of,
  verifiedContent,
} from '../../infra/storage/file-store.ts';
import { assertCanStoreBytes } from '../../modules/plan/plan-guards.ts';
import { lockBlob } from './blob-lock.ts';
import { type RuntimeFileRow, runtimeFiles } from './files.table.ts';

/** A stored file without its content (what access checks and lists need). */
export type FileMeta = Omit<RuntimeFileRow, 'content' | 'orphanedAt'>;

/** A file to store: its size and SHA-256 are taken from `content`. */
export interface NewFile {
  uploadedBy: number | null;
  /** Default: the database's now(). */
  uploadedAt?: Date;
  /** Sanitised already (file-name.ts). */
  fileName: string;
  mediaType: StoredMediaType;
  content: Buffer;
}

const metaColumns = {
  id: runtimeFiles.id,
  uploadedBy: runtimeFiles.uploadedBy,
  uploadedAt: runtimeFiles.uploadedAt,
  fileName: runtimeFiles.fileName,
  mediaType: runtimeFiles.mediaType,
  size: runtimeFiles.size,
  sha256: runtimeFiles.sha256,
  referencedAt: runtimeFiles.referencedAt,
};

export function toStoredFile(row: FileMeta): StoredFile {
  return {
    fileId: row.id,
    name: row.fileName,
    size: row.size,
    mediaType: row.mediaType as StoredMediaType,
  };
}

/** A store failure as the translated error the caller answers (the cause, with the blob's address, is logged). */
function storeError(error: unknown, fileName: string): unknown {
  if (error instanceof BlobMissingError || error instanceof BlobCorruptedError)
    return new AppError('FILE_CONTENT_DAMAGED', { params: { name: fileName } }, { cause: error });
  if (error instanceof FileStoreUnavailableError)
    return new AppError('FILE_STORAGE_UNAVAILABLE', undefined, { cause: error });
  return error;
}

/**
 * Stores a file: its bytes in the file store first (content-addressed, so a repeat is harmless), then its row,
 * in one transaction (a savepoint when `db` already is one). A row rolled back later leaves a blob no row
 * points at, which the orphan sweep removes. The blob's lock (blob-lock.ts), held until the transaction ends,
 * keeps the sweep from removing the blob between the put and the commit. The bytes count against the
 * contracted plan's storage: 409 PLAN_LIMIT_REACHED when they would not fit.
 */
export async function insertFile(db: Db, store: FileStore, file: NewFile): Promise<FileMeta> {
  const { content, ...meta } = file;
  return db.transaction(async (tx) => {
    const sha256 = sha256Of(content);
    await lockBlob(tx, sha256);
    try {
      await store.put(content);
    } catch (error) {
      throw storeError(error, file.fileName);
    }
    await assertCanStoreBytes(tx, content.length);
    const [row] = await tx
      .insert(runtimeFiles)
      .values({ ...meta, size: content.length, sha256, content: null })
      .returning(metaColumns);
    return row!;
  });
}

export async function findFileMeta(db: Db, id: number): Promise<FileMeta | null> {
  const [row] = await db.select(metaColumns).from(runtimeFiles).where(eq(runtimeFiles.id, id)).limit(1);
  return row ?? null;
}

/**
 * The file's bytes (null for an unknown id), checked against its SHA-256: 500 FILE_CONTENT_DAMAGED naming the
 * file when they are missing or damaged, 503 FILE_STORAGE_UNAVAILABLE when the store does not answer.
 */
export async function findFileContent(db: Db, store: FileStore, id: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ content: runtimeFiles.content, sha256: runtimeFiles.sha256, fileName: runtimeFiles.fileName })
    .from(runtimeFiles)
    .where(eq(runtimeFiles.id, id))
    .limit(1);
  if (!row) return null;
  try {
    // A file from before the file store whose bytes the start-up move has not reached yet.
    if (row.content) return verifiedContent(row.sha256, row.content);
    return await store.get(row.sha256);
  } catch (error) {
    throw storeError(error, row.fileName);
  }
}

/** The files among `ids`, in the order of `ids` (unknown ids left out). */
export async function listFileMetas(db: Db, ids: readonly number[]): Promise<FileMeta[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(metaColumns)
    .from(runtimeFiles)
    .where(inArray(runtimeFiles.id, [...new Set(ids)]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Marks files as held by a saved row (an item's field, an attachment …): from now on the orphan sweep asks
 * the reference sources about them instead of removing them as uploads nobody kept.
 */
export async function markFilesReferenced(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(runtimeFiles)
    .set({ referencedAt: sql`coalesce(${runtimeFiles.referencedAt}, now())`, orphanedAt: null })
    .where(inArray(runtimeFiles.id, [...new Set(ids)]));
}
