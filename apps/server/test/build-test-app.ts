import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config/env.ts';
import type { AppSecrets } from '../src/infra/crypto/app-secrets.ts';
import { type Database, openDatabase } from '../src/infra/db/database.ts';
import type { LogStream } from '../src/infra/http/logger.ts';
import { runSeeds } from '../src/seed/seed.ts';

export interface TestAppOverrides {
  config?: Partial<AppConfig>;
  /** A fixed clock for every service. */
  now?: () => Date;
  logStream?: LogStream;
  /** Load the demo data set too (default: only the required rows; tests build what they need). */
  demoData?: boolean;
}

/**
 * A database for one test file, migrated: in-memory PGlite started from the run's migrated template
 * (test/global-setup.ts), or — when TEST_DATABASE_URL is set (CI) — a fresh
 * uniquely named database on that PostgreSQL server, dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const templatePath = inject('pgliteTemplatePath');
    const database = await openDatabase({
      kind: 'pglite',
      ...(templatePath ? { initialData: new Blob([await readFile(templatePath)]) } : {}),
    });
    // Nothing left to apply when the template is current; applies everything on an empty cluster.
    await database.migrate();
    return database;
  }

  const name = `der_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** Fresh random keys: nothing a test signs or seals outlives it. */
export function testSecrets(): AppSecrets {
  return {
    jwtSigningKey: new Uint8Array(randomBytes(32)),
    encryptionKey: new Uint8Array(randomBytes(32)),
    sources: { jwtSigningKey: 'created', encryptionKey: 'created' },
    warnings: [],
  };
}

/** Configuration for tests: quiet logs, a data folder and web dist that do not exist unless a test makes them. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `der-test-${randomUUID()}`),
    WEB_DIST_DIR: path.join(os.tmpdir(), `der-test-missing-dist-${randomUUID()}`),
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
  });
  return { ...base, ...overrides };
}

/**
 * The app on a migrated test database with the required rows seeded, not yet ready (a test may add routes
 * before its first inject). Closing the app closes and, on PostgreSQL, drops the database.
 */
export async function buildTestApp(overrides: TestAppOverrides = {}): Promise<FastifyInstance> {
  const config = testConfig(overrides.config);
  const database = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    secrets: testSecrets(),
    ...(overrides.now ? { now: overrides.now } : {}),
    ...(overrides.logStream ? { logStream: overrides.logStream } : {}),
  });
  app.addHook('onClose', async () => {
    await database.close();
  });
  // After the app, as main.ts seeds: the demo AETs are issued through the workflow, whose documents need the
  // file store and signer the app wires (setDocumentGeneration).
  await runSeeds(database, {
    demoData: overrides.demoData ?? false,
    publicUrl: config.publicUrl,
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  return app;
}
