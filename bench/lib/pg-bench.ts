import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { runtimeItems } from '../../apps/server/src/engine/items/items.table.ts';
import { runtimeProjectPermissions } from '../../apps/server/src/engine/projects/project-permissions.table.ts';
import { loadAppSecrets } from '../../apps/server/src/infra/crypto/app-secrets.ts';
import { type Database, openDatabase } from '../../apps/server/src/infra/db/database.ts';
import { users } from '../../apps/server/src/modules/accounts/accounts.table.ts';
import { applicationGrants } from '../../apps/server/src/modules/applications/applications.table.ts';
import { createPasswordHasher } from '../../apps/server/src/modules/identity/core/password-hasher.ts';
import { runSeeds } from '../../apps/server/src/seed/seed.ts';

/** The PostgreSQL the benches create their databases on (BENCH_PG_URL). */
export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  database: Database;
  name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database `der_bench_<prefix>_<time>` on BENCH_PG_URL, migrated and seeded without demo data. */
export async function freshBenchDatabase(prefix: string, maxConnections?: number): Promise<BenchDatabase> {
  const name = `der_bench_${prefix}_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  await onServer(`create database "${name}"`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    ...(maxConnections ? { maxConnections } : {}),
  });
  await database.migrate();
  await runSeeds(database, { demoData: false });
  return {
    database,
    name,
    async drop() {
      await database.close();
      await onServer(`drop database if exists "${name}" with (force)`);
    },
  };
}

/** The server on a database, with the keys a later server on `dataDir` would load. */
export async function benchApp(
  database: Database,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...env });
  const secrets = await loadAppSecrets({ dataDir, env: process.env });
  return buildApp({ config, database, secrets });
}

/**
 * A staff user granted the bench application and member of a new project of it (a permission row, not an
 * administrator: every query carries the visibility predicate and the grant check).
 */
export async function addBenchMember(
  database: Database,
  options: {
    login: string;
    name: string;
    password?: string;
    applicationId: number;
    project: { componentId: number; formattedId: string; title: string };
  },
): Promise<{ memberId: number; projectId: number }> {
  const db = database.db;
  const [member] = await db
    .insert(users)
    .values({
      kind: 'staff',
      login: options.login,
      name: options.name,
      email: `${options.login}@example.gov.br`,
      activated: true,
      passwordHash: options.password ? await createPasswordHasher().hash(options.password) : 'not-used',
    })
    .returning();
  await db.insert(applicationGrants).values({ applicationId: options.applicationId, userId: member!.id });
  const [project] = await db.insert(runtimeItems).values(options.project).returning();
  await db.insert(runtimeProjectPermissions).values({ projectId: project!.id, userId: member!.id });
  return { memberId: member!.id, projectId: project!.id };
}

/** The session of a login answer (the spec's base64-encoded JSON, spec §2.2); throws when it holds no token. */
export function sessionOfLogin(body: string): Record<string, unknown> & { token: string } {
  const session = JSON.parse(Buffer.from(body, 'base64').toString('utf8')) as Record<string, unknown>;
  if (typeof session.token !== 'string') throw new Error(`the bench user could not sign in: ${body}`);
  return session as Record<string, unknown> & { token: string };
}
