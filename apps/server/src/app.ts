import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type AppServices, createAppComposition } from './composition/app-composition.ts';
import { registerEnginePlugins } from './composition/register-engine-plugins.ts';
import { registerInfraPlugins } from './composition/register-infra-plugins.ts';
import { registerModulePlugins } from './composition/register-module-plugins.ts';
import type { AppConfig } from './config/env.ts';
import type { BulkWorker } from './engine/bulk/bulk.worker.ts';
import type { ReportWorker } from './engine/reports/report-worker.ts';
import type { AppSecrets } from './infra/crypto/app-secrets.ts';
import type { SecretBox } from './infra/crypto/secret-box.ts';
import type { Database } from './infra/db/database.ts';
import { buildLoggerOptions, type LogStream } from './infra/http/logger.ts';
import { serializerCompilerWithCache } from './infra/http/serialized-json.ts';
import { spaPlugin } from './infra/spa/spa.plugin.ts';
import { createFileStore } from './infra/storage/create-file-store.ts';
import type { FileStore } from './infra/storage/file-store.ts';
import { SERVER_VERSION } from './version.ts';

export type { AppServices } from './composition/app-composition.ts';

export interface AppDeps {
  config: AppConfig;
  /** Opened and migrated by the caller, who also closes it (after the app). */
  database: Database;
  /** The instance's keys (JWT signing, encryption at rest): loadAppSecrets in main.ts, random in tests. */
  secrets: AppSecrets;
  /** The clock every service reads; tests pass a fixed one. */
  now?: () => Date;
  version?: string;
  /** Where log lines go (default stdout); tests pass one to read them. */
  logStream?: LogStream;
  /** Where stored files' bytes go; default: the one config.fileStorage names (closed with the app). */
  fileStore?: FileStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    services: AppServices;
    secretBox: SecretBox;
    now: () => Date;
    /** This instance's runner of bulk jobs: main.ts starts it, tests run its rounds themselves. */
    bulkWorker: BulkWorker;
    /** This instance's runner of report exports: main.ts starts it, tests run its rounds themselves. */
    reportWorker: ReportWorker;
    /** The bytes of stored files (infra/storage); services that store or read files receive it. */
    fileStore: FileStore;
  }
}

/**
 * The whole HTTP application: infrastructure plugins first, then the domain modules, then the runtime engine,
 * then the SPA (its not-found handler is the fallback of every other path). No listen and no process.*:
 * main.ts and the tests own those. Not yet `ready()`: a test may still add routes before its first inject.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const version = deps.version ?? SERVER_VERSION;

  const app = Fastify({
    logger: buildLoggerOptions(config.logLevel, deps.logStream),
    genReqId: () => randomUUID(),
    // In-flight requests finish and new ones get our JSON 503 (request-context), not Fastify's plain one.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompilerWithCache);

  const now = deps.now ?? (() => new Date());
  const ownFileStore = deps.fileStore ? undefined : createFileStore(config.fileStorage);
  const fileStore = deps.fileStore ?? ownFileStore!;
  app.decorate('fileStore', fileStore);
  app.addHook('onClose', async () => ownFileStore?.close());
  const composition = createAppComposition({
    config,
    database,
    secrets: deps.secrets,
    now,
    fileStore,
    version,
  });
  app.decorate('database', database);
  app.decorate('services', composition.services);
  app.decorate('secretBox', composition.secretBox);
  app.decorate('now', now);

  // This order is the hooks' order: each area's routes see the hooks and decorators of the areas before it.
  await registerInfraPlugins(app, composition);
  await registerModulePlugins(app, composition);
  await registerEnginePlugins(app, composition);
  await app.register(spaPlugin, { distDir: config.webDistDir });
  return app;
}
