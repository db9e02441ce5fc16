import { HealthSchema } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('GET /api/health', () => {
  it('answers ok with the database kind, its latency and the version', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = HealthSchema.parse(response.json());
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.databaseLatencyMs).toBeGreaterThanOrEqual(0);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 SERVICE_UNAVAILABLE when the database query fails', async () => {
    const ping = vi.spyOn(app.database, 'ping').mockRejectedValueOnce(new Error('connection refused'));
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ping).toHaveBeenCalledOnce();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('connection refused');
    ping.mockRestore();
  });
});
