import type { FastifyBaseLogger } from 'fastify';

/**
 * What demo steps may need besides the transaction. Its own file: the steps live in the modules and the
 * engine, and importing it from seed.ts (which imports every step) would tie each step in an import cycle.
 */
export interface SeedContext {
  /** config.publicUrl: printed in documents (the AET's QR code) and in the start log. */
  publicUrl: string;
  now: () => Date;
  log?: FastifyBaseLogger;
}
