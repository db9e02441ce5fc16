import { z } from 'zod';
import { defineRoute } from '../common/route.ts';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** Round trip of `select 1`, in milliseconds. */
  databaseLatencyMs: z.number(),
  version: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Checks that the server answers and the database is reachable',
    tags: ['platform'],
    response: HealthSchema,
  }),
};
