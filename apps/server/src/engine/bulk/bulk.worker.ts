import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { writableComponentOrThrow } from '../items/application-grant.ts';
import type { ItemSavedHook } from '../items/save-item.ts';
import { bulkJobItems, bulkJobs } from './bulk.table.ts';
import { findBulkActor } from './bulk-actor.ts';
import { type ClaimedBulkItem, type JobContext, runBulkChunk } from './bulk-chunk.ts';
import { bulkItemFailureOf } from './bulk-item-step.ts';

export type { ClaimedBulkItem } from './bulk-chunk.ts';

export const DEFAULT_BULK_BATCH_SIZE = 40;
/** One commit (one flush of the write-ahead log) per ten items rather than per item; see bulk-chunk.ts. */
export const DEFAULT_BULK_ITEMS_PER_TRANSACTION = 10;
/**
 * A claimed item not finished by then may be claimed again: its worker died (a crash, a restart). A live
 * worker holds the item's row locked while it writes it, and SKIP LOCKED never hands a locked row to another,
 * so the lease only decides how soon a dead worker's items are resumed.
 */
export const BULK_LEASE_MS = 60_000;

export interface BulkWorkerDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  pollMs: number;
  batchSize?: number;
  /** Transactions written at once: 1 on PGlite (one connection), a few on PostgreSQL. */
  concurrency?: number;
  /** The most items written in one transaction, each in its own savepoint (bulk-chunk.ts). */
  itemsPerTransaction?: number;
  leaseMs?: number;
  /**
   * The most items this worker writes per second (0 or absent: as fast as it can): an operator keeps a large
   * job from crowding the database's other work; the end-to-end tests slow a job down enough to interrupt it.
   */
  itemsPerSecond?: number;
  /** The followers' messages, as for every other writer of the one save. */
  onItemSaved?: ItemSavedHook | undefined;
}

export interface BulkRunResult {
  claimed: number;
  done: number;
  failed: number;
  /** Claimed, but taken back meanwhile (interrupted, or claimed again after the lease). */
  skipped: number;
}

/**
 * Runs the items of bulk jobs. Each round claims a small batch of waiting items (FOR UPDATE SKIP LOCKED with a
 * lease, so several instances on one PostgreSQL share the work), then writes them a chunk per transaction, each
 * item in its own savepoint through the one write path as the job's creator, marked done or failed in that
 * same transaction (bulk-chunk.ts) — a crash leaves the chunk claimed, never half-done, and another worker
 * resumes it when the lease ends. The job's creator and component are read once per job and round; each item
 * is still checked by the write path (visibility, write right, field permissions, rules, the transition).
 */
