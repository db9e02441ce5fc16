import type { FastifyInstance } from 'fastify';

/**
 * Stops the server without cutting requests short: new requests answer 503 SERVER_SHUTTING_DOWN at once
 * (keep-alive clients and load balancers retry elsewhere), requests in flight finish, then the server closes.
 * After `timeoutMs` the remaining connections are cut so the process can exit on time.
 */
export async function closeGracefully(
  app: FastifyInstance,
  timeoutMs: number,
): Promise<'closed' | 'timeout'> {
  app.lifecycle.draining = true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const result = await Promise.race([app.close().then(() => 'closed' as const), timeout]);
  clearTimeout(timer);
  if (result === 'timeout') app.server.closeAllConnections();
  return result;
}
