import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { writableComponentOrThrow } from '../../apps/server/src/engine/items/application-grant.ts';
import type { ItemActor } from '../../apps/server/src/engine/items/create-items.ts';
import { runtimeItems } from '../../apps/server/src/engine/items/items.table.ts';
import { saveItem } from '../../apps/server/src/engine/items/save-item.ts';
import { runtimeProjectPermissions } from '../../apps/server/src/engine/projects/project-permissions.table.ts';
import { loadAppSecrets } from '../../apps/server/src/infra/crypto/app-secrets.ts';
import { type Database, openDatabase } from '../../apps/server/src/infra/db/database.ts';
import { users } from '../../apps/server/src/modules/accounts/accounts.table.ts';
import { applicationGrants } from '../../apps/server/src/modules/applications/applications.table.ts';
import { runSeeds } from '../../apps/server/src/seed/seed.ts';
import { benchDefinition, ITEM_COMPONENT, loadItems, PROJECT_COMPONENT } from '../large-list/dataset.ts';
import { formatMs, percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { appendResults, markdownTable } from '../lib/report.ts';
import { legacyUpdateItemField } from './legacy-update.ts';

/**
 * `node bench/write-path/run.ts`: issue 15's "the one write path no slower than today's updateItemField". On
 * PostgreSQL at WRITE_PATH_ITEMS (default 100 000) items, a project member (staff, not an administrator) edits
 * one field of random items, alternating in one run — so both see the same machine — between updateItemField's
 * update as it was before issue 15 (legacy-update.ts) and the one save (save-item.ts: grant, lock, access,
 * version, field permissions, rules, values, write, version row). In-process, each in its own transaction: the
 * save's own cost, without HTTP. Appends to RESULTS.md unless BENCH_RECORD=0.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ITEMS = Number(process.env.WRITE_PATH_ITEMS ?? 100_000);
const RUNS = Number(process.env.WRITE_PATH_RUNS ?? 400);
const WARMUP = 40;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RECORD = process.env.BENCH_RECORD !== '0';

async function freshDatabase(): Promise<{ database: Database; name: string }> {
  const name = `der_bench_wp_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { database: await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 }), name };
}

async function dropDatabase(name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: PG_URL });
  await dropper.connect();
  await dropper.query(`drop database if exists "${name}" with (force)`);
  await dropper.end();
}

/** The bench application, a project member granted it, and the items in the project. */
async function prepare(database: Database, dataDir: string): Promise<ItemActor> {
  await database.migrate();
  await runSeeds(database, { demoData: false });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' });
  const secrets = await loadAppSecrets({ dataDir, env: process.env });
  const app = await buildApp({ config, database, secrets });
  await app.ready();
  const imported = await app.services.definitions.importDefinition(benchDefinition, { userId: null });
  await app.close();
  const db = database.db;
  const [member] = await db
    .insert(users)
    .values({
      kind: 'staff',
      login: 'bench.escrita',
      name: 'Analista do Bench',
      email: 'bench.escrita@example.gov.br',
      activated: true,
      passwordHash: 'not-used',
    })
    .returning();
  await db.insert(applicationGrants).values({ applicationId: imported.applicationId, userId: member!.id });
  const [project] = await db
    .insert(runtimeItems)
    .values({ componentId: PROJECT_COMPONENT, formattedId: 'BPR-0001', title: 'Projeto do bench' })
    .returning();
  await db.insert(runtimeProjectPermissions).values({ projectId: project!.id, userId: member!.id });
  await loadItems(db, {
    count: ITEMS,
    projectId: project!.id,
    userId: member!.id,
    onChunk: (done) => process.stdout.write(`\r  loaded ${done.toLocaleString('en-US')} items`),
  });
  process.stdout.write('\n');
  return { userId: member!.id, isAdministrator: false, language: 'pt-BR', kind: 'staff' };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-write-path-'));
const { database, name } = await freshDatabase();
console.log(`bench:write-path — ${ITEMS.toLocaleString('en-US')} items on PostgreSQL (${name})`);
try {
  const actor = await prepare(database, dataDir);
  const db = database.db;
  const items = await db
    .select({ id: runtimeItems.id, version: runtimeItems.version })
    .from(runtimeItems)
    .where(and(eq(runtimeItems.componentId, ITEM_COMPONENT), eq(runtimeItems.status, 'aberto')))
    .orderBy(sql`random()`)
    .limit(2 * (WARMUP + RUNS));
  const legacy: number[] = [];
  const onePath: number[] = [];
  for (let index = 0; index < WARMUP + RUNS; index += 1) {
    const changes = { nome: `Transportadora revisada ${index}` };
    const [a, b] = [items[2 * index]!, items[2 * index + 1]!];
    // Alternate which goes first, so neither always meets a warmer cache.
    const runLegacy = async () => {
      const started = performance.now();
      await db.transaction(async (tx) => {
        const component = await writableComponentOrThrow(tx, actor, ITEM_COMPONENT);
        await legacyUpdateItemField(
          tx,
          actor,
          component,
          { itemId: a.id, version: a.version, changes },
          new Date(),
        );
      });
      return performance.now() - started;
    };
    const runOne = async () => {
      const started = performance.now();
      await db.transaction((tx) =>
        saveItem(
          tx,
          actor,
          { componentId: ITEM_COMPONENT, itemId: b.id, version: b.version, changes },
          { now: new Date() },
        ),
      );
      return performance.now() - started;
    };
    const [first, second] = index % 2 === 0 ? [runLegacy, runOne] : [runOne, runLegacy];
    const firstMs = await first();
    const secondMs = await second();
    if (index < WARMUP) continue;
    legacy.push(index % 2 === 0 ? firstMs : secondMs);
    onePath.push(index % 2 === 0 ? secondMs : firstMs);
  }
  const rows = [
    ['updateItemField before issue 15 (legacy-update.ts)', legacy],
    ['the one write path (save-item.ts)', onePath],
  ].map(([what, times]) => {
    const values = times as number[];
    return [
      what as string,
      formatMs(percentile(values, 0.5)),
      formatMs(percentile(values, 0.95)),
      formatMs(percentile(values, 0.99)),
    ];
  });
  const ratio50 = percentile(onePath, 0.5) / percentile(legacy, 0.5);
  const ratio95 = percentile(onePath, 0.95) / percentile(legacy, 0.95);
  const machine = describeMachine();
  const section = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — the one write path vs updateItemField before it (issue 15)`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
    `- Node ${machine.node}; PostgreSQL on 127.0.0.1; ${ITEMS.toLocaleString('en-US')} items of one component in one project; a project member (staff); in-process, one transaction per save (component loaded in it); ${RUNS} measured pairs after ${WARMUP} unmeasured, alternating which runs first, each on its own random item`,
    `- Ratio one path / before: p50 ${ratio50.toFixed(2)}×, p95 ${ratio95.toFixed(2)}× — target "no slower": **${ratio50 <= 1.1 ? 'met' : 'not met'}** (within 10 % at the median)`,
    '',
    ...markdownTable(
      [
        ['save', 'left'],
        ['p50', 'right'],
        ['p95', 'right'],
        ['p99', 'right'],
      ],
      rows,
    ),
    '',
  ].join('\n');
  console.log(section);
  if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
} finally {
  await database.close();
  await dropDatabase(name);
  await rm(dataDir, { recursive: true, force: true });
}
