import type { FastifyInstance } from 'fastify';

// How often idle keep-alive connections are closed while draining: a connection whose request just finished
// goes idle, and its client should reconnect (to another instance) rather than reuse it.
const IDLE_SWEEP_MS = 100;
const POLL_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops the server without cutting requests short. The server keeps listening while the requests in flight
 * finish: a request arriving meanwhile answers 503 SERVER_SHUTTING_DOWN with `Connection: close` and
 * `Retry-After` (keep-alive clients and load balancers retry elsewhere) instead of a refused connection, and
 * idle keep-alive connections are closed. Once nothing admitted is left, the server stops listening and
 * closes. After `timeoutMs` the remaining connections are cut so the process can exit on time.
 */
export async function closeGracefully(
  app: FastifyInstance,
  timeoutMs: number,
): Promise<'closed' | 'timeout'> {
  const deadline = Date.now() + timeoutMs;
  app.lifecycle.draining = true;
  const server = app.server;
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    while (app.lifecycle.inFlight > 0 && Date.now() < deadline) await sleep(POLL_MS);
  } finally {
    clearInterval(sweep);
  }

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
  });
  // Stops listening; connections still answering a 503 finish (Fastify closes the idle ones).
  const closing = app.close().then(() => 'closed' as const);
  // Not awaited when the deadline passed first: its failure must not surface as an unhandled rejection.
  closing.catch(() => {});
  const result = app.lifecycle.inFlight > 0 ? 'timeout' : await Promise.race([closing, timeout]);
  clearTimeout(timer);
  if (result === 'timeout') server.closeAllConnections();
  return result;
}
