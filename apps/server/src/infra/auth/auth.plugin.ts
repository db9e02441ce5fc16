import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.ts';
import { createRateLimiter, createRateLimitHook, type RateLimitOptions } from './rate-limit.ts';
import type { RequestSession } from './request-session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * THE auth hook point of `session` routes: a valid token whose session row is open (not revoked, idle or
     * past its absolute limit, user enabled), with the login complete: the two-step code given while platform
     * MFA is on (else 403 AUTH_MFA_REQUIRED) and the current terms accepted while they are required (else
     * 403 AUTH_TERMS_NOT_ACCEPTED).
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** `login-step` routes: an open session whose login may still be completing (terms, two-step code). */
    requireLoginStep: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** `admin` routes: requireSession plus hasPanelAdminPermission or isAdministrator (spec §6), else 403. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A per-address rate limit (429 + Retry-After) for a group of public auth routes; see rate-limit.ts. */
    publicAuthRateLimit: (group: string, options?: RateLimitOptions) => onRequestHookHandler;
  }
  interface FastifyRequest {
    /** Set by the auth hooks on `login-step`, `session` and `admin` routes; null on public ones. */
    session: RequestSession | null;
  }
}

/**
 * What the hooks need of the domains, as narrow ports: modules/sessions and modules/platform implement them,
 * and infrastructure stays below the modules (it imports none of them).
 */
export interface AuthPluginOptions {
  sessions: { authenticate(authorization: string | undefined): Promise<RequestSession | null> };
  securitySettings: { get(): Promise<{ platformMfaEnabled: boolean }> };
  platform: { getSettings(): Promise<{ requireTermsOfUse: boolean }> };
  /** config.authRateLimitPerMinute: the default of publicAuthRateLimit. */
  rateLimitPerMinute: number;
}

/** The session of a route whose access is not `public`; 401 if a hook did not run (a wiring mistake). */
export function sessionOf(request: FastifyRequest): RequestSession {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const { sessions, securitySettings, platform } = options;
    app.decorateRequest('session', null);

    async function loadSession(request: FastifyRequest): Promise<RequestSession> {
      const session = await sessions.authenticate(request.headers.authorization);
      if (!session) throw new AppError('UNAUTHENTICATED');
      request.session = session;
      return session;
    }

    async function requireSession(request: FastifyRequest) {
      const session = await loadSession(request);
      const [security, settings] = await Promise.all([securitySettings.get(), platform.getSettings()]);
      if (security.platformMfaEnabled && !session.mfaAuthenticated) throw new AppError('AUTH_MFA_REQUIRED');
      if (settings.requireTermsOfUse && !session.termsAccepted) throw new AppError('AUTH_TERMS_NOT_ACCEPTED');
    }

    app.decorate('requireLoginStep', async (request: FastifyRequest, _reply: FastifyReply) => {
      await loadSession(request);
    });
    app.decorate('requireSession', async (request: FastifyRequest, _reply: FastifyReply) => {
      await requireSession(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest, _reply: FastifyReply) => {
      await requireSession(request);
      const session = sessionOf(request);
      if (!session.hasPanelAdminPermission && !session.isAdministrator) throw new AppError('FORBIDDEN');
    });

    const limiter = createRateLimiter({ db: app.database.db, now: app.now });
    const defaultLimit: RateLimitOptions = { limit: options.rateLimitPerMinute, windowSeconds: 60 };
    app.decorate('publicAuthRateLimit', (group: string, limit?: RateLimitOptions) =>
      createRateLimitHook(limiter, group, limit ?? defaultLimit),
    );
  },
  { name: 'auth' },
);
