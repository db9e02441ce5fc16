import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread, type PgliteClient } from './pglite-thread.ts';

/** PGlite in a worker thread: the answers, errors and transactions callers got from PGlite itself. */
describe('openPgliteThread', () => {
  let client: PgliteClient;
  beforeAll(async () => {
    client = await openPgliteThread({});
    await client.exec('create table thing (id int primary key, name text not null, born date, bytes bytea)');
  });
  afterAll(async () => {
    await client.close();
  });

  it('answers rows as objects or arrays, keeps the text of the types asked for and parses the others', async () => {
    await client.query('insert into thing values ($1, $2, $3, $4)', [
      1,
      'um',
      '2026-11-24',
      Buffer.from('abc'),
    ]);
    const objects = await client.query<{ id: number; born: unknown; bytes: Uint8Array }>(
      'select id, born, bytes from thing where id = $1',
      [1],
    );
    expect(objects.rows[0]?.id).toBe(1);
    expect(objects.rows[0]?.born).toBeInstanceOf(Date);
    expect(Buffer.from(objects.rows[0]!.bytes).toString()).toBe('abc');
    const arrays = await client.query('select id, born from thing', [], {
      rowMode: 'array',
      parsers: { [types.DATE]: (value: string) => value },
    });
    expect(arrays.rows).toEqual([[1, '2026-11-24']]);
  });

  it('refuses parsers that change the text (they cannot cross to the worker) instead of ignoring them', async () => {
    await expect(
      client.query('select 1', [], { parsers: { [types.INT4]: (value: string) => Number(value) * 2 } }),
    ).rejects.toThrow(/parsers/);
  });

  it("gives PostgreSQL's error fields to the caller (code, constraint, detail)", async () => {
    const error = await client.query('insert into thing (id, name) values (1, $1)', ['dois']).then(
      () => null,
      (caught: unknown) => caught as Record<string, unknown>,
    );
    expect(error).toMatchObject({ code: '23505', constraint: 'thing_pkey' });
    expect(String(error?.message)).toMatch(/duplicate key/);
  });

  it('commits a transaction whose callback returns, and rolls back one whose callback throws', async () => {
    const answer = await client.transaction(async (tx) => {
      await tx.query('insert into thing (id, name) values (2, $1)', ['dois']);
      return 'committed';
    });
    expect(answer).toBe('committed');
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into thing (id, name) values (3, $1)', ['três']);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const ids = await client.query<{ id: number }>('select id from thing order by id');
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('makes a statement outside an open transaction wait for its end, and closes the transaction handle', async () => {
    const order: string[] = [];
    let handle: { closed: boolean } | undefined;
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      handle = tx;
      await tx.query('insert into thing (id, name) values (4, $1)', ['quatro']);
      outside = client.query('select count(*)::int as n from thing').then((result) => {
        order.push('outside');
        return result.rows[0];
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction');
    });
    expect(await outside).toEqual({ n: 3 });
    expect(order).toEqual(['transaction', 'outside']);
    expect(handle?.closed).toBe(true);
  });

  it('answers a rolled-back transaction with the callback value and keeps none of its writes', async () => {
    const answer = await client.transaction(async (tx) => {
      await tx.query('insert into thing (id, name) values (5, $1)', ['cinco']);
      await tx.rollback();
      return 'rolled back';
    });
    expect(answer).toBe('rolled back');
    const found = await client.query('select 1 from thing where id = 5');
    expect(found.rows).toEqual([]);
  });

  it('rejects the opening when PGlite cannot open its folder', async () => {
    await expect(openPgliteThread({ dataDir: '/dev/null/pglite' })).rejects.toThrow();
  });

  it('refuses statements once closed', async () => {
    const other = await openPgliteThread({});
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow(/exited|closed/);
  });
});
