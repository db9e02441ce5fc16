import { createHash } from 'node:crypto';
import type { ImportExcelResult } from '@der/contracts';
import { type ImportTarget, importXlsx } from './excel-import.ts';
import { claimImportKey, recordImportAnswer, releaseImportKey } from './import-idempotency.ts';

/**
 * importXlsx under an idempotency key (import-idempotency.ts): the first request with the key imports and
 * its successful answer is recorded in the same transaction as the rows; a repeat with the same file answers
 * that record without importing; an import that kept nothing gives the key back.
 */
export async function importXlsxOnce(
  target: ImportTarget,
  content: Buffer,
  key: string,
): Promise<ImportExcelResult> {
  const { db, actor } = target;
  const claim = await claimImportKey(db, {
    userId: actor.userId,
    key,
    fileSha256: createHash('sha256').update(content).digest('hex'),
    target: `${target.component.definition.id}:${target.projectId ?? ''}`,
    now: target.now,
  });
  if (claim.kind === 'answered') return claim.result;
  let result: ImportExcelResult;
  try {
    result = await importXlsx(
      { ...target, recordResult: (tx, answer) => recordImportAnswer(tx, actor.userId, key, answer) },
      content,
    );
  } catch (error) {
    await releaseImportKey(db, actor.userId, key);
    throw error;
  }
  if (!result.success) await releaseImportKey(db, actor.userId, key);
  return result;
}
