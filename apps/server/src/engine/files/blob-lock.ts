import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';

/**
 * The first key of the two-key advisory locks on blobs (the one-key locks of plan-guards are another space).
 * Any constant; the second key is the hash of the blob's SHA-256.
 */
const BLOB_LOCK_SPACE = 4242;

/**
 * Serialises, per blob, the writers of rows that point at it (insertFile: put, then insert) and the orphan sweep
 * (no row left, then delete): whichever comes second sees what the first did. Held until the transaction ends.
 * Two blobs whose hashes collide only wait for each other.
 */
export async function lockBlob(tx: Db, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BLOB_LOCK_SPACE}, hashtext(${sha256}))`);
}
