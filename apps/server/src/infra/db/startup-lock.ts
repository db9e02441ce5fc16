import pg from 'pg';

// pg_advisory_lock(int4, int4): 0x444552 ("DER") and 1, the set-up of a starting server.
const LOCK_CLASS = 0x444552;
const LOCK_STARTUP = 1;

/**
 * Runs the start-up's database set-up (migrations, key check, required rows, the first demo data) while no
 * other server does the same on this PostgreSQL: several instances starting together on an empty database
 * would otherwise race over creating the migrations table, applying the same migration twice, recording
 * the keys. A session-level advisory lock on a connection of its own, ended whatever happens (a crash
 * drops the connection, and with it the lock). Without a URL (PGlite: one process by its own lock) the
 * work simply runs.
 */
export async function withStartupLock<T>(
  databaseUrl: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  // Errors of the idle connection (a server restart while we wait) must not crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [LOCK_CLASS, LOCK_STARTUP]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}
