import type { FastifyInstance } from 'fastify';
import { authPlugin } from '../infra/auth/auth.plugin.ts';
import { compressionPlugin } from '../infra/http/compression.plugin.ts';
import { errorHandlerPlugin } from '../infra/http/error-handler.plugin.ts';
import { openApiPlugin } from '../infra/http/openapi.plugin.ts';
import { requestContextPlugin } from '../infra/http/request-context.plugin.ts';
import { securityHeadersPlugin } from '../infra/http/security-headers.plugin.ts';
import type { AppComposition } from './app-composition.ts';

/**
 * The infrastructure every route relies on, registered before any route: their hooks and the one error
 * handler apply only to what is added after them.
 */
export async function registerInfraPlugins(app: FastifyInstance, composition: AppComposition): Promise<void> {
  const { config, version } = composition;
  const { sessions, securitySettings, platform, terms } = composition.services;

  // First: it hooks every route added after it (brotli/gzip of JSON and pages, see compression.plugin.ts).
  await app.register(compressionPlugin);
  await app.register(requestContextPlugin);
  await app.register(securityHeadersPlugin, { hsts: config.publicUrl.startsWith('https://') });
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, {
    sessions,
    securitySettings,
    platform,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  // Required identity rows (security settings, terms of use v1), not demo data: written at every start once
  // the migrations ran (main.ts migrates before listen; tests before buildApp). Idempotent.
  app.addHook('onReady', async () => {
    await securitySettings.ensure();
    await terms.ensure();
  });
  await app.register(openApiPlugin, { version, publicUrl: config.publicUrl });
}
