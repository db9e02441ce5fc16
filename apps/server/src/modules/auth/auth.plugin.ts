import { type LoginResult, usersRoutes } from '@der/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { pickLanguage } from '../../i18n/language.ts';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import { serializeOnce } from '../../infra/http/serialized-json.ts';
import type { TermsService } from '../sessions/terms.service.ts';
import type { AuthService, RequestContext } from './auth.service.ts';

function contextOf(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : '',
    language: pickLanguage(request.headers['accept-language']),
  };
}

/** Spec §3: the login answer is base64 text holding the LoginResult JSON. */
function sendLoginResult(reply: FastifyReply, result: LoginResult): string {
  reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store');
  return Buffer.from(JSON.stringify(result), 'utf8').toString('base64');
}

/** The users service of spec §7.2: login, session, two-step, passwords, terms of use. */
export const authRoutesPlugin: FastifyPluginAsync<{ service: AuthService; terms: TermsService }> = async (
  app,
  { service, terms },
) => {
  // Public routes that check a password or send e-mail: limited per address (see infra/auth/rate-limit.ts).
  await app.register(async (limited) => {
    limited.addHook('onRequest', app.publicAuthRateLimit('login'));
    registerRoute(limited, usersRoutes.authenticate, async (request, reply) =>
      sendLoginResult(reply, await service.authenticate(request.body, contextOf(request))),
    );
    registerRoute(limited, usersRoutes.changeExpiredPassword, async (request) => {
      await service.changeExpiredPassword(request.body, contextOf(request));
      return { success: true as const };
    });
  });
  await app.register(async (limited) => {
    limited.addHook('onRequest', app.publicAuthRateLimit('password-reset'));
    // A JSON string, as the contract says: a bare string would leave Fastify's serializer as text/plain.
    registerRoute(limited, usersRoutes.resetPassword, async (request) =>
      serializeOnce(
        usersRoutes.resetPassword.response,
        await service.resetPassword(request.body, contextOf(request)),
      ),
    );
  });
  // The page of an e-mailed reset link: its own group, so opening links never uses up the requests' budget.
  await app.register(async (limited) => {
    limited.addHook('onRequest', app.publicAuthRateLimit('password-reset-link'));
    registerRoute(limited, usersRoutes.checkPasswordResetToken, (request) =>
      service.checkPasswordResetToken(request.body.token, contextOf(request)),
    );
    registerRoute(limited, usersRoutes.setPasswordWithToken, async (request) => {
      await service.setPasswordWithToken(request.body, contextOf(request));
      return { success: true as const };
    });
  });

  registerRoute(app, usersRoutes.logout, async (request) => {
    await service.logout(sessionOf(request), contextOf(request));
    return { success: true as const };
  });
  registerRoute(app, usersRoutes.renewToken, async (request) => ({
    token: await service.renewToken(sessionOf(request)),
  }));

  registerRoute(app, usersRoutes.getMFAData, (request) => service.getMfaData(sessionOf(request)));
  registerRoute(app, usersRoutes.registerUserMFA, async (request, reply) =>
    sendLoginResult(
      reply,
      await service.confirmMfa(sessionOf(request), request.body, 'register', contextOf(request)),
    ),
  );
  registerRoute(app, usersRoutes.validateMFA, async (request, reply) =>
    sendLoginResult(
      reply,
      await service.confirmMfa(sessionOf(request), request.body, 'validate', contextOf(request)),
    ),
  );

  registerRoute(app, usersRoutes.changePassword, async (request) => {
    await service.changePassword(sessionOf(request), request.body, contextOf(request));
    return { success: true as const };
  });

  registerRoute(app, usersRoutes.getTermsOfUse, async (_request, reply) => {
    const document = await terms.getCurrentOrThrow();
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${document.fileName}"`)
      .header('cache-control', 'no-cache');
    return document.pdf;
  });
  registerRoute(app, usersRoutes.acceptTermsOfUse, async (request) => {
    await service.acceptTerms(sessionOf(request), request.body, contextOf(request));
    return { success: true as const };
  });
};
