import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { writableComponentOrThrow } from '../../apps/server/src/engine/items/application-grant.ts';
import type { ItemActor } from '../../apps/server/src/engine/items/create-items.ts';
import { runtimeItems } from '../../apps/server/src/engine/items/items.table.ts';
import { saveItem } from '../../apps/server/src/engine/items/save-item.ts';
import type { Database } from '../../apps/server/src/infra/db/database.ts';
import { benchDefinition, ITEM_COMPONENT, loadItems, PROJECT_COMPONENT } from '../large-list/dataset.ts';
import { formatMs, percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { addBenchMember, benchApp, freshBenchDatabase } from '../lib/pg-bench.ts';
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
const RECORD = process.env.BENCH_RECORD !== '0';

/** The bench application, a project member granted it, and the items in the project. */
async function prepare(database: Database, dataDir: string): Promise<ItemActor> {
  const app = await benchApp(database, dataDir);
  await app.ready();
  const imported = await app.services.definitions.importDefinition(benchDefinition, { userId: null });
  await app.close();
  const { memberId, projectId } = await addBenchMember(database, {
    login: 'bench.escrita',
    name: 'Analista do Bench',
    applicationId: imported.applicationId,
    project: { componentId: PROJECT_COMPONENT, formattedId: 'BPR-0001', title: 'Projeto do bench' },
  });
  await loadItems(database.db, {
    count: ITEMS,
    projectId,
    userId: memberId,
    onChunk: (done) => process.stdout.write(`\r  loaded ${done.toLocaleString('en-US')} items`),
  });
  process.stdout.write('\n');
  return { userId: memberId, isAdministrator: false, language: 'pt-BR', kind: 'staff' };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-write-path-'));
const { database, name, drop } = await freshBenchDatabase('wp', 4);
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
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
