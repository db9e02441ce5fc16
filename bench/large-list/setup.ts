import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { runtimeItems } from '../../apps/server/src/engine/items/items.table.ts';
import { runtimeProjectPermissions } from '../../apps/server/src/engine/projects/project-permissions.table.ts';
import { loadAppSecrets } from '../../apps/server/src/infra/crypto/app-secrets.ts';
import { type Database, openDatabase } from '../../apps/server/src/infra/db/database.ts';
import { users } from '../../apps/server/src/modules/accounts/accounts.table.ts';
import { createPasswordHasher } from '../../apps/server/src/modules/identity/core/password-hasher.ts';
import { runSeeds } from '../../apps/server/src/seed/seed.ts';
import { BENCH_GROUP, benchDefinition, loadItems, PROJECT_COMPONENT } from './dataset.ts';
import type { Figures } from './figures.ts';
import { ITEMS, type Kind, PASSWORD, PG_URL } from './settings.ts';
import { timeIt } from './timing.ts';

/** A database of one kind loaded with the bench's items, the app over it and the member who reads them. */
export interface Prepared {
  database: Database;
  app: FastifyInstance;
  dataDir: string;
  memberId: number;
  memberLogin: string;
  projectId: number;
  drop: () => Promise<void>;
}

async function openFresh(
  kind: Kind,
  dataDir: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(dataDir, 'pglite'),
      lockFile: path.join(dataDir, 'pglite.lock'),
    });
    return { database, drop: async () => {} };
  }
  const name = `der_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  console.log(`  database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 });
  return {
    database,
    drop: async () => {
      if (process.env.LARGE_LIST_KEEP_DB === '1') return;
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/** Opens a fresh database of `kind`, migrates and seeds it, and loads ITEMS items (its time in `figures`). */
export async function prepare(kind: Kind, figures: Partial<Figures>): Promise<Prepared> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-list-'));
  const { database, drop } = await openFresh(kind, dataDir);
  await database.migrate();
  await runSeeds(database, { demoData: false });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' });
  // The keys the server started later on this folder will load (it seals its VAPID keys with them).
  const secrets = await loadAppSecrets({ dataDir, env: process.env });
  const app = await buildApp({ config, database, secrets });
  await app.ready();
  await app.services.definitions.importDefinition(benchDefinition, { userId: null });
  const db = database.db;
  const memberLogin = 'bench.membro';
  const [member] = await db
    .insert(users)
    .values({
      kind: 'staff',
      login: memberLogin,
      name: 'Membro do Bench',
      email: 'bench.membro@example.gov.br',
      activated: true,
      passwordHash: await createPasswordHasher().hash(PASSWORD),
    })
    .returning();
  const [project] = await db
    .insert(runtimeItems)
    .values({ componentId: PROJECT_COMPONENT, formattedId: 'BPR-0001', title: 'Projeto do bench' })
    .returning();
  // The viewer is a member through a permission row (not an administrator): every query carries the
  // visibility predicate.
  await db.insert(runtimeProjectPermissions).values({ projectId: project!.id, userId: member!.id });
  // Item routes, reads included, answer 404 for an application not granted to the viewer
  // (engine/items/application-grant.ts). As a real user, the member opens it through the group the
  // definition grants it to, so every query carries the grant predicate too.
  const group = await app.services.groups.findOrCreateGroup(db, BENCH_GROUP);
  await app.services.groups.addMembers(db, group, [member!.id]);
  const loadTime = await timeIt(() =>
    loadItems(db, {
      count: ITEMS,
      projectId: project!.id,
      userId: member!.id,
      onChunk: (done) => process.stdout.write(`\r  loaded ${done.toLocaleString('en-US')} items`),
    }),
  );
  process.stdout.write('\n');
  figures.loadSeconds = loadTime / 1000;
  return { database, app, dataDir, memberId: member!.id, memberLogin, projectId: project!.id, drop };
}
