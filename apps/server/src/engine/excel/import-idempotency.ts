import { IMPORT_IDEMPOTENCY_KEY_TTL_HOURS, type ImportExcelResult } from '@der/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { importIdempotencyKeys } from './import-keys.table.ts';

/** How long a key is remembered (infra/housekeeping prunes older rows). */
export const IMPORT_KEYS_KEPT_MS = IMPORT_IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60 * 1000;
/**
 * A key whose import started this long ago without an answer belongs to an import that never ended (the
 * server stopped mid-way, rolling it back): the next request with the key imports. Far above the longest
 * import (100 000 rows take seconds to a minute or two).
 */
export const STALE_IMPORT_MS = 15 * 60 * 1000;

export interface ImportKeyRequest {
  userId: number;
  key: string;
  fileSha256: string;
  /** `componentId:projectId`. */
  target: string;
  now: Date;
}

/** The request may import (it holds the key now), or the first import's answer is to be repeated. */
export type ImportKeyClaim = { kind: 'import' } | { kind: 'answered'; result: ImportExcelResult };

/**
 * Claims the key for this request. The primary key decides between two racing requests: one inserts and
 * imports; the other finds its row and answers 409 IMPORT_IN_PROGRESS (it does not wait: an import can take a
 * minute, and the web sends a key once per chosen file, so a racing second request is a double submit). A key
 * already answered gives that answer back; a key used with another file or target is 409 IMPORT_KEY_REUSED.
 */
export async function claimImportKey(db: Db, request: ImportKeyRequest): Promise<ImportKeyClaim> {
  const { userId, key, fileSha256, target, now } = request;
  const inserted = await db
    .insert(importIdempotencyKeys)
    .values({ userId, key, fileSha256, target, startedAt: now, result: null })
    .onConflictDoNothing()
    .returning({ key: importIdempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'import' };

  const [row] = await db
    .select()
    .from(importIdempotencyKeys)
    .where(and(eq(importIdempotencyKeys.userId, userId), eq(importIdempotencyKeys.key, key)));
  // Gone in between (released by a refused import, or pruned): try once more from the start.
  if (!row) return claimImportKey(db, request);
  const age = now.getTime() - row.startedAt.getTime();
  const expired = age >= IMPORT_KEYS_KEPT_MS;
  if (!expired) {
    if (row.fileSha256 !== fileSha256 || row.target !== target) throw new AppError('IMPORT_KEY_REUSED');
    if (row.result !== null) return { kind: 'answered', result: row.result as ImportExcelResult };
    if (age < STALE_IMPORT_MS) throw new AppError('IMPORT_IN_PROGRESS');
  }
  // Expired, or an import that never ended: taken over, unless another request took it over first.
  const taken = await db
    .update(importIdempotencyKeys)
    .set({ fileSha256, target, startedAt: now, result: null })
    .where(
      and(
        eq(importIdempotencyKeys.userId, userId),
        eq(importIdempotencyKeys.key, key),
        eq(importIdempotencyKeys.startedAt, row.startedAt),
      ),
    )
    .returning({ key: importIdempotencyKeys.key });
  if (taken.length === 0) throw new AppError('IMPORT_IN_PROGRESS');
  return { kind: 'import' };
}

/** Records the answer, in the import's transaction: the rows and the answer commit (or roll back) together. */
export async function recordImportAnswer(
  tx: Db,
  userId: number,
  key: string,
  result: ImportExcelResult,
): Promise<void> {
  await tx
    .update(importIdempotencyKeys)
    .set({ result })
    .where(and(eq(importIdempotencyKeys.userId, userId), eq(importIdempotencyKeys.key, key)));
}

/**
 * Gives the key back when the import imported nothing (refused rows, a limit, an error): sending the same file
 * again with it runs the import again, which gives the same refusal — nothing to remember.
 */
export async function releaseImportKey(db: Db, userId: number, key: string): Promise<void> {
  await db
    .delete(importIdempotencyKeys)
    .where(
      and(
        eq(importIdempotencyKeys.userId, userId),
        eq(importIdempotencyKeys.key, key),
        isNull(importIdempotencyKeys.result),
      ),
    );
}
