import type { ComponentDefinition } from '@der/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import type { ItemActor } from '../items/create-items.ts';
import type { LockedItem } from '../items/locked-item.ts';
import type { ItemSavedHook } from '../items/save-item.ts';
import { itemWorkCalendars } from '../work-calendars/item-work-calendars.ts';
import { type BulkJobRow, bulkJobItems } from './bulk.table.ts';
import { lockChunkItems } from './bulk-chunk-locks.ts';
import { type BulkItemFailure, bulkItemFailureOf, runBulkItem } from './bulk-item-step.ts';

/** An item as claimed by a worker: the token of its claim is known. */
export interface ClaimedBulkItem {
  id: number;
  jobId: number;
  itemId: number;
  claimToken: string;
}

/** What a chunk needs of its job: the actor and the component, or why every item of it fails. */
export type JobContext =
  | { job: BulkJobRow; actor: ItemActor; component: ComponentDefinition }
  | { job: BulkJobRow; failure: BulkItemFailure };

/** Each item's savepoint in a chunk's transaction. */
const ITEM_SAVEPOINT = 'bulk_item';

export type BulkItemOutcome = 'done' | 'failed' | 'skipped';

export interface ChunkDeps {
  db: Db;
  log: FastifyBaseLogger;
  onItemSaved?: ItemSavedHook | undefined;
}

/**
 * Marks done, in one statement, the chunk's items still held under their claim (not interrupted, not claimed
 * again after the lease), locking their rows in id order — the order interruptBulkJob locks them in, so the two
 * never wait for each other in a circle. Answers the ids held; the others are left alone.
 */
async function markHeldDone(tx: Db, chunk: ClaimedBulkItem[], now: Date): Promise<Set<number>> {
  const held = sql`select ${bulkJobItems.id} from ${bulkJobItems} where ${inArray(
    bulkJobItems.id,
    chunk.map((item) => item.id),
  )} and ${bulkJobItems.claimToken} = ${chunk[0]!.claimToken} and ${bulkJobItems.state} = 'claimed' order by ${bulkJobItems.id} for update`;
  const rows = await tx
    .update(bulkJobItems)
    .set({ state: 'done', finishedAt: now, claimToken: null, leaseUntil: null })
    .where(sql`${bulkJobItems.id} in (${held})`)
    .returning({ id: bulkJobItems.id });
  return new Set(rows.map((row) => row.id));
}

async function recordFailure(tx: Db, id: number, failure: BulkItemFailure, now: Date): Promise<void> {
  await tx
    .update(bulkJobItems)
    .set({
      state: 'failed',
      errorField: failure.field,
      errorCode: failure.code,
      errorMessage: failure.message,
      finishedAt: now,
    })
    .where(eq(bulkJobItems.id, id));
}

/** An item of a chunk written without savepoints failed: nothing of the chunk stays, it runs again with them. */
class ItemFailedWithoutSavepoint extends Error {}

/**
 * The jobs (by their context of this round) an item of which failed: their next chunks take a savepoint per
 * item from the start rather than being written twice. Weak: a round's contexts go with the round.
 */
const jobsWithFailures = new WeakSet<JobContext>();

/**
 * Writes a chunk of one job's claimed items in ONE transaction — one commit for the chunk instead of one per
 * item — each item through the one write path, so each keeps its own result and error. With `savepoints`,
 * each item runs in its own: a refused item rolls back to it and its refusal is recorded in its place.
 * Without (the first try of a chunk: a savepoint is a round trip per item), the first item that fails throws
 * ItemFailedWithoutSavepoint and the caller runs the chunk again with them. The chunk's items are read and
 * locked in one statement where the saves allow it (bulk-chunk-locks.ts). The items are marked done first
 * (under their claim token, their rows locked till the commit), so a crash leaves the whole chunk claimed and
 * never half-written, and another worker resumes it when the lease ends.
 */
