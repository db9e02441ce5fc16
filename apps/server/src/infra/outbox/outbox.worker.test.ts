import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { createSmtpMailer, type Mailer } from '../mail/mailer.ts';
import { OUTBOX_MAX_ATTEMPTS } from '../mail/outbox.ts';
import { outbox } from './outbox.table.ts';
import {
  createOutboxWorker,
  OUTBOX_INTERRUPTED,
  OUTBOX_LEASE_MS,
  SMTP_NOT_CONFIGURED,
} from './outbox.worker.ts';

// Queued rows take the database's clock (next_attempt_at default now()): a minute later, they are all due.
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000);
const TOKEN = 'tOkEn-de-ativacao_0123456789abcdefghijklmnopq';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW, config: { publicUrl: 'https://der.example.gov.br' } });
});
afterAll(() => app.close());
afterEach(async () => {
  await app.database.db.delete(outbox);
});

interface LogLine {
  level: string;
  object: Record<string, unknown>;
  message: string;
}

function captureLog(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: string) =>
    (object: Record<string, unknown>, message = '') => {
      lines.push({ level, object, message });
    };
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

async function queueActivation(to = 'maria@exemplo.com.br') {
  await app.services.outbox.enqueueEmail(
    app.database.db,
    {
      to,
      template: 'activation',
      language: 'pt-BR',
      data: {
        platformName: 'DER-UF',
        publicUrl: 'https://der.example.gov.br',
        name: 'MARIA DA SILVA',
        token: TOKEN,
        accountType: 'permissionario',
      },
    },
    { sensitive: true },
  );
}

async function queueNewPassword() {
  await app.services.outbox.enqueueEmail(
    app.database.db,
    {
      to: 'joao@exemplo.com.br',
      template: 'newPassword',
      language: 'pt-BR',
      data: {
        platformName: 'DER-UF',
        publicUrl: 'https://der.example.gov.br',
        name: 'JOÃO',
        login: 'joao@exemplo.com.br',
        newPassword: 'Xk3!senha-temporaria',
      },
    },
    { sensitive: true },
  );
}

async function outboxRows() {
  return app.database.db.select().from(outbox).orderBy(outbox.id);
}

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

