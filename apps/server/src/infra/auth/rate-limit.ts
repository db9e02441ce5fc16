import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { rateLimitHits } from './rate-limit.table.ts';

/**
 * Requests per address and route group on the public auth routes (login, password reset, expired-password
 * change, registration). 30 a minute is far more than a person typing (even with typos and a shared office
 * NAT) and caps a single address at 30 guesses a minute before the per-account throttle even counts.
 */
export const PUBLIC_AUTH_RATE_LIMIT = { limit: 30, windowSeconds: 60 } as const;

export interface RateLimitOptions {
  limit: number;
  windowSeconds: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A fixed-window counter in the database (rate_limit_hits), so every instance behind the load balancer
 * counts the same hits. One upsert per request: the row is reset when the window moved on.
 */
export function createRateLimiter(deps: { db: Db; now: () => Date }) {
  return {
    async hit(key: string, options: RateLimitOptions): Promise<RateLimitVerdict> {
      const now = deps.now().getTime();
      const windowMs = options.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
      const [row] = await deps.db
        .insert(rateLimitHits)
        .values({ key, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${rateLimitHits.windowStart} = excluded.window_start
                      then ${rateLimitHits.hits} + 1 else 1 end`,
            windowStart: sql`excluded.window_start`,
          },
        })
        .returning({ hits: rateLimitHits.hits });
      if ((row?.hits ?? 0) <= options.limit) return { allowed: true };
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
      return { allowed: false, retryAfterSeconds };
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * An onRequest hook limiting one route group per client address: over the limit it answers 429
 * RATE_LIMITED with a Retry-After header, before the body is even parsed. Add it to a plugin's public routes:
 * `app.addHook('onRequest', app.publicAuthRateLimit('registration'))`.
 */
export function createRateLimitHook(
  limiter: RateLimiter,
  group: string,
  options: RateLimitOptions = PUBLIC_AUTH_RATE_LIMIT,
): onRequestHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await limiter.hit(`${group}:${request.ip}`, options);
    if (verdict.allowed) return;
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    throw new AppError('RATE_LIMITED');
  };
}
