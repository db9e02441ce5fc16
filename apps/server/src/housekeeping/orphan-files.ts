import { and, asc, gt, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { removeBlobIfUnused } from '../engine/files/blob-removal.ts';
import { type FileReferenceSource, heldByAny } from '../engine/files/file-reference-source.ts';
import { markFilesReferenced } from '../engine/files/files.repo.ts';
import { runtimeFiles } from '../engine/files/files.table.ts';
import { moveFileContentsToStore } from '../engine/files/move-to-store.ts';
import type { Db } from '../infra/db/database.ts';
import type { FileStore } from '../infra/storage/file-store.ts';

/** Files looked at per query (ids sent to each reference source at once). */
const BATCH = 500;
/**
 * Referenced files checked per round, in one question to each source: the item fields' source scans the items
 * of components with BINARY fields whatever the number of ids (~6 s for 500 000 such items on PostgreSQL on a
 * busy 2-core machine, the same for 500 or 2 000 ids), so one large slice beats several small ones.
 */
const CHECKED_PER_ROUND = 2000;
/** Legacy rows whose bytes one round moves to the store (the start-up move does the bulk). */
const MOVED_PER_ROUND = 50;

export interface OrphanFileSweepDeps {
  store: FileStore;
  /** How long a file nothing references is kept (FILES_ORPHAN_GRACE_HOURS). */
  graceMs: number;
  sources: readonly FileReferenceSource[];
  /** How often the store is listed for blobs no row points at (a put whose row was rolled back). */
  blobListingIntervalMs?: number;
}

export type OrphanFileCounts = {
  filesMovedToStore: number;
  orphanFilesRemoved: number;
  filesFoundUnreferenced: number;
  orphanBlobsRemoved: number;
};

/**
 * The housekeeper's sweep of stored files, one call per round:
 * 1. uploads never referenced (`referenced_at` null) older than the grace period go, unless a reference source
 *    holds them after all (then they are marked referenced);
 * 2. referenced files are checked against the sources, a slice per round (a cursor over ids that wraps):
 *    one no source holds gets `orphaned_at`, one held again loses it;
 * 3. files orphaned longer than the grace period, and still held by nothing, go;
 * 4. each removed row's blob goes once no row with its SHA-256 remains (blob-removal.ts);
 * 5. now and then, blobs older than the grace period that no row points at (an insert rolled back after its
 *    put) go too.
 * Several instances may sweep at once: each step re-checks in its own statement, and blobs are removed under
 * their lock. The plan's storage counts the rows' sizes, so it drops with the rows.
 */
export function createOrphanFileSweep(deps: OrphanFileSweepDeps) {
  const listingIntervalMs = deps.blobListingIntervalMs ?? 6 * 60 * 60 * 1000;
  let cursor = 0;
  let lastListingAt = Number.NEGATIVE_INFINITY;

  async function removeRows(db: Db, ids: number[], stillOrphan: 'never referenced' | 'orphaned') {
    if (ids.length === 0) return [];
    const condition =
      stillOrphan === 'never referenced'
        ? isNull(runtimeFiles.referencedAt)
        : isNotNull(runtimeFiles.orphanedAt);
    return db
      .delete(runtimeFiles)
      .where(and(inArray(runtimeFiles.id, ids), condition))
      .returning({ sha256: runtimeFiles.sha256 });
  }

  async function neverReferenced(db: Db, cutoff: Date): Promise<string[]> {
    const rows = await db
      .select({ id: runtimeFiles.id })
      .from(runtimeFiles)
      .where(and(isNull(runtimeFiles.referencedAt), lt(runtimeFiles.uploadedAt, cutoff)))
      .orderBy(asc(runtimeFiles.uploadedAt))
      .limit(BATCH);
    const ids = rows.map((row) => row.id);
    const held = await heldByAny(db, deps.sources, ids);
    await markFilesReferenced(db, [...held]);
    const removed = await removeRows(
      db,
      ids.filter((id) => !held.has(id)),
      'never referenced',
    );
    return removed.map((row) => row.sha256);
  }

  async function checkReferenced(db: Db, now: Date): Promise<number> {
    const rows = await db
      .select({ id: runtimeFiles.id, orphanedAt: runtimeFiles.orphanedAt })
      .from(runtimeFiles)
      .where(and(isNotNull(runtimeFiles.referencedAt), gt(runtimeFiles.id, cursor)))
      .orderBy(asc(runtimeFiles.id))
      .limit(CHECKED_PER_ROUND);
    // The next round goes on after this slice; past the last file, it starts over.
    cursor = rows.length < CHECKED_PER_ROUND ? 0 : rows.at(-1)!.id;
    const held = await heldByAny(
      db,
      deps.sources,
      rows.map((row) => row.id),
    );
    const newlyOrphaned = rows
      .filter((row) => row.orphanedAt === null && !held.has(row.id))
      .map((row) => row.id);
    const heldAgain = rows.filter((row) => row.orphanedAt !== null && held.has(row.id)).map((row) => row.id);
    if (newlyOrphaned.length > 0)
      await db
        .update(runtimeFiles)
        .set({ orphanedAt: now })
        .where(and(inArray(runtimeFiles.id, newlyOrphaned), isNull(runtimeFiles.orphanedAt)));
    if (heldAgain.length > 0)
      await db.update(runtimeFiles).set({ orphanedAt: null }).where(inArray(runtimeFiles.id, heldAgain));
    return newlyOrphaned.length;
  }

  async function expiredOrphans(db: Db, cutoff: Date): Promise<string[]> {
    const rows = await db
      .select({ id: runtimeFiles.id })
      .from(runtimeFiles)
      .where(lt(runtimeFiles.orphanedAt, cutoff))
      .orderBy(asc(runtimeFiles.orphanedAt))
      .limit(BATCH);
    const ids = rows.map((row) => row.id);
    const held = await heldByAny(db, deps.sources, ids);
    if (held.size > 0)
      await db
        .update(runtimeFiles)
        .set({ orphanedAt: null })
        .where(inArray(runtimeFiles.id, [...held]));
    const removed = await removeRows(
      db,
      ids.filter((id) => !held.has(id)),
      'orphaned',
    );
    return removed.map((row) => row.sha256);
  }

  /** Blobs older than `cutoff` that no row points at, a page of the listing at a time. */
  async function unownedBlobs(db: Db, cutoff: Date): Promise<number> {
    let removed = 0;
    let page: string[] = [];
    const flush = async () => {
      const owned = new Set(
        (
          await db
            .selectDistinct({ sha256: runtimeFiles.sha256 })
            .from(runtimeFiles)
            .where(inArray(runtimeFiles.sha256, page))
        ).map((row) => row.sha256),
      );
      for (const sha256 of page)
        if (!owned.has(sha256) && (await removeBlobIfUnused(db, deps.store, sha256))) removed += 1;
      page = [];
    };
    for await (const blob of deps.store.list()) {
      if (blob.modifiedAt.getTime() >= cutoff.getTime()) continue;
      page.push(blob.sha256);
      if (page.length >= BATCH) await flush();
    }
    if (page.length > 0) await flush();
    return removed;
  }

  return async function sweepOrphanFiles(db: Db, now: Date): Promise<OrphanFileCounts> {
    const cutoff = new Date(now.getTime() - deps.graceMs);
    const moved = await moveFileContentsToStore(db, deps.store, { maxRows: MOVED_PER_ROUND });
    const removedShas = [...(await neverReferenced(db, cutoff))];
    const found = await checkReferenced(db, now);
    removedShas.push(...(await expiredOrphans(db, cutoff)));
    let blobsRemoved = 0;
    for (const sha256 of new Set(removedShas))
      if (await removeBlobIfUnused(db, deps.store, sha256)) blobsRemoved += 1;
    // (A clock set back also lists: the interval cannot be trusted then.)
    if (now.getTime() - lastListingAt >= listingIntervalMs || now.getTime() < lastListingAt) {
      lastListingAt = now.getTime();
      blobsRemoved += await unownedBlobs(db, cutoff);
    }
    return {
      filesMovedToStore: moved.moved,
      orphanFilesRemoved: removedShas.length,
      filesFoundUnreferenced: found,
      orphanBlobsRemoved: blobsRemoved,
    };
  };
}
export type OrphanFileSweep = ReturnType<typeof createOrphanFileSweep>;