async function startSmtpServer(options: Partial<SMTPServerOptions> = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const mailer = createSmtpMailer({
    host: '127.0.0.1',
    port,
    secure: 'none',
    from: 'DER <nao-responda@der.local>',
    timeoutMs: 5000,
  });
  return {
    received,
    mailer,
    async close() {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function worker(mailer: Mailer | null, log = captureLog().log, now = NOW) {
  return createOutboxWorker({
    db: app.database.db,
    outbox: app.services.outbox,
    mailer,
    now: () => now,
    log,
    pollMs: 50,
    random: () => 0.5,
  });
}

/** The Message-ID header of a received message (a long header is folded onto the next line). */
function messageIdOf(mail: ReceivedMail): string | undefined {
  return /^Message-ID: (.*)$/im.exec(mail.raw.replace(/\r\n[ \t]+/g, ' '))?.[1];
}

/** The decoded text of a quoted-printable message body (soft line breaks joined, =XX decoded). */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

describe('outbox worker', () => {
  it('delivers a queued activation e-mail through SMTP with the activation link, and marks it sent', async () => {
    const smtp = await startSmtpServer();
    try {
      await queueActivation();
      const result = await worker(smtp.mailer).runOnce();
      expect(result).toMatchObject({ sent: 1, retried: 0, failed: 0 });

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.from).toBe('nao-responda@der.local');
      expect(mail.to).toEqual(['maria@exemplo.com.br']);
      expect(decodeQuotedPrintable(mail.raw)).toContain(
        `https://der.example.gov.br/activate?token=${encodeURIComponent(TOKEN)}`,
      );

      const [row] = await outboxRows();
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row!.sentAt).toEqual(NOW);
      // Sent once: the next round finds nothing.
      expect((await worker(smtp.mailer).runOnce()).sent).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('schedules a retry when the mail server refuses for now or cannot be reached', async () => {
    const smtp = await startSmtpServer({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
      },
    });
    try {
      await queueActivation();
      const result = await worker(smtp.mailer).runOnce();
      expect(result).toMatchObject({ sent: 0, retried: 1, failed: 0 });
      const [row] = await outboxRows();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      // First retry after 1 minute, with "equal jitter" at 0.5: 45 s.
      expect(row!.nextAttemptAt.getTime() - NOW.getTime()).toBe(45_000);
      expect(row!.lastError).toContain('451');
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }

    // Nothing listening at all: a connection failure is retried as well.
    const unreachable = createSmtpMailer({
      host: '127.0.0.1',
      port: 1,
      secure: 'none',
      from: 'DER <nao-responda@der.local>',
      timeoutMs: 2000,
    });
    await app.database.db.update(outbox).set({ nextAttemptAt: NOW });
    const again = await worker(unreachable).runOnce();
    expect(again.retried).toBe(1);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(NOW.getTime());
  });

  it('gives a message up on a permanent refusal (550) or after the last attempt', async () => {
    const smtp = await startSmtpServer({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      },
    });
    try {
      await queueActivation();
      expect((await worker(smtp.mailer).runOnce()).failed).toBe(1);
      const [row] = await outboxRows();
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    } finally {
      await smtp.close();
    }

    const broken = createSmtpMailer({
      host: '127.0.0.1',
      port: 1,
      secure: 'none',
      from: 'x@y.z',
      timeoutMs: 2000,
    });
    await app.database.db.delete(outbox);
    await queueActivation();
    await app.database.db.update(outbox).set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 });
    expect((await worker(broken).runOnce()).failed).toBe(1);
    const [last] = await outboxRows();
    expect(last).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
  });

  it('leaves messages pending without SMTP and logs the activation link once per message', async () => {
    await queueActivation();
    await queueNewPassword();
    const { log, lines } = captureLog();
    const noSmtp = worker(null, log);

    expect((await noSmtp.runOnce()).announced).toBe(2);
    expect((await noSmtp.runOnce()).announced).toBe(0);

    const warnings = lines.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(2);
    const link = `https://der.example.gov.br/activate?token=${encodeURIComponent(TOKEN)}`;
    expect(warnings[0]!.message).toContain(link);
    expect(warnings[0]!.object.link).toBe(link);
    // A new password is never logged: only that an e-mail waits.
    expect(warnings[1]!.message).toContain('newPassword');
    expect(JSON.stringify(lines)).not.toContain('Xk3!senha-temporaria');
    expect(JSON.stringify(lines)).not.toContain('maria@exemplo.com.br');

    const rows = await outboxRows();
    expect(rows.map((row) => [row.status, row.attempts, row.lastError])).toEqual([
      ['pending', 0, SMTP_NOT_CONFIGURED],
      ['pending', 0, SMTP_NOT_CONFIGURED],
    ]);
    expect(rows.every((row) => row.nextAttemptAt.getTime() <= NOW.getTime())).toBe(true);

    // Once SMTP is configured, the waiting messages go out.
    const smtp = await startSmtpServer();
    try {
      expect((await worker(smtp.mailer).runOnce()).sent).toBe(2);
      expect(smtp.received).toHaveLength(2);
      expect((await outboxRows()).map((row) => [row.status, row.lastError])).toEqual([
        ['sent', null],
        ['sent', null],
      ]);
    } finally {
      await smtp.close();
    }
  });

  it('claims a batch under a lease, so another worker does not send the same message', async () => {
    await queueActivation();
    const smtp = await startSmtpServer();
    try {
      let sends = 0;
      const slow: Mailer = {
        async send(message) {
          sends++;
          // While this one is sending, a second worker's round finds nothing due.
          expect((await worker(smtp.mailer).runOnce()).sent).toBe(0);
          return smtp.mailer.send(message);
        },
        verify: () => smtp.mailer.verify(),
        close: () => {},
      };
      expect((await worker(slow).runOnce()).sent).toBe(1);
      expect(sends).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(OUTBOX_LEASE_MS).toBeGreaterThan(60_000);
    } finally {
      await smtp.close();
    }
  });

  it('polls by itself once started, and stops cleanly', async () => {
    const smtp = await startSmtpServer();
    const running = worker(smtp.mailer);
    try {
      running.start();
      await queueActivation();
      await expect.poll(() => smtp.received.length, { timeout: 5000, interval: 25 }).toBe(1);
    } finally {
      await running.stop();
      await smtp.close();
    }
    const [row] = await outboxRows();
    expect(row!.status).toBe('sent');
  });
  it('gives each queued e-mail its own Message-ID, and sends every attempt with it', async () => {
    await queueActivation('a@exemplo.com.br');
    await queueActivation('b@exemplo.com.br');
    const queued = await outboxRows();
    for (const row of queued) expect(row.messageId).toMatch(/^<[0-9a-f-]{36}@der\.example\.gov\.br>$/);
    expect(queued[0]!.messageId).not.toBe(queued[1]!.messageId);

    const busy = await startSmtpServer({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Try later'), { responseCode: 451 }));
      },
    });
    try {
      expect((await worker(busy.mailer).runOnce()).retried).toBe(2);
    } finally {
      await busy.close();
    }
    const smtp = await startSmtpServer();
    try {
      expect((await worker(smtp.mailer, undefined, new Date(NOW.getTime() + 60_000)).runOnce()).sent).toBe(2);
      const byRecipient = new Map(smtp.received.map((mail) => [mail.to[0], messageIdOf(mail)]));
      expect(byRecipient).toEqual(
        new Map([
          ['a@exemplo.com.br', queued[0]!.messageId],
          ['b@exemplo.com.br', queued[1]!.messageId],
        ]),
      );
    } finally {
      await smtp.close();
    }
    expect((await outboxRows()).map((row) => [row.status, row.attempts, row.messageId])).toEqual(
      queued.map((row) => ['sent', 2, row.messageId]),
    );
  });

  it('sends a message once more, with the same Message-ID, after a worker died between sending and marking it', async () => {
    await queueActivation();
    const smtp = await startSmtpServer();
    try {
      // The first worker hands the message to the mail server, then never goes on: it died before the mark.
      const dying: Mailer = {
        async send(message) {
          await smtp.mailer.send(message);
          return new Promise<never>(() => {});
        },
        verify: () => smtp.mailer.verify(),
        close: () => {},
      };
      void worker(dying).runOnce();
      await expect.poll(() => smtp.received.length, { timeout: 5000, interval: 10 }).toBe(1);
      expect((await worker(smtp.mailer).runOnce()).sent).toBe(0);

      // Once its lease is over, another worker sends it again: the recipient's server sees the same message.
      const afterLease = new Date(NOW.getTime() + OUTBOX_LEASE_MS + 1000);
      expect((await worker(smtp.mailer, undefined, afterLease).runOnce()).sent).toBe(1);
      expect((await worker(smtp.mailer, undefined, afterLease).runOnce()).sent).toBe(0);
      const [row] = await outboxRows();
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.received.map(messageIdOf)).toEqual([row!.messageId, row!.messageId]);
    } finally {
      await smtp.close();
    }
  });

  it('does not send a claimed message that another worker claimed again after the lease ran out', async () => {
    await queueActivation('a@exemplo.com.br');
    await queueActivation('b@exemplo.com.br');
    const smtp = await startSmtpServer();
    try {
      const afterLease = new Date(NOW.getTime() + OUTBOX_LEASE_MS + 1000);
      let late = 0;
      // The first worker's first send outlasts the lease: meanwhile another worker claims and sends both.
      const slow: Mailer = {
        async send(message) {
          if (late++ === 0) expect((await worker(smtp.mailer, undefined, afterLease).runOnce()).sent).toBe(2);
          return smtp.mailer.send(message);
        },
        verify: () => smtp.mailer.verify(),
        close: () => {},
      };
      // It still sends the message it was sending; it skips the rest of its batch.
      expect((await worker(slow).runOnce()).sent).toBe(1);
      // The message being sent while the lease ran out goes twice (under one Message-ID); the next one of the
      // first worker's batch is the other worker's now and is not sent again.
      const recipients = smtp.received.map((mail) => mail.to[0]).sort();
      expect(recipients).toEqual(['a@exemplo.com.br', 'a@exemplo.com.br', 'b@exemplo.com.br']);
      expect(
        new Set(smtp.received.filter((mail) => mail.to[0] === 'a@exemplo.com.br').map(messageIdOf)).size,
      ).toBe(1);
      expect((await outboxRows()).map((row) => row.status)).toEqual(['sent', 'sent']);
    } finally {
      await smtp.close();
    }
  });

  it('gives up a message whose every attempt ended with the worker dying mid-send, without sending it again', async () => {
    await queueActivation();
    // Every attempt was counted when it started and none ended: the worker died during each one.
    await app.database.db.update(outbox).set({ attempts: OUTBOX_MAX_ATTEMPTS });
    const smtp = await startSmtpServer();
    try {
      expect((await worker(smtp.mailer).runOnce()).failed).toBe(1);
      expect(smtp.received).toHaveLength(0);
      const [row] = await outboxRows();
      expect(row).toMatchObject({
        status: 'failed',
        attempts: OUTBOX_MAX_ATTEMPTS + 1,
        lastError: OUTBOX_INTERRUPTED,
      });
    } finally {
      await smtp.close();
    }
  });

  it('gives an e-mail queued before Message-IDs were stored one, kept for its later attempts', async () => {
    await queueActivation();
    await app.database.db.update(outbox).set({ messageId: null });
    const busy = await startSmtpServer({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Try later'), { responseCode: 451 }));
      },
    });
    try {
      expect((await worker(busy.mailer).runOnce()).retried).toBe(1);
    } finally {
      await busy.close();
    }
    const [retried] = await outboxRows();
    expect(retried!.messageId).toMatch(/^<[0-9a-f-]{36}@der\.example\.gov\.br>$/);
    const smtp = await startSmtpServer();
    try {
      expect((await worker(smtp.mailer, undefined, new Date(NOW.getTime() + 60_000)).runOnce()).sent).toBe(1);
      expect(smtp.received.map(messageIdOf)).toEqual([retried!.messageId]);
    } finally {
      await smtp.close();
    }
  });
});
