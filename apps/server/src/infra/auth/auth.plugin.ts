import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * THE auth hook point: every `session` route runs it before parsing the body. The identity work fills it
     * in (JWT + the session row); until then no session exists, so it answers 401 UNAUTHENTICATED.
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** `login-step` routes: a session token whose login is still completing (terms of use, two-step code). */
    requireLoginStep: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** `admin` routes: a session with the administration permission of spec §6. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const authPlugin = fp(
  async (app) => {
    app.decorate('requireSession', async (_request: FastifyRequest, _reply: FastifyReply) => {
      throw new AppError('UNAUTHENTICATED');
    });
    app.decorate('requireLoginStep', async (_request: FastifyRequest, _reply: FastifyReply) => {
      throw new AppError('UNAUTHENTICATED');
    });
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireSession(request, reply);
      throw new AppError('FORBIDDEN');
    });
  },
  { name: 'auth' },
);