async function writeChunk(
  deps: ChunkDeps,
  tx: Db,
  chunk: ClaimedBulkItem[],
  context: JobContext,
  now: Date,
  savepoints: boolean,
): Promise<BulkItemOutcome[]> {
  const held = await markHeldDone(tx, chunk, now);
  const locked =
    'failure' in context
      ? new Map<number, LockedItem>()
      : await lockChunkItems(
          tx,
          context.actor,
          context.component,
          context.job.operation,
          chunk.filter((claimed) => held.has(claimed.id)).map((claimed) => claimed.itemId),
        );
  const outcomes: BulkItemOutcome[] = [];
  const workCalendars = itemWorkCalendars(tx);
  for (const claimed of chunk) {
    if (!held.has(claimed.id)) {
      outcomes.push('skipped');
      continue;
    }
    if ('failure' in context) {
      await recordFailure(tx, claimed.id, context.failure, now);
      outcomes.push('failed');
      continue;
    }
    // Never released: the next item's savepoint of the same name stacks on it (one statement per item, not
    // two), and a rollback to the name returns to the newest one — this item's start, the earlier items kept.
    if (savepoints) await tx.execute(sql.raw(`savepoint ${ITEM_SAVEPOINT}`));
    try {
      const lockedItem = locked.get(claimed.itemId);
      // Used once: an item listed twice reads itself again, after its first save.
      locked.delete(claimed.itemId);
      await runBulkItem(tx, context.actor, context.component, context.job.operation, claimed.itemId, {
        now,
        onItemSaved: deps.onItemSaved,
        locked: lockedItem,
        workCalendars,
      });
      outcomes.push('done');
    } catch (error) {
      if (!savepoints) throw new ItemFailedWithoutSavepoint('a bulk item failed', { cause: error });
      await tx.execute(sql.raw(`rollback to savepoint ${ITEM_SAVEPOINT}`));
      const failure = bulkItemFailureOf(error, context.job.language);
      if (failure.unexpected)
        deps.log.error({ err: error, jobId: claimed.jobId, itemId: claimed.itemId }, 'bulk job item failed');
      await recordFailure(tx, claimed.id, failure, now);
      outcomes.push('failed');
    }
  }
  return outcomes;
}

/** One item whose own transaction failed as a whole: its error recorded, if its claim is still held. */
async function markFailedIfHeld(
  deps: ChunkDeps,
  claimed: ClaimedBulkItem,
  error: unknown,
  context: JobContext,
  now: Date,
): Promise<BulkItemOutcome> {
  const failure = bulkItemFailureOf(error, context.job.language);
  if (failure.unexpected)
    deps.log.error({ err: error, jobId: claimed.jobId, itemId: claimed.itemId }, 'bulk job item failed');
  const [marked] = await deps.db
    .update(bulkJobItems)
    .set({
      state: 'failed',
      errorField: failure.field,
      errorCode: failure.code,
      errorMessage: failure.message,
      finishedAt: now,
      claimToken: null,
      leaseUntil: null,
    })
    .where(
      and(
        eq(bulkJobItems.id, claimed.id),
        eq(bulkJobItems.claimToken, claimed.claimToken),
        eq(bulkJobItems.state, 'claimed'),
      ),
    )
    .returning({ id: bulkJobItems.id });
  return marked ? 'failed' : 'skipped';
}

/**
 * Runs a chunk (items of one job, one claim) and answers each item's outcome in order: first without a
 * savepoint per item, and again with them when one of its items fails (and, for the rest of the round, from
 * the start for that job's chunks); only the run with savepoints records failures. When the chunk's
 * transaction fails as a whole (a deadlock with another job over the same items, a lost connection, a failed
 * commit), nothing of it was written: its items run again one per transaction, so one bad item costs only
 * itself, and an item whose own transaction fails is recorded failed.
 */
export async function runBulkChunk(
  deps: ChunkDeps,
  chunk: ClaimedBulkItem[],
  context: JobContext,
  now: Date,
): Promise<BulkItemOutcome[]> {
  const savepoints = jobsWithFailures.has(context);
  try {
    return await deps.db.transaction((tx) => writeChunk(deps, tx, chunk, context, now, savepoints));
  } catch (error) {
    if (error instanceof ItemFailedWithoutSavepoint) {
      jobsWithFailures.add(context);
      return runBulkChunk(deps, chunk, context, now);
    }
    if (chunk.length === 1) return [await markFailedIfHeld(deps, chunk[0]!, error, context, now)];
    deps.log.warn({ err: error, jobId: chunk[0]!.jobId }, 'bulk chunk failed; its items run one by one');
    const outcomes: BulkItemOutcome[] = [];
    for (const claimed of chunk) outcomes.push(...(await runBulkChunk(deps, [claimed], context, now)));
    return outcomes;
  }
}
