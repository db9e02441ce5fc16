import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { translateError } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import type { ListViewer } from '../query/listing.service.ts';
import { loadReportDocument } from './report-document.ts';
import { type ReportJobRow, reportJobs } from './report-jobs.table.ts';
import { writeReportPdf } from './report-pdf.ts';
import { getReportSourceOrThrow } from './report-source.ts';
import { writeReportXlsx } from './report-xlsx.ts';

/** A running job's lease: a worker that died (a restart) leaves it to be claimed again after this. */
export const REPORT_LEASE_MS = 60_000;

export interface ReportWorkerDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  pollMs: number;
  databaseKind: 'postgres' | 'pglite';
  leaseMs?: number;
}

/** The job's lease was taken over (it ran out and another worker claimed the job): stop writing. */
class LeaseLost extends Error {}

/** The fields a refusal names ("parameters.periodo"), as its message lists them. */
function fieldsOf(details: unknown): string {
  if (!Array.isArray(details)) return '';
  return details.map((detail: { field?: unknown }) => String(detail?.field ?? '')).join(', ');
}

/** A file name from the report's name: letters, digits and dashes only (Content-Disposition stays plain). */
function fileNameOf(name: string, jobId: number, format: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${base || 'relatorio'}-${jobId}.${format}`;
}

/**
 * Runs report exports, one job at a time per instance. A round claims the oldest pending job, or a running one
 * whose lease ran out (its worker died: the job is resumed by writing it again — an export only reads), with
 * FOR UPDATE SKIP LOCKED so several instances never take the same job. It acts as the job's creator, read
 * again: a disabled account's job fails. Progress (rows written) and the lease are written as it goes; every
 * write of the job checks the claim token, so a worker that lost its lease stops without overwriting.
 */
export function createReportWorker(deps: ReportWorkerDeps) {
  const { db, log } = deps;
  const leaseMs = deps.leaseMs ?? REPORT_LEASE_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let wakeRequested = false;

  async function claim(): Promise<ReportJobRow | null> {
    const token = randomUUID();
    const now = deps.now();
    const [row] = await db
      .update(reportJobs)
      .set({
        status: 'running',
        claimToken: token,
        leaseUntil: new Date(now.getTime() + leaseMs),
        attempts: sql`${reportJobs.attempts} + 1`,
        done: 0,
      })
      .where(
        sql`${reportJobs.id} = (select id from ${reportJobs} where ${reportJobs.status} = 'pending' or (${reportJobs.status} = 'running' and ${reportJobs.leaseUntil} < ${now}) order by id limit 1 for update skip locked)`,
      )
      .returning();
    return row ?? null;
  }

  async function viewerOf(job: ReportJobRow): Promise<ListViewer | null> {
    const [user] = await db
      .select({ isAdministrator: users.isAdministrator, kind: users.kind, disabled: users.disabled })
      .from(users)
      .where(eq(users.id, job.creatorId));
    if (!user || user.disabled) return null;
    return {
      userId: job.creatorId,
      isAdministrator: user.isAdministrator,
      kind: user.kind,
      language: job.language,
    };
  }

  /** Updates the claimed job; LeaseLost when another worker holds it now. */
  async function update(job: ReportJobRow, values: Partial<typeof reportJobs.$inferInsert>): Promise<void> {
    const changed = await db
      .update(reportJobs)
      .set(values)
      .where(and(eq(reportJobs.id, job.id), eq(reportJobs.claimToken, job.claimToken!)))
      .returning({ id: reportJobs.id });
    if (changed.length === 0) throw new LeaseLost();
  }

  async function run(job: ReportJobRow): Promise<void> {
    try {
      const viewer = await viewerOf(job);
      if (!viewer) throw new AppError('NOT_FOUND');
      const source = await getReportSourceOrThrow(db, viewer, job.reportId);
      const document = await loadReportDocument(db, viewer, source, job.parameters, deps.databaseKind);
      await update(job, { total: document.rowCount });
      const onRows = (done: number) =>
        update(job, { done, leaseUntil: new Date(deps.now().getTime() + leaseMs) });
      const content =
        job.format === 'pdf'
          ? await writeReportPdf(document, onRows)
          : await writeReportXlsx(document, onRows);
      await update(job, {
        status: 'finished',
        done: document.rowCount,
        content,
        fileName: fileNameOf(document.info.name, job.id, job.format),
        finishedAt: deps.now(),
        claimToken: null,
        leaseUntil: null,
      });
    } catch (error) {
      if (error instanceof LeaseLost) return;
      // A report refused for its creator (gone, no longer granted, bad parameters now) fails with the reason.
      const message =
        error instanceof AppError
          ? translateError(error.code, job.language, { fields: fieldsOf(error.details) })
          : translateError('INTERNAL_ERROR', job.language);
      if (!(error instanceof AppError)) log.error({ err: error, jobId: job.id }, 'report export failed');
      await update(job, {
        status: 'failed',
        error: message,
        finishedAt: deps.now(),
        claimToken: null,
        leaseUntil: null,
      }).catch(() => undefined);
    }
  }

  /** One round: claims and writes jobs until none is left. Answers how many it ran. */
  async function runOnce(): Promise<number> {
    let count = 0;
    for (let job = await claim(); job; job = await claim()) {
      await run(job);
      count += 1;
    }
    return count;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      wakeRequested = false;
      running = runOnce()
        .then(() => undefined)
        .catch((error: unknown) => log.error({ err: error }, 'report worker round failed'))
        .finally(() => {
          running = undefined;
          schedule(wakeRequested ? 0 : deps.pollMs);
        });
    }, delay);
  }

  return {
    runOnce,
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** A job was queued here: run it now rather than at the next poll. */
    wake(): void {
      if (stopped) return;
      if (running) {
        wakeRequested = true;
        return;
      }
      if (timer) clearTimeout(timer);
      schedule(0);
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type ReportWorker = ReturnType<typeof createReportWorker>;
