import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createSecretBox } from '../../src/infra/crypto/secret-box.ts';
import { createSmtpMailer } from '../../src/infra/mail/mailer.ts';
import { createOutboxService } from '../../src/infra/outbox/outbox.service.ts';
import { createOutboxWorker } from '../../src/infra/outbox/outbox.worker.ts';
import { connectDatabaseOverIpc } from './ipc-database.ts';

/**
 * The outbox worker alone in a process, for outbox.crash.test.ts to SIGKILL at random moments. Its database
 * is the test's (over IPC); its clock runs CLOCK_OFFSET_MS ahead, so each new process sees the leases of the
 * ones killed before it as over. It says 'ready' once loaded and starts polling at 'go': the test loads the
 * next process while this one works.
 */

const silent = () => {};
const log = { info: silent, warn: silent, error: silent, debug: silent, child: () => log };

const worker = createOutboxWorker({
  db: connectDatabaseOverIpc(),
  // Only sealed e-mails need the key; the test queues none.
  outbox: createOutboxService({
    secretBox: createSecretBox(new Uint8Array(randomBytes(32))),
    publicUrl: 'https://der.example.gov.br',
  }),
  mailer: createSmtpMailer({
    host: '127.0.0.1',
    port: Number(process.env.SMTP_PORT),
    secure: 'none',
    from: 'DER <nao-responda@der.local>',
    timeoutMs: 5000,
  }),
  now: () => new Date(Date.now() + Number(process.env.CLOCK_OFFSET_MS)),
  log: log as unknown as FastifyBaseLogger,
  pollMs: 5,
});
process.on('message', (message: { kind?: string }) => {
  if (message.kind === 'go') worker.start();
});
process.send?.({ kind: 'ready' });
