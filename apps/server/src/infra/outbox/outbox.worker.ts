import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isPermanentMailFailure, nextRetryAt, OUTBOX_MAX_ATTEMPTS } from '../mail/outbox.ts';
import { type ActivationEmailData, activationLink } from '../mail/templates/activation.template.ts';
import { type PasswordResetEmailData, passwordResetLink } from '../mail/templates/password-reset.template.ts';
import { type EmailTemplateData, renderEmail } from '../mail/templates/render-email.ts';
import type { EmailPayload, OutboxService } from './outbox.service.ts';
import { type OutboxRow, outbox } from './outbox.table.ts';

/** `last_error` of a message seen while no mail server is configured: it is announced in the log once. */
export const SMTP_NOT_CONFIGURED = 'smtp-not-configured';
export const DEFAULT_OUTBOX_BATCH_SIZE = 10;
/**
 * A claimed message is not picked again for this long: it is being sent outside any transaction. A worker
 * that dies mid-batch leaves its messages to be retried after the lease. The lease is renewed just before each
 * send, and a send gives up long before it ends (the mailer's timeouts), so only a crash between a send and
 * its 'sent' mark sends a message again: at most once more per crash, under the same Message-ID.
 */
export const OUTBOX_LEASE_MS = 10 * 60_000;
/** `last_error` of a message whose every attempt ended with the worker stopping mid-send: given up. */
export const OUTBOX_INTERRUPTED = 'interrupted: the worker stopped during every attempt';
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

