import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { FieldValue } from '../items/field-value.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { runtimeFiles } from './files.table.ts';

/** The file ids a BINARY value holds. */
export function fileIds(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((entry): entry is number => typeof entry === 'number') : [];
}

/**
 * The BINARY part of item-references' referenceChecker, run in the saving transaction, over the files a save
 * adds (an update leaves out the ones the item already holds: items.service newReferences). Each must be a file
 * the actor uploaded that no save referenced yet: it is claimed now (referenced_at), so from this save on it is
 * served to the item's viewers and no longer to its uploader alone (a refused save rolls the claim back with
 * everything else). Anything else (another user's upload, an unknown id, a file of another item) makes the
 * field invalid: ids cannot be used to take over, copy or probe someone else's files.
 */
export async function fileReferenceChecker(
  tx: Db,
  viewer: ItemViewer,
  values: readonly FieldValue[],
): Promise<(entry: FieldValue) => boolean> {
  const byField = new Map<string, Set<number>>();
  for (const { field, value } of values) {
    if (field.type !== 'BINARY' || value === null) continue;
    const ids = byField.get(field.key) ?? new Set<number>();
    for (const id of fileIds(value)) ids.add(id);
    byField.set(field.key, ids);
  }
  const allIds = [...new Set([...byField.values()].flatMap((ids) => [...ids]))];
  const accepted = new Map<string, Set<number>>();
  if (allIds.length > 0) {
    const rows = await tx
      .select({
        id: runtimeFiles.id,
        uploadedBy: runtimeFiles.uploadedBy,
        referencedAt: runtimeFiles.referencedAt,
      })
      .from(runtimeFiles)
      .where(inArray(runtimeFiles.id, allIds))
      .for('update');
    const claimable = new Set(
      rows
        .filter((row) => row.referencedAt === null && row.uploadedBy === viewer.userId)
        .map((row) => row.id),
    );
    for (const [key, ids] of byField) accepted.set(key, new Set([...ids].filter((id) => claimable.has(id))));
    if (claimable.size > 0)
      await tx
        .update(runtimeFiles)
        .set({ referencedAt: sql`now()` })
        .where(inArray(runtimeFiles.id, [...claimable]));
  }
  return ({ field, value }) => {
    if (field.type !== 'BINARY' || value === null) return true;
    const known = accepted.get(field.key) ?? new Set<number>();
    return fileIds(value).every((id) => known.has(id));
  };
}
