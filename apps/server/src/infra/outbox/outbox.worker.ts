import { and, asc, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isPermanentMailFailure, nextRetryAt } from '../mail/outbox.ts';
import { type ActivationEmailData, activationLink } from '../mail/templates/activation.template.ts';
import { type EmailTemplateData, renderEmail } from '../mail/templates/render-email.ts';
import type { EmailPayload, OutboxService } from './outbox.service.ts';
import { type OutboxRow, outbox } from './outbox.table.ts';

/** `last_error` of a message seen while no mail server is configured: it is announced in the log once. */
export const SMTP_NOT_CONFIGURED = 'smtp-not-configured';
export const DEFAULT_OUTBOX_BATCH_SIZE = 10;
/**
 * A claimed message is not picked again for this long: it is being sent outside any transaction. A worker
 * that dies mid-batch leaves its messages to be retried after the lease (at-least-once delivery).
 */
export const OUTBOX_LEASE_MS = 10 * 60_000;
const MAX_ERROR_LENGTH = 500;

export interface OutboxWorkerDeps {
  db: Db;
  outbox: OutboxService;
  /** null when no mail server is configured: messages wait, and the log says how to go on without one. */
  mailer: Mailer | null;
  /**
   * The mailer of the settings saved in the administration area, asked at each round: when it gives one, it
   * wins over `mailer` (the environment's); null falls back to `mailer`.
   */
  currentMailer?: () => Promise<Mailer | null>;
  now: () => Date;
  log: FastifyBaseLogger;
  pollMs: number;
  batchSize?: number;
  /** Jitter source of the retry delays (tests fix it). */
  random?: () => number;
  /** Senders of the rows of other kinds (web push), by kind; rows of a kind without one stay pending. */
  handlers?: Partial<Record<Exclude<OutboxRow['kind'], 'email'>, OutboxHandler>>;
}

/**
 * Delivers one row of a kind other than e-mail: 'sent', or 'discarded' when it can never be delivered (a push
 * subscription that is gone) and must not be retried. Throwing schedules a retry by the e-mail policy.
 */
export type OutboxHandler = (row: OutboxRow) => Promise<'sent' | 'discarded'>;

export interface OutboxRunResult {
  sent: number;
  retried: number;
  failed: number;
  /** Messages announced in the log because there is no mail server. */
  announced: number;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
    const prefix = [code, responseCode].filter((part) => part !== undefined && part !== null).join(' ');
    return `${prefix ? `${prefix}: ` : ''}${error.message}`.slice(0, MAX_ERROR_LENGTH);
  }
  return String(error).slice(0, MAX_ERROR_LENGTH);
}

/**
 * Delivers the e-mails of the outbox. Each round claims a small batch of due messages in a short transaction
 * (FOR UPDATE SKIP LOCKED, so several instances never take the same row) by pushing their next attempt past
 * a lease, then sends them outside it: a slow mail server must not hold a transaction open (PGlite has one
 * connection), and a crash mid-send only delays the message until the lease ends.
 */
