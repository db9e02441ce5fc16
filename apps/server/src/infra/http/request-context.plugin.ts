import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `draining`: set by closeGracefully(); from then on new requests answer 503 SERVER_SHUTTING_DOWN.
     * `inFlight`: requests admitted before that and not yet answered, which the shutdown waits for.
     */
    lifecycle: { draining: boolean; inFlight: number };
  }
}

// Another instance behind the load balancer answers at once; a lone server is back within seconds.
const SHUTDOWN_RETRY_AFTER_SECONDS = '5';

/**
 * Per-request basics: the request id echoed as `x-request-id` (support quotes it from the error body), and
 * load shedding while the server drains on shutdown.
 */
export const requestContextPlugin = fp(
  async (app) => {
    app.decorate('lifecycle', { draining: false, inFlight: 0 });
    // A callback hook: it runs on every request, and an async hook costs a promise each time.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      if (!app.lifecycle.draining) {
        app.lifecycle.inFlight++;
        // 'close' comes once the answer is sent or the client went away, whichever happens.
        reply.raw.once('close', () => {
          app.lifecycle.inFlight--;
        });
        return done();
      }
      // Tell keep-alive clients to reconnect elsewhere instead of reusing this connection, and when to retry.
      reply.header('connection', 'close');
      reply.header('retry-after', SHUTDOWN_RETRY_AFTER_SECONDS);
      done(new AppError('SERVER_SHUTTING_DOWN'));
    });
  },
  { name: 'request-context' },
);
