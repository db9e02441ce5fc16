import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/build-test-app.ts';
import { createExpiringValue } from '../cache/expiring-value.ts';
import type { Database } from './database.ts';

/** A hang would stall the suite until its timeout: fail fast and say what hung. */
function within<T>(promise: Promise<T>, what: string, ms = 3_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not finish in ${ms} ms`)), ms),
    ),
  ]);
}

/** The first column of the first row of an `execute` answer (its shape differs between PGlite and pg). */
function firstValue(result: unknown): number {
  const rows = (result as { rows: Array<Record<string, unknown>> }).rows;
  return Number(Object.values(rows[0] ?? {})[0]);
}

async function selectOne(database: Database): Promise<number> {
  return firstValue(await database.db.execute(sql`select 1 as one`));
}

describe('queries through the root handle while a transaction is open (PGlite has one connection)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('a root query made inside the transaction callback does not wait for the transaction', async () => {
    const answer = await within(
      database.db.transaction(async () => selectOne(database)),
      'a root query inside a transaction',
    );
    expect(answer).toBe(1);
  });

  it('a root transaction opened inside another one does not wait for it', async () => {
    const answer = await within(
      database.db.transaction(async () =>
        database.db.transaction(async (inner) => {
          return firstValue(await inner.execute(sql`select 2 as two`));
        }),
      ),
      'a nested root transaction',
    );
    expect(answer).toBe(2);
  });

  it('a cached setting first asked for by another request is not awaited from inside a transaction', async () => {
    let loads = 0;
    const setting = createExpiringValue(async () => {
      loads++;
      return selectOne(database);
    }, 60_000);
    let outside: Promise<number> | undefined;
    const inside = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Another request misses the cache now: on PGlite its load waits for this transaction to end.
      outside = setting.get();
      return setting.get();
    });
    expect(await within(inside, 'the setting read inside the transaction')).toBe(1);
    expect(await within(outside ?? Promise.reject(new Error('not started')), 'the shared load')).toBe(1);
    // PGlite: the read inside the transaction loaded on its own. PostgreSQL has a pool (no transaction scope to
    // join), so both reads shared one load there without any risk of waiting on themselves.
    const expectedLoads = database.kind === 'pglite' ? 2 : 1;
    expect(loads).toBe(expectedLoads);
    // The value was kept: later reads need no query.
    await setting.get();
    expect(loads).toBe(expectedLoads);
  });

  it('a root query started inside the callback but run after the commit goes to the root again', async () => {
    let later: Promise<number> | undefined;
    await database.db.transaction(async () => {
      later = new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => selectOne(database));
    });
    expect(
      await within(later ?? Promise.reject(new Error('not started')), 'the query after the commit'),
    ).toBe(1);
  });
});