export function createOutboxWorker(deps: OutboxWorkerDeps) {
  const batchSize = deps.batchSize ?? DEFAULT_OUTBOX_BATCH_SIZE;
  const { db, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  const dueEmails = (now: Date) =>
    and(eq(outbox.kind, 'email'), eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now));

  async function claim(now: Date, due = dueEmails(now)): Promise<OutboxRow[]> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outbox)
        .where(due)
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (rows.length > 0) {
        await tx
          .update(outbox)
          .set({ nextAttemptAt: new Date(now.getTime() + OUTBOX_LEASE_MS) })
          .where(
            inArray(
              outbox.id,
              rows.map((row) => row.id),
            ),
          );
      }
      return rows;
    });
  }

  /** Without a mail server: mark each waiting message once and say in the log what to do. */
  async function announceWaiting(now: Date): Promise<number> {
    const rows = await db.transaction(async (tx) => {
      const found = await tx
        .select()
        .from(outbox)
        .where(and(dueEmails(now), or(isNull(outbox.lastError), ne(outbox.lastError, SMTP_NOT_CONFIGURED))))
        .orderBy(asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (found.length > 0) {
        await tx
          .update(outbox)
          .set({ lastError: SMTP_NOT_CONFIGURED })
          .where(
            inArray(
              outbox.id,
              found.map((row) => row.id),
            ),
          );
      }
      return found;
    });
    for (const row of rows) {
      const payload = row.payload as unknown as EmailPayload;
      if (payload.template === 'activation') {
        try {
          const data = deps.outbox.openEmailData(payload) as ActivationEmailData;
          const link = activationLink(data);
          log.warn(
            { outboxId: row.id, template: payload.template, link },
            `SMTP is not configured (SMTP_HOST): an account activation e-mail is waiting. To activate the account without e-mail, open ${link}`,
          );
          continue;
        } catch (error) {
          log.error({ outboxId: row.id, err: error }, 'outbox: an activation e-mail could not be read');
          continue;
        }
      }
      // Never the content: a new-password e-mail carries a password.
      log.warn(
        { outboxId: row.id, template: payload.template },
        `SMTP is not configured (SMTP_HOST): a "${payload.template}" e-mail is waiting to be sent`,
      );
    }
    return rows.length;
  }

  async function deliver(mailer: Mailer, row: OutboxRow, result: OutboxRunResult): Promise<void> {
    const payload = row.payload as unknown as EmailPayload;
    const attempts = row.attempts + 1;
    let message: { subject: string; text: string; html: string };
    try {
      const data = deps.outbox.openEmailData(payload) as EmailTemplateData[typeof payload.template];
      message = renderEmail(payload.template, payload.language, data);
    } catch (error) {
      // A message that cannot be rendered never will be: given up at once.
      await db
        .update(outbox)
        .set({ status: 'failed', attempts, lastError: `render: ${describeError(error)}` })
        .where(eq(outbox.id, row.id));
      log.error({ outboxId: row.id, err: error }, 'outbox: an e-mail could not be rendered; given up');
      result.failed++;
      return;
    }

    try {
      await mailer.send({ to: payload.to, ...message });
      await db
        .update(outbox)
        .set({ status: 'sent', attempts, sentAt: deps.now(), lastError: null })
        .where(eq(outbox.id, row.id));
      log.info({ outboxId: row.id, template: payload.template }, 'e-mail sent');
      result.sent++;
    } catch (error) {
      const retryAt = isPermanentMailFailure(error) ? null : nextRetryAt(attempts, deps.now(), deps.random);
      const lastError = describeError(error);
      if (retryAt) {
        await db
          .update(outbox)
          .set({ attempts, nextAttemptAt: retryAt, lastError })
          .where(eq(outbox.id, row.id));
        result.retried++;
      } else {
        await db.update(outbox).set({ status: 'failed', attempts, lastError }).where(eq(outbox.id, row.id));
        result.failed++;
      }
      // The recipient stays out of the log (personal data); the row id leads to it.
      log.warn(
        { outboxId: row.id, attempts, retryAt: retryAt?.toISOString() ?? null, error: lastError },
        retryAt ? 'e-mail not sent; will retry' : 'e-mail not sent; given up',
      );
    }
  }

  /** A row of another kind (web push), through its handler; failures follow the same retry policy. */
  async function deliverOther(
    handler: OutboxHandler,
    row: OutboxRow,
    result: OutboxRunResult,
  ): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      const outcome = await handler(row);
      if (outcome === 'sent') {
        await db
          .update(outbox)
          .set({ status: 'sent', attempts, sentAt: deps.now(), lastError: null })
          .where(eq(outbox.id, row.id));
        result.sent++;
      } else {
        await db
          .update(outbox)
          .set({ status: 'failed', attempts, lastError: 'discarded: cannot be delivered' })
          .where(eq(outbox.id, row.id));
        result.failed++;
      }
    } catch (error) {
      const retryAt = nextRetryAt(attempts, deps.now(), deps.random);
      const lastError = describeError(error);
      if (retryAt) {
        await db
          .update(outbox)
          .set({ attempts, nextAttemptAt: retryAt, lastError })
          .where(eq(outbox.id, row.id));
        result.retried++;
      } else {
        await db.update(outbox).set({ status: 'failed', attempts, lastError }).where(eq(outbox.id, row.id));
        result.failed++;
      }
      // Never the payload: a push endpoint is a capability URL.
      log.warn(
        {
          outboxId: row.id,
          kind: row.kind,
          attempts,
          retryAt: retryAt?.toISOString() ?? null,
          error: lastError,
        },
        retryAt ? `${row.kind} not sent; will retry` : `${row.kind} not sent; given up`,
      );
    }
  }

  /** One round: what is due now, up to a batch (of e-mails, and of each other kind with a handler). */
  async function runOnce(): Promise<OutboxRunResult> {
    const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0, announced: 0 };
    const now = deps.now();
    const mailer = (await deps.currentMailer?.()) ?? deps.mailer;
    if (!mailer) {
      result.announced = await announceWaiting(now);
    } else {
      const rows = await claim(now);
      for (const row of rows) await deliver(mailer, row, result);
    }
    for (const [kind, handler] of Object.entries(deps.handlers ?? {})) {
      if (!handler) continue;
      const due = and(
        eq(outbox.kind, kind as OutboxRow['kind']),
        eq(outbox.status, 'pending'),
        lte(outbox.nextAttemptAt, now),
      );
      for (const row of await claim(now, due)) await deliverOther(handler, row, result);
    }
    return result;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .then((result) => {
          const handled = result.sent + result.retried + result.failed + result.announced;
          // A full batch means more may be waiting: go on at once instead of after the interval.
          schedule(handled >= batchSize ? 0 : deps.pollMs);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'outbox worker round failed');
          schedule(deps.pollMs);
        })
        .finally(() => {
          running = undefined;
        });
    }, delayMs);
    // The worker never keeps the process alive by itself: shutdown stops it explicitly.
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Stops polling and waits for the round in progress; call it before the database closes. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      deps.mailer?.close();
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
