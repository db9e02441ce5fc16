import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import { authPlugin } from './infra/auth/auth.plugin.ts';
import type { AppSecrets } from './infra/crypto/app-secrets.ts';
import { createSecretBox, type SecretBox } from './infra/crypto/secret-box.ts';
import type { Database } from './infra/db/database.ts';
import { errorHandlerPlugin } from './infra/http/error-handler.plugin.ts';
import { buildLoggerOptions, type LogStream } from './infra/http/logger.ts';
import { openApiPlugin } from './infra/http/openapi.plugin.ts';
import { requestContextPlugin } from './infra/http/request-context.plugin.ts';
import { securityHeadersPlugin } from './infra/http/security-headers.plugin.ts';
import { serializerCompilerWithCache } from './infra/http/serialized-json.ts';
import { createOutboxService, type OutboxService } from './infra/outbox/outbox.service.ts';
import { spaPlugin } from './infra/spa/spa.plugin.ts';
import { type AuditService, createAuditService } from './modules/audit/audit.service.ts';
import { healthPlugin } from './modules/health/health.plugin.ts';
import { createHealthService, type HealthService } from './modules/health/health.service.ts';
import { platformPlugin } from './modules/platform/platform.plugin.ts';
import { createPlatformRepo } from './modules/platform/platform.repo.ts';
import { createPlatformService, type PlatformService } from './modules/platform/platform.service.ts';
import { SERVER_VERSION } from './version.ts';

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
}

export interface AppServices {
  platform: PlatformService;
  health: HealthService;
  audit: AuditService;
  outbox: OutboxService;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    services: AppServices;
    secretBox: SecretBox;
    now: () => Date;
  }
}

/**
 * The whole HTTP application: infrastructure plugins first, then the domain modules, then the SPA (its
 * not-found handler is the fallback of every other path). No listen and no process.*: main.ts and the tests
 * own those. Not yet `ready()`: a test may still add routes before its first inject.
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
  const secretBox = createSecretBox(deps.secrets.encryptionKey);
  const services: AppServices = {
    platform: createPlatformService({ repo: createPlatformRepo(database.db) }),
    health: createHealthService({ database, version }),
    audit: createAuditService({ now }),
    outbox: createOutboxService({ secretBox }),
  };
  app.decorate('database', database);
  app.decorate('services', services);
  app.decorate('secretBox', secretBox);
  app.decorate('now', now);

  await app.register(requestContextPlugin);
  await app.register(securityHeadersPlugin, { hsts: config.publicUrl.startsWith('https://') });
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin);
  await app.register(openApiPlugin, { version, publicUrl: config.publicUrl });

  await app.register(healthPlugin, { service: services.health });
  await app.register(platformPlugin, { service: services.platform });

  await app.register(spaPlugin, { distDir: config.webDistDir });
  return app;
}
