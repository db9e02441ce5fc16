import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by closeGracefully(): from then on new requests answer 503 SERVER_SHUTTING_DOWN. */
    lifecycle: { draining: boolean };
  }
}

/**
 * Per-request basics: the request id echoed as `x-request-id` (support quotes it from the error body), and
 * load shedding while the server drains on shutdown.
 */
export const requestContextPlugin = fp(
  async (app) => {
    app.decorate('lifecycle', { draining: false });
    // A callback hook: it runs on every request, and an async hook costs a promise each time.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      if (!app.lifecycle.draining) return done();
      // Tell keep-alive clients to reconnect elsewhere instead of reusing this connection.
      reply.header('connection', 'close');
      done(new AppError('SERVER_SHUTTING_DOWN'));
    });
  },
  { name: 'request-context' },
);
