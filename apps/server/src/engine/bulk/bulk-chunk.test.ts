import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { actorOf, buildComponents, buildItem, buildPeople } from '../../../test/factories/runtime.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { runtimeItems, runtimeItemVersions } from '../items/items.table.ts';
import { bulkJobItems } from './bulk.table.ts';
import { createBulkWorker } from './bulk.worker.ts';

const BASE = 1700;
const REQUEST = BASE + 2;

let app: FastifyInstance;
let admin: { id: number; name: string; token: string };

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  ({ admin } = await buildPeople(app, ['admin'], { admin: { isAdministrator: true } }));
  await buildComponents(app, BASE);
}, 120_000);
afterAll(() => app.close());

async function newItems(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < n; index++)
    ids.push(
      (
        await buildItem(app.database.db, actorOf(admin, { isAdministrator: true }), {
          componentId: REQUEST,
          data: { nome: `Item ${index}`, eixos: 2 },
        })
      ).id,
    );
  return ids;
}

/**
 * A chunk's transaction that fails as a whole (here its commit: a deferred check refuses one item's new
 * version row) wrote nothing; its items run again one per transaction, so only the bad one fails.
 */
describe('a chunk of items in one transaction', () => {
  it('falls back to one transaction per item when the chunk fails as a whole, each item written once', async () => {
    const ids = await newItems(6);
    const bad = ids[3]!;
    const db = app.database.db;
    await db.execute(
      sql.raw(`create function refuse_bad_version() returns trigger language plpgsql as $$
        begin
          if new.item_id = ${bad} and new.action = 'update' then raise exception 'refused at commit'; end if;
          return null;
        end $$`),
    );
    await db.execute(
      sql.raw(`create constraint trigger refuse_bad_version after insert on runtime_item_versions
        deferrable initially deferred for each row execute function refuse_bad_version()`),
    );
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/genericItem/executeBulkOperation',
        headers: bearer(admin.token),
        payload: { componentId: REQUEST, operation: { kind: 'update', changes: { eixos: 5 } }, itemIds: ids },
      });
      expect(response.statusCode, response.body).toBe(200);
      const jobId = (response.json() as { id: number }).id;
      const errors: unknown[] = [];
      const log = Object.assign(Object.create(app.log), { error: (entry: unknown) => errors.push(entry) });
      const worker = createBulkWorker({ db, now: () => new Date(), log, pollMs: 1000, batchSize: 10 });
      expect(await worker.runOnce()).toMatchObject({ claimed: 6, done: 5, failed: 1, skipped: 0 });
      const states = await db
        .select({ itemId: bulkJobItems.itemId, state: bulkJobItems.state, code: bulkJobItems.errorCode })
        .from(bulkJobItems)
        .where(eq(bulkJobItems.jobId, jobId));
      expect(states.filter((row) => row.state === 'failed')).toEqual([
        { itemId: bad, state: 'failed', code: 'INTERNAL_ERROR' },
      ]);
      // An unexpected fault is logged, by ids only.
      expect(errors).toHaveLength(1);
      const rows = await db
        .select({ id: runtimeItems.id, eixos: sql<number>`(${runtimeItems.data}->>'eixos')::int` })
        .from(runtimeItems)
        .where(inArray(runtimeItems.id, ids));
      expect(new Map(rows.map((row) => [row.id, row.eixos]))).toEqual(
        new Map(ids.map((id) => [id, id === bad ? 2 : 5])),
      );
      const writes = await db
        .select({ itemId: runtimeItemVersions.itemId, n: count() })
        .from(runtimeItemVersions)
        .where(and(inArray(runtimeItemVersions.itemId, ids), eq(runtimeItemVersions.action, 'update')))
        .groupBy(runtimeItemVersions.itemId);
      expect(writes.map((row) => row.itemId).sort()).toEqual(ids.filter((id) => id !== bad).sort());
      expect(writes.every((row) => Number(row.n) === 1)).toBe(true);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_bad_version on runtime_item_versions'));
      await db.execute(sql.raw('drop function refuse_bad_version()'));
    }
  });

  it('writes a chunk again with a savepoint per item when one item fails in its own write: only that one fails, nothing of it stays', async () => {
    const ids = await newItems(5);
    const bad = ids[2]!;
    const db = app.database.db;
    // Refuses the bad item's version row when its update writes it: the item fails after its first write.
    await db.execute(
      sql.raw(`create function refuse_bad_write() returns trigger language plpgsql as $$
        begin
          if new.item_id = ${bad} and new.action = 'update' then raise exception 'refused in the write'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_bad_write before insert on runtime_item_versions
        for each row execute function refuse_bad_write()`),
    );
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/genericItem/executeBulkOperation',
        headers: bearer(admin.token),
        payload: { componentId: REQUEST, operation: { kind: 'update', changes: { eixos: 4 } }, itemIds: ids },
      });
      expect(response.statusCode, response.body).toBe(200);
      const jobId = (response.json() as { id: number }).id;
      const log = Object.assign(Object.create(app.log), { error: () => {} });
      const worker = createBulkWorker({ db, now: () => new Date(), log, pollMs: 1000, batchSize: 10 });
      expect(await worker.runOnce()).toMatchObject({ claimed: 5, done: 4, failed: 1, skipped: 0 });
      const failed = await db
        .select({ itemId: bulkJobItems.itemId, code: bulkJobItems.errorCode })
        .from(bulkJobItems)
        .where(and(eq(bulkJobItems.jobId, jobId), eq(bulkJobItems.state, 'failed')));
      expect(failed).toEqual([{ itemId: bad, code: 'INTERNAL_ERROR' }]);
      const rows = await db
        .select({
          id: runtimeItems.id,
          eixos: sql<number>`(${runtimeItems.data}->>'eixos')::int`,
          version: runtimeItems.version,
        })
        .from(runtimeItems)
        .where(inArray(runtimeItems.id, ids));
      expect(new Map(rows.map((row) => [row.id, [row.eixos, row.version]]))).toEqual(
        new Map(ids.map((id) => [id, id === bad ? [2, 1] : [4, 2]])),
      );
      const writes = await db
        .select({ itemId: runtimeItemVersions.itemId, n: count() })
        .from(runtimeItemVersions)
        .where(and(inArray(runtimeItemVersions.itemId, ids), eq(runtimeItemVersions.action, 'update')))
        .groupBy(runtimeItemVersions.itemId);
      expect(new Map(writes.map((row) => [row.itemId, Number(row.n)]))).toEqual(
        new Map(ids.filter((id) => id !== bad).map((id) => [id, 1])),
      );
    } finally {
      await db.execute(sql.raw('drop trigger refuse_bad_write on runtime_item_versions'));
      await db.execute(sql.raw('drop function refuse_bad_write()'));
    }
  });
});
