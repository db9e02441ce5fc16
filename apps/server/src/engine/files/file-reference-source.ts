import type { Db } from '../../infra/db/database.ts';

/**
 * One kind of row that holds stored files (items' BINARY fields, attachment versions …). The orphan sweep
 * (housekeeping/orphan-files.ts) asks every registered source (housekeeping/file-reference-sources.ts) before
 * it removes a file: a file no source holds for longer than the grace period goes, with its blob once no row
 * points at that any more.
 */
export interface FileReferenceSource {
  /** For the logs and tests ('item fields', 'attachments'). */
  readonly name: string;
  /** The ids among `fileIds` that a live row of this source still holds (a deleted item's rows do not count). */
  referencedAmong(db: Db, fileIds: readonly number[]): Promise<Iterable<number>>;
}

/** The ids among `fileIds` that any of `sources` holds. */
export async function heldByAny(
  db: Db,
  sources: readonly FileReferenceSource[],
  fileIds: readonly number[],
): Promise<Set<number>> {
  const held = new Set<number>();
  if (fileIds.length === 0) return held;
  for (const source of sources)
    for (const id of await source.referencedAmong(db, fileIds)) held.add(Number(id));
  return held;
}
