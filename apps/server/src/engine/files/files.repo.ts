import type { StoredFile, StoredMediaType } from '@der/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { assertCanStoreBytes } from '../../modules/plan/plan-guards.ts';
import { type RuntimeFileRow, runtimeFiles } from './files.table.ts';

/** A stored file without its content (what access checks and lists need). */
export type FileMeta = Omit<RuntimeFileRow, 'content' | 'orphanedAt'>;

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

/**
 * Stores a file. Its bytes count against the contracted plan's storage: checked in the insert's transaction
 * (a savepoint when `db` already is one), 409 PLAN_LIMIT_REACHED when it would not fit.
 */
export async function insertFile(
  db: Db,
  file: Omit<RuntimeFileRow, 'id' | 'referencedAt' | 'orphanedAt'>,
): Promise<FileMeta> {
  return db.transaction(async (tx) => {
    await assertCanStoreBytes(tx, file.size);
    const [row] = await tx.insert(runtimeFiles).values(file).returning(metaColumns);
    return row!;
  });
}

export async function findFileMeta(db: Db, id: number): Promise<FileMeta | null> {
  const [row] = await db.select(metaColumns).from(runtimeFiles).where(eq(runtimeFiles.id, id)).limit(1);
  return row ?? null;
}

export async function findFileContent(db: Db, id: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ content: runtimeFiles.content })
    .from(runtimeFiles)
    .where(eq(runtimeFiles.id, id))
    .limit(1);
  return row?.content ?? null;
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