/** A row as claimed by this worker: the token of its claim is known. */
type Claimed = OutboxRow & { claimToken: string };

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

  /** Claims due rows under a new token; the rows answered carry it. */
  async function claim(now: Date, due = dueEmails(now)): Promise<Claimed[]> {
    const claimToken = randomUUID();
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
          .set({ nextAttemptAt: new Date(now.getTime() + OUTBOX_LEASE_MS), claimToken })
          .where(
            inArray(
              outbox.id,
              rows.map((row) => row.id),
            ),
          );
      }
      return rows.map((row) => ({ ...row, claimToken }));
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
      // An invitation carries the same kind of link: its owner chooses the first password on that page.
      if (payload.template === 'passwordReset' || payload.template === 'invitation') {
        try {
          const link = passwordResetLink(deps.outbox.openEmailData(payload) as PasswordResetEmailData);
          const what = payload.template === 'invitation' ? 'an invitation' : 'a password-reset';
          log.warn(
            { outboxId: row.id, template: payload.template, link },
            `SMTP is not configured (SMTP_HOST): ${what} e-mail is waiting. To choose the password without e-mail, open ${link}`,
          );
        } catch (error) {
          log.error({ outboxId: row.id, err: error }, 'outbox: a password-reset e-mail could not be read');
        }
        continue;
      }
      // Never the content: a new-password e-mail carries a password.
      log.warn(
        { outboxId: row.id, template: payload.template },
        `SMTP is not configured (SMTP_HOST): a "${payload.template}" e-mail is waiting to be sent`,
      );
    }
    return rows.length;
  }

  /** The row while the claim is still this worker's (nobody claimed it again, it is still pending). */
  const ownedBy = (claimed: Claimed) =>
    and(eq(outbox.id, claimed.id), eq(outbox.claimToken, claimed.claimToken), eq(outbox.status, 'pending'));

  /**
   * Starts one attempt of a claimed row, only while the claim is still this worker's: renews the lease (a
   * batch is sent one row after another, so its last row's lease may have run out and another worker claimed
   * it meanwhile; then it is theirs and null is answered), counts the attempt before it is made (so a row that
   * keeps stopping the worker mid-send still runs out of attempts), and gives an e-mail queued before
   * Message-IDs were stored its own, kept for every later attempt.
   */
  async function startAttempt(claimed: Claimed): Promise<Claimed | null> {
    const [started] = await db
      .update(outbox)
      .set({
        nextAttemptAt: new Date(deps.now().getTime() + OUTBOX_LEASE_MS),
        attempts: sql`${outbox.attempts} + 1`,
        ...(claimed.kind === 'email' && !claimed.messageId
          ? { messageId: sql`coalesce(${outbox.messageId}, ${deps.outbox.newMessageId()})` }
          : {}),
      })
      .where(ownedBy(claimed))
      .returning();
    if (!started) return null;
    return { ...started, claimToken: claimed.claimToken };
  }

  /** Writes the outcome of an attempt of a claimed row, unless another claim took the row meanwhile. */
  async function settle(claimed: Claimed, values: Partial<typeof outbox.$inferInsert>): Promise<void> {
    await db.update(outbox).set(values).where(ownedBy(claimed));
  }

  /** A failed attempt: retried later by the retry policy, or given up when `permanent` or out of attempts. */
  async function retryOrGiveUp(
    row: Claimed,
    error: unknown,
    permanent: boolean,
    result: OutboxRunResult,
  ): Promise<{ retryAt: Date | null; lastError: string }> {
    const retryAt = permanent ? null : nextRetryAt(row.attempts, deps.now(), deps.random);
    const lastError = describeError(error);
    if (retryAt) {
      await settle(row, { nextAttemptAt: retryAt, lastError });
      result.retried++;
    } else {
      await settle(row, { status: 'failed', lastError });
      result.failed++;
    }
    return { retryAt, lastError };
  }

  /**
   * Takes a claimed row for one attempt (startAttempt), or null when it must not be made: another worker
   * owns the row now, or the row has had every attempt already (the worker stopped mid-send each time).
   */
  async function takeForAttempt(claimed: Claimed, result: OutboxRunResult): Promise<Claimed | null> {
    const row = await startAttempt(claimed);
    if (!row || row.attempts <= OUTBOX_MAX_ATTEMPTS) return row;
    await settle(row, { status: 'failed', lastError: OUTBOX_INTERRUPTED });
    log.error({ outboxId: row.id, kind: row.kind }, `outbox: ${OUTBOX_INTERRUPTED}; given up`);
    result.failed++;
    return null;
  }

  async function deliver(mailer: Mailer, claimed: Claimed, result: OutboxRunResult): Promise<void> {
    const payload = claimed.payload as unknown as EmailPayload;
    let message: { subject: string; text: string; html: string };
    try {
      const data = deps.outbox.openEmailData(payload) as EmailTemplateData[typeof payload.template];
      message = renderEmail(payload.template, payload.language, data);
    } catch (error) {
      // A message that cannot be rendered never will be: given up at once.
      await settle(claimed, {
        status: 'failed',
        attempts: claimed.attempts + 1,
        lastError: `render: ${describeError(error)}`,
      });
      log.error({ outboxId: claimed.id, err: error }, 'outbox: an e-mail could not be rendered; given up');
      result.failed++;
      return;
    }

    const row = await takeForAttempt(claimed, result);
    if (!row) return;
    try {
      await mailer.send({
        to: payload.to,
        ...message,
        ...(row.messageId ? { messageId: row.messageId } : {}),
      });
    } catch (error) {
      const { retryAt, lastError } = await retryOrGiveUp(row, error, isPermanentMailFailure(error), result);
      // The recipient stays out of the log (personal data); the row id leads to it.
      log.warn(
        {
          outboxId: row.id,
          attempts: row.attempts,
          retryAt: retryAt?.toISOString() ?? null,
          error: lastError,
        },
        retryAt ? 'e-mail not sent; will retry' : 'e-mail not sent; given up',
      );
      return;
    }
    // Outside the send's try: a failed mark is no failed send. The row stays leased and goes again, with the
    // same Message-ID, when the lease ends.
    await settle(row, { status: 'sent', sentAt: deps.now(), lastError: null });
    log.info({ outboxId: row.id, template: payload.template }, 'e-mail sent');
    result.sent++;
  }

  /** A row of another kind (web push), through its handler; failures follow the same retry policy. */
  async function deliverOther(
    handler: OutboxHandler,
    claimed: Claimed,
    result: OutboxRunResult,
  ): Promise<void> {
    const row = await takeForAttempt(claimed, result);
    if (!row) return;
    let outcome: 'sent' | 'discarded';
    try {
      outcome = await handler(row);
    } catch (error) {
      const { retryAt, lastError } = await retryOrGiveUp(row, error, false, result);
      // Never the payload: a push endpoint is a capability URL.
      log.warn(
        {
          outboxId: row.id,
          kind: row.kind,
          attempts: row.attempts,
          retryAt: retryAt?.toISOString() ?? null,
          error: lastError,
        },
        retryAt ? `${row.kind} not sent; will retry` : `${row.kind} not sent; given up`,
      );
      return;
    }
    if (outcome === 'sent') {
      await settle(row, { status: 'sent', sentAt: deps.now(), lastError: null });
      result.sent++;
    } else {
      await settle(row, { status: 'failed', lastError: 'discarded: cannot be delivered' });
      result.failed++;
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
