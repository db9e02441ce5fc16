import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, REPO_ROOT } from './config/env.ts';
import { moveFileContentsToStore } from './engine/files/move-to-store.ts';
import { FILE_REFERENCE_SOURCES } from './housekeeping/file-reference-sources.ts';
import { createHousekeepingRound } from './housekeeping/housekeeping-round.ts';
import { createOrphanFileSweep } from './housekeeping/orphan-files.ts';
import { AppSecretsError, loadAppSecrets } from './infra/crypto/app-secrets.ts';
import { KeyMismatchError, verifyInstanceKeys } from './infra/crypto/key-check.ts';
import { type Database, openDatabase } from './infra/db/database.ts';
import { PgliteLockedError } from './infra/db/pglite-lock.ts';
import { withStartupLock } from './infra/db/startup-lock.ts';
import { createHousekeeper, type Housekeeper } from './infra/housekeeping/housekeeper.ts';
import { closeGracefully } from './infra/http/graceful-shutdown.ts';
import { createSmtpMailer } from './infra/mail/mailer.ts';
import { createOutboxWorker, type OutboxWorker } from './infra/outbox/outbox.worker.ts';
import { createPushOutboxHandler, createPushSender, vapidSubjectFor } from './modules/push/push.sender.ts';
import { runSeeds } from './seed/seed.ts';

// `.env` at the repository root, when present; variables already in the environment win.
const envFile = path.join(REPO_ROOT, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

async function start() {
  const config = loadConfig(process.env);
  fs.mkdirSync(config.filesDir, { recursive: true });

  const database: Database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: config.pgliteDir, lockFile: config.pgliteLockFile });
  // A crash or a forced exit must not leave the PGlite lock behind (release is synchronous).
  process.once('exit', () => void database.close().catch(() => {}));

  const secrets = await loadAppSecrets({ dataDir: config.dataDir, env: process.env });
  const app = await buildApp({ config, database, secrets });
  for (const warning of secrets.warnings) app.log.warn(warning);
  // Instances starting together on one PostgreSQL take turns here (migrations, key check, first seed).
  try {
    await withStartupLock(config.databaseUrl, async () => {
      await database.migrate();
      const keys = await verifyInstanceKeys({
        db: database.db,
        secrets,
        dataDir: config.dataDir,
        // A database of an older version has no key check yet: its VAPID key shows which key sealed it.
        probeSealedSecrets: () => app.services.push.getVapidKeys(),
      });
      for (const warning of keys.warnings) app.log.warn(warning);
      await runSeeds(database, {
        demoData: config.seedDemoData,
        log: app.log,
        publicUrl: config.publicUrl,
        now: app.now,
      });
      // The required rows of the onReady hooks (security settings, terms, VAPID keys) under the same lock.
      await app.ready();
      await moveLegacyFileContents();
    });
  } catch (error) {
    // Wrong keys are the operator's to fix: one line (below), no stack.
    if (error instanceof KeyMismatchError) throw error;
    app.log.fatal({ err: error }, 'database set-up failed');
    await database.close();
    process.exit(1);
  }

  /**
   * Files stored before the file store keep their bytes in the database until moved (resumable, a row at a
   * time). A store that fails here (S3 unreachable) does not stop the start: those files are still served
   * from the database, and each housekeeping round moves more.
   */
  async function moveLegacyFileContents() {
    try {
      const result = await moveFileContentsToStore(database.db, app.fileStore);
      if (result.moved > 0 || result.remaining > 0)
        app.log.info({ store: app.fileStore.kind, ...result }, 'moved stored files to the file store');
    } catch (error) {
      app.log.error(
        { err: error, store: app.fileStore.kind },
        'moving stored files to the file store failed',
      );
    }
  }

  let stopping = false;
  let outboxWorker: OutboxWorker | undefined;
  let housekeeper: Housekeeper | undefined;
  async function shutdown(signal: NodeJS.Signals) {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    const deadline = Date.now() + config.shutdownTimeoutMs;
    const leftBefore = (reservedMs: number) => Math.max(50, deadline - reservedMs - Date.now());
    // Whatever hangs below, the process is gone by SHUTDOWN_TIMEOUT_MS.
    setTimeout(() => process.exit(1), config.shutdownTimeoutMs).unref();
    app.log.info(
      { signal, timeoutMs: config.shutdownTimeoutMs },
      'shutting down: finishing requests in flight',
    );
    // Leave a little of the budget for the workers and closing the database.
    const result = await closeGracefully(app, leftBefore(1000));
    if (result === 'timeout') app.log.warn('requests still running at the shutdown deadline were cut');
    // The worker's round in progress finishes first: it writes to the database.
    await Promise.race([
      Promise.all([outboxWorker?.stop(), housekeeper?.stop()]),
      new Promise((resolve) => setTimeout(resolve, Math.min(2000, leftBefore(300)))),
    ]);
    await Promise.race([database.close(), new Promise((resolve) => setTimeout(resolve, leftBefore(50)))]);
    app.log.info('stopped');
    process.exit(result === 'closed' ? 0 : 1);
  }
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
    },
    `DER portal serving at ${config.publicUrl} (API reference: ${config.publicUrl}/api/docs)`,
  );
  if (!config.smtp && (await app.services.emailServer.get()).source === 'none') {
    app.log.warn(
      'SMTP is not configured (SMTP_HOST): e-mails wait in the outbox; activation links go to this log',
    );
  }
  outboxWorker = createOutboxWorker({
    db: database.db,
    outbox: app.services.outbox,
    mailer: config.smtp ? createSmtpMailer(config.smtp) : null,
    // Settings saved in the administration area win over SMTP_* (modules/email-server).
    currentMailer: () => app.services.emailServer.outboxMailer(),
    now: app.now,
    log: app.log.child({ component: 'outbox' }),
    pollMs: config.outboxPollMs,
    handlers: {
      push: createPushOutboxHandler(
        createPushSender({
          push: app.services.push,
          vapidSubject: vapidSubjectFor(config.vapidSubject, config.publicUrl),
        }),
      ),
    },
  });
  housekeeper = createHousekeeper({
    db: database.db,
    now: app.now,
    log: app.log.child({ component: 'housekeeping' }),
    prune: createHousekeepingRound(
      createOrphanFileSweep({
        store: app.fileStore,
        graceMs: config.orphanFileGraceMs,
        sources: FILE_REFERENCE_SOURCES,
      }),
    ),
  });
  if (!stopping) {
    outboxWorker.start();
    housekeeper.start();
    // Resumes the bulk jobs left running by a restart (their items' leases end); app.close stops it.
    app.bulkWorker.start();
    // Resumes the report exports left running by a restart (their lease ends); app.close stops it.
    app.reportWorker.start();
  }
}

start().catch((error: unknown) => {
  // Configuration, lock and key problems are the operator's to fix: a clear message, no stack trace.
  if (
    error instanceof ConfigError ||
    error instanceof PgliteLockedError ||
    error instanceof AppSecretsError ||
    error instanceof KeyMismatchError
  ) {
    console.error(error.message);
  } else {
    console.error('The server failed to start:', error);
  }
  process.exit(1);
});
