import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories/users.ts';
import { importIdempotencyKeys } from '../engine/excel/import-keys.table.ts';
import { rateLimitHits } from '../infra/auth/rate-limit.table.ts';
import { usedCaptchaTokens } from '../modules/sessions/sessions.table.ts';
import { pruneExpiredRows } from './prune-expired.ts';

describe('pruneExpiredRows', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('deletes stale rate-limit counters, old captcha tokens and import keys, keeping recent ones', async () => {
    const db = app.database.db;
    const now = new Date('2026-11-23T12:00:00.000Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await db.insert(rateLimitHits).values([
      { key: 'prune:old', windowStart: ago(2 * 60 * 60 * 1000), hits: 3 },
      { key: 'prune:recent', windowStart: ago(60 * 1000), hits: 1 },
    ]);
    await db.insert(usedCaptchaTokens).values([
      { tokenHash: 'prune-old', usedAt: ago(2 * 24 * 60 * 60 * 1000) },
      { tokenHash: 'prune-recent', usedAt: ago(60 * 60 * 1000) },
    ]);
    const user = await buildUser(db);
    await db.insert(importIdempotencyKeys).values([
      {
        userId: user.id,
        key: 'prune-old-key',
        fileSha256: 'a',
        target: '1:',
        startedAt: ago(25 * 60 * 60 * 1000),
      },
      {
        userId: user.id,
        key: 'prune-recent-key',
        fileSha256: 'a',
        target: '1:',
        startedAt: ago(23 * 60 * 60 * 1000),
      },
    ]);
    const pruned = await pruneExpiredRows(db, now);
    expect(pruned).toEqual({ rateLimitHits: 1, usedCaptchaTokens: 1, importIdempotencyKeys: 1 });
    expect((await db.select().from(importIdempotencyKeys)).map((row) => row.key)).toEqual([
      'prune-recent-key',
    ]);
    expect((await db.select().from(rateLimitHits)).map((row) => row.key)).toContain('prune:recent');
    expect((await db.select().from(rateLimitHits)).map((row) => row.key)).not.toContain('prune:old');
    expect((await db.select().from(usedCaptchaTokens)).map((row) => row.tokenHash)).toEqual(
      expect.arrayContaining(['prune-recent']),
    );
    expect((await db.select().from(usedCaptchaTokens)).map((row) => row.tokenHash)).not.toContain(
      'prune-old',
    );
  });
});
