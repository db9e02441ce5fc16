import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquirePgliteLock } from './pglite-lock.ts';
import { openPgliteThread, type PgliteClient } from './pglite-thread.ts';
import type { ThreadOptions } from './pglite-thread-protocol.ts';
import * as schema from './schema.ts';
import { routeRootQueriesToOpenTransaction } from './transaction-scope.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** The Drizzle handle every repository receives; the same API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Db;
  /** Runs `select 1`; throws when the database does not answer. */
  ping(): Promise<void>;
  /** Applies the committed migrations of apps/server/drizzle that are not applied yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /**
   * `dataDir` undefined = in memory (tests). `lockFile` is required with a data folder. `initialData`: a
   * dumpDataDir() tarball to start from instead of an empty cluster (tests start from a migrated one).
   */
  | { kind: 'pglite'; dataDir?: string; lockFile?: string; initialData?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // A connection the server ends while it sits in the pool (a restart, a failover, an administrator's
    // terminate) emits 'error' on the pool; without a listener that would crash the process. The pool drops
    // that client and the next query opens a new one; errors of running queries still reach their callers.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema });
    return {
      kind: 'postgres',
      db: db as unknown as Db,
      async ping() {
        await db.execute(sql`select 1`);
      },
      async migrate() {
        await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      },
      async close() {
        await pool.end();
      },
    };
  }

  const lock = options.dataDir ? acquirePgliteLock(options.lockFile ?? `${options.dataDir}.lock`) : undefined;
  let client: PgliteClient;
  try {
    // Named fields, not a spread of optional ones: a misspelt key in a spread is not a type error (a
    // `loadDataDir` here once left every test database to initdb and migrate from nothing).
    const threadOptions: ThreadOptions = {};
    if (options.dataDir) threadOptions.dataDir = options.dataDir;
    if (options.initialData) threadOptions.initialData = options.initialData;
    client = await openPgliteThread(threadOptions);
  } catch (error) {
    lock?.release();
    throw error;
  }
  // Drizzle's PGlite session calls query and transaction only, which the worker thread's client answers.
  const db = drizzlePglite({
    client: routeRootQueriesToOpenTransaction(client) as unknown as PGlite,
    schema,
  });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async migrate() {
      // PGlite has one connection: migrations must finish before the first query.
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