export function createBulkWorker(deps: BulkWorkerDeps) {
  const { db, log } = deps;
  const batchSize = deps.batchSize ?? DEFAULT_BULK_BATCH_SIZE;
  const concurrency = Math.max(1, deps.concurrency ?? 1);
  const leaseMs = deps.leaseMs ?? BULK_LEASE_MS;
  const itemsPerTransaction = Math.max(1, deps.itemsPerTransaction ?? DEFAULT_BULK_ITEMS_PER_TRANSACTION);
  const chunkDeps = { db, log, onItemSaved: deps.onItemSaved };
  // Each lane spaces its items so that all lanes together stay within the rate.
  const laneIntervalMs = deps.itemsPerSecond ? (1000 * concurrency) / deps.itemsPerSecond : 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let wakeRequested = false;

  /** Claims waiting items (and items whose lease ran out) of open jobs under a new token, in job order. */
  async function claim(now: Date): Promise<ClaimedBulkItem[]> {
    const claimToken = randomUUID();
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: bulkJobItems.id, jobId: bulkJobItems.jobId, itemId: bulkJobItems.itemId })
        .from(bulkJobItems)
        .innerJoin(bulkJobs, eq(bulkJobs.id, bulkJobItems.jobId))
        .where(
          and(
            inArray(bulkJobs.status, ['pending', 'running']),
            // Stated as the partial index's predicate so the planner uses it.
            sql`${bulkJobItems.state} in ('pending', 'claimed')`,
            or(
              eq(bulkJobItems.state, 'pending'),
              and(eq(bulkJobItems.state, 'claimed'), lt(bulkJobItems.leaseUntil, now)),
            ),
          ),
        )
        .orderBy(asc(bulkJobItems.jobId), asc(bulkJobItems.position))
        .limit(batchSize)
        .for('update', { of: bulkJobItems, skipLocked: true });
      if (rows.length === 0) return [];
      await tx
        .update(bulkJobItems)
        .set({
          state: 'claimed',
          claimToken,
          leaseUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${bulkJobItems.attempts} + 1`,
        })
        .where(
          inArray(
            bulkJobItems.id,
            rows.map((row) => row.id),
          ),
        );
      await tx
        .update(bulkJobs)
        .set({ status: 'running' })
        .where(
          and(
            inArray(bulkJobs.id, [...new Set(rows.map((row) => row.jobId))]),
            eq(bulkJobs.status, 'pending'),
          ),
        );
      return rows.map((row) => ({ ...row, claimToken }));
    });
  }

  async function contextOf(jobId: number): Promise<JobContext | null> {
    const [job] = await db.select().from(bulkJobs).where(eq(bulkJobs.id, jobId)).limit(1);
    if (!job) return null;
    const actor = await findBulkActor(db, job.creatorId, job.language);
    if (!actor)
      return { job, failure: bulkItemFailureOf(new AppError('BULK_OPERATION_FORBIDDEN'), job.language) };
    try {
      return { job, actor, component: await writableComponentOrThrow(db, actor, job.componentId) };
    } catch (error) {
      return { job, failure: bulkItemFailureOf(error, job.language) };
    }
  }

  /** Open jobs with no item left to run are finished (whichever worker wrote their last item). */
  async function finishJobs(now: Date): Promise<void> {
    await db
      .update(bulkJobs)
      .set({ status: 'finished', finishedAt: now })
      .where(
        and(
          inArray(bulkJobs.status, ['pending', 'running']),
          sql`not exists (select 1 from ${bulkJobItems} where ${bulkJobItems.jobId} = ${bulkJobs.id} and ${bulkJobItems.state} in ('pending', 'claimed'))`,
        ),
      );
  }

  /**
   * The claimed items cut into chunks of one job each, written one transaction per chunk: at most
   * `itemsPerTransaction`, and small enough that every lane gets one. A paced worker writes one item per
   * transaction, so its pace is the items' and an interruption lands between any two of them.
   */
  function chunksOf(claimed: ClaimedBulkItem[]): ClaimedBulkItem[][] {
    const size =
      laneIntervalMs > 0
        ? 1
        : Math.max(1, Math.min(itemsPerTransaction, Math.ceil(claimed.length / concurrency)));
    const chunks: ClaimedBulkItem[][] = [];
    for (const item of claimed) {
      const last = chunks.at(-1);
      if (last && last.length < size && last[0]!.jobId === item.jobId) last.push(item);
      else chunks.push([item]);
    }
    return chunks;
  }

  /** One round: claims a batch and runs it, `concurrency` chunks at a time, then finishes the jobs done. */
  async function runOnce(): Promise<BulkRunResult> {
    const result: BulkRunResult = { claimed: 0, done: 0, failed: 0, skipped: 0 };
    const now = deps.now();
    const claimed = await claim(now);
    result.claimed = claimed.length;
    const contexts = new Map<number, Promise<JobContext | null>>();
    const queue = chunksOf(claimed);
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const chunk = next;
        const jobId = chunk[0]!.jobId;
        if (!contexts.has(jobId)) contexts.set(jobId, contextOf(jobId));
        const context = await contexts.get(jobId);
        if (!context) continue;
        const started = Date.now();
        const outcomes = await runBulkChunk(chunkDeps, chunk, context, deps.now());
        for (const outcome of outcomes) result[outcome]++;
        const written = outcomes.filter((outcome) => outcome !== 'skipped').length;
        // An item taken back (interrupted) costs nothing: no pause for it.
        const rest = written * laneIntervalMs - (Date.now() - started);
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, lane));
    await finishJobs(now);
    return result;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      wakeRequested = false;
      running = runOnce()
        .then((result) => {
          // A full batch means more may be waiting: go on at once instead of after the interval.
          schedule(result.claimed >= batchSize || wakeRequested ? 0 : deps.pollMs);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'bulk worker round failed');
          schedule(deps.pollMs);
        })
        .finally(() => {
          running = undefined;
        });
    }, delayMs);
    // Never keeps the process alive by itself: shutdown stops it explicitly.
    timer.unref();
  }

  return {
    runOnce,
    claim,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** A job was started or retried here: run now rather than at the next poll. */
    wake() {
      if (stopped) return;
      if (running) {
        wakeRequested = true;
        return;
      }
      if (timer) clearTimeout(timer);
      schedule(0);
    },
    /** Stops claiming and waits for the round in progress; call it before the database closes. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
export type BulkWorker = ReturnType<typeof createBulkWorker>;
