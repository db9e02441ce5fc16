import { permissionarioRoutes, requerenteRoutes } from '@der/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, onRequestHookHandler } from 'fastify';
import { pickLanguage } from '../../i18n/language.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { AccountsService, RequestMeta } from './accounts.service.ts';

/** A per-IP limiter (infra/auth/rate-limit.ts): answers 429 RATE_LIMITED before the body is parsed. */
export type RateLimitHook = onRequestHookHandler;

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, language: pickLanguage(request.headers['accept-language']) };
}

/** Registers the routes `register` adds in a child scope that runs the limiter first (when there is one). */
export async function withRateLimit(
  app: FastifyInstance,
  rateLimit: RateLimitHook | undefined,
  register: (scope: FastifyInstance) => void,
) {
  await app.register(async (scope) => {
    if (rateLimit) scope.addHook('onRequest', rateLimit);
    register(scope);
  });
}

/** Public registration and activation of permissionários and requerentes (spec §7.1). */
export const accountsPlugin: FastifyPluginAsync<{
  service: AccountsService;
  rateLimit?: RateLimitHook;
}> = async (app, { service, rateLimit }) => {
  // Each registration hashes a password and sends an e-mail: limited per IP against floods.
  await withRateLimit(app, rateLimit, (scope) => {
    registerRoute(scope, permissionarioRoutes.registerNewPermissionario, (request) =>
      service.registerPermissionario(request.body, requestMeta(request)),
    );
    registerRoute(scope, requerenteRoutes.registerNewRequerente, (request) =>
      service.registerRequerente(request.body, requestMeta(request)),
    );
  });

  registerRoute(app, permissionarioRoutes.getByToken, (request) =>
    service.lookupActivationToken('permissionario', request.body.token),
  );
  registerRoute(app, requerenteRoutes.getByToken, (request) =>
    service.lookupActivationToken('requerente', request.body.token),
  );
  registerRoute(app, permissionarioRoutes.activate, (request) =>
    service.activate('permissionario', request.query.token, requestMeta(request)),
  );
  registerRoute(app, requerenteRoutes.activate, (request) =>
    service.activate('requerente', request.query.token, requestMeta(request)),
  );
  registerRoute(app, requerenteRoutes.getTipos, () => service.listTipos());
};
