import { randomUUID } from 'node:crypto';
import type { ComponentDefinition } from '@der/contracts';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { writableComponentOrThrow } from '../items/application-grant.ts';
import type { ItemActor } from '../items/create-items.ts';
import type { ItemSavedHook } from '../items/save-item.ts';
import { type BulkJobRow, bulkJobItems, bulkJobs } from './bulk.table.ts';
import { findBulkActor } from './bulk-actor.ts';
import { type BulkItemFailure, bulkItemFailureOf, runBulkItem } from './bulk-item-step.ts';

export const DEFAULT_BULK_BATCH_SIZE = 20;
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
  /** Items written at once (each in its own transaction): 1 on PGlite (one connection), a few on PostgreSQL. */
  concurrency?: number;
  leaseMs?: number;
  /**
   * The most items this worker writes per second (0 or absent: as fast as it can): an operator keeps a large
   * job from crowding the database's other work; the end-to-end tests slow a job down enough to interrupt it.
   */
  itemsPerSecond?: number;
  /** The followers' messages, as for every other writer of the one save. */
  onItemSaved?: ItemSavedHook | undefined;
}

/** An item as claimed by this worker: the token of its claim is known. */
export interface ClaimedBulkItem {
  id: number;
  jobId: number;
  itemId: number;
  claimToken: string;
}

export interface BulkRunResult {
  claimed: number;
  done: number;
  failed: number;
  /** Claimed, but taken back meanwhile (interrupted, or claimed again after the lease). */
  skipped: number;
}

/** Every item of a job fails alike (its creator may no longer run it, its component is gone). */
class JobFailure extends Error {
  readonly failure: BulkItemFailure;
  constructor(failure: BulkItemFailure) {
    super(failure.code);
    this.failure = failure;
  }
}

/** What a batch needs of each job: the actor and the component, or why every item of it fails. */
type JobContext =
  | { job: BulkJobRow; actor: ItemActor; component: ComponentDefinition }
  | { job: BulkJobRow; failure: BulkItemFailure };

/**
 * Runs the items of bulk jobs. Each round claims a small batch of waiting items (FOR UPDATE SKIP LOCKED with a
 * lease, so several instances on one PostgreSQL share the work), then writes each in its own transaction
 * through the one write path as the job's creator, marking it done or failed in that same transaction — a
 * crash leaves it claimed, never half-done, and another worker resumes it when the lease ends.
 */
export function createBulkWorker(deps: BulkWorkerDeps) {
  const { db, log } = deps;
  const batchSize = deps.batchSize ?? DEFAULT_BULK_BATCH_SIZE;
  const concurrency = Math.max(1, deps.concurrency ?? 1);
  const leaseMs = deps.leaseMs ?? BULK_LEASE_MS;
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

  /**
   * Writes one claimed item in one transaction whose first statement marks it done under this claim's token
   * (locking its row): an item interrupted or claimed again meanwhile is left alone ('skipped'), and the mark
   * commits with the write or not at all. A refused item rolls back whole; its refusal is then recorded under
   * the same token — unless the claim was lost meanwhile, and then its new holder runs it.
   */
  async function runItem(
    claimed: ClaimedBulkItem,
    context: JobContext,
    now: Date,
  ): Promise<'done' | 'failed' | 'skipped'> {
    const mine = and(
      eq(bulkJobItems.id, claimed.id),
      eq(bulkJobItems.claimToken, claimed.claimToken),
      eq(bulkJobItems.state, 'claimed'),
    );
    let failure: BulkItemFailure;
    try {
      return await db.transaction(async (tx) => {
        const [held] = await tx
          .update(bulkJobItems)
          .set({ state: 'done', finishedAt: now, claimToken: null, leaseUntil: null })
          .where(mine)
          .returning({ id: bulkJobItems.id });
        if (!held) return 'skipped';
        if ('failure' in context) throw new JobFailure(context.failure);
        await runBulkItem(tx, context.actor, context.component, context.job.operation, claimed.itemId, {
          now,
          onItemSaved: deps.onItemSaved,
        });
        return 'done';
      });
    } catch (error) {
      failure = error instanceof JobFailure ? error.failure : bulkItemFailureOf(error, context.job.language);
      if (failure.unexpected)
        log.error({ err: error, jobId: claimed.jobId, itemId: claimed.itemId }, 'bulk job item failed');
    }
    const [marked] = await db
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
      .where(mine)
      .returning({ id: bulkJobItems.id });
    return marked ? 'failed' : 'skipped';
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

  /** One round: claims a batch and runs it, `concurrency` items at a time, then finishes the jobs done. */
  async function runOnce(): Promise<BulkRunResult> {
    const result: BulkRunResult = { claimed: 0, done: 0, failed: 0, skipped: 0 };
    const now = deps.now();
    const claimed = await claim(now);
    result.claimed = claimed.length;
    const contexts = new Map<number, Promise<JobContext | null>>();
    const queue = [...claimed];
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const item = next;
        if (!contexts.has(item.jobId)) contexts.set(item.jobId, contextOf(item.jobId));
        const context = await contexts.get(item.jobId);
        if (!context) continue;
        const started = Date.now();
        const outcome = await runItem(item, context, deps.now());
        result[outcome]++;
        const rest = laneIntervalMs - (Date.now() - started);
        // An item taken back (interrupted) costs nothing: no pause for it.
        if (rest > 0 && outcome !== 'skipped') await new Promise((resolve) => setTimeout(resolve, rest));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane));
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
