import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { ExecuteFilterBody } from '@der/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { EXPORT_BATCH_ROWS, writeListXlsx } from '../../apps/server/src/engine/excel/excel-export.ts';
import { importXlsx } from '../../apps/server/src/engine/excel/excel-import.ts';
import { runtimeItems } from '../../apps/server/src/engine/items/items.table.ts';
import { runtimeProjectPermissions } from '../../apps/server/src/engine/projects/project-permissions.table.ts';
import { encodeCursor } from '../../apps/server/src/engine/query/list-order.ts';
import { countCapped, pageIds } from '../../apps/server/src/engine/query/list-query.ts';
import { createListingService, type ListViewer } from '../../apps/server/src/engine/query/listing.service.ts';
import { loadAppSecrets } from '../../apps/server/src/infra/crypto/app-secrets.ts';
import { type Database, openDatabase } from '../../apps/server/src/infra/db/database.ts';
import { users } from '../../apps/server/src/modules/accounts/accounts.table.ts';
import { createPasswordHasher } from '../../apps/server/src/modules/identity/core/password-hasher.ts';
import { runSeeds } from '../../apps/server/src/seed/seed.ts';
import { describeMachine } from '../lib/machine.ts';
import { appendResults, markdownTable } from '../lib/report.ts';
import { benchDefinition, ITEM_COMPONENT, loadItems, PROJECT_COMPONENT } from './dataset.ts';
import { healthDuringExport } from './health-during-export.ts';
import { formatMs, percentile, timeIt } from './timing.ts';

/**
 * `npm run bench:large-list [-- postgres|pglite]`: loads LARGE_LIST_ITEMS (default 1 000 000) items of one
 * component into a fresh PostgreSQL database (`der_bench_<time>` on BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and into a fresh PGlite folder, then measures the list paths of
 * issue 6 and appends the figures to RESULTS.md. Not part of `npm test`. LARGE_LIST_ONLY=import skips the
 * list measures (to iterate on the import); BENCH_RECORD=0 does not append.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(benchDir, '..');
const ITEMS = Number(process.env.LARGE_LIST_ITEMS ?? 1_000_000);
const EXPORT_ROWS = Math.min(100_000, ITEMS);
const IMPORT_ROWS = Number(process.env.LARGE_LIST_IMPORT_ROWS ?? 10_000);
/**
 * Imports measured (the median counts): one run on a shared machine is at the mercy of a load spike. One more
 * import runs first, unmeasured, as the other measures warm up: the first call of a code path in a fresh
 * process runs unoptimised JavaScript.
 */
const IMPORT_RUNS = Number(process.env.LARGE_LIST_IMPORT_RUNS ?? 5);
/** Exports measured (the median counts), after an unmeasured warm-up one, as the imports. */
const EXPORT_RUNS = Number(process.env.LARGE_LIST_EXPORT_RUNS ?? 3);
const PAGE_RUNS = Number(process.env.LARGE_LIST_PAGE_RUNS ?? 100);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Bench-Lista-Grande-2026';
const RECORD = process.env.BENCH_RECORD !== '0';
const ONLY_IMPORT = process.env.LARGE_LIST_ONLY === 'import';

type Kind = 'postgres' | 'pglite';
const requested = process.argv.slice(2).filter((arg): arg is Kind => arg === 'postgres' || arg === 'pglite');
const kinds: Kind[] = requested.length > 0 ? requested : ['postgres', 'pglite'];

interface Figures {
  loadSeconds: number;
  pageP50: number;
  pageP95: number;
  cursorPage1: number;
  cursorPage10000: number;
  offsetPage10000: number;
  countP95: number;
  countUncappedP95: number;
  exportRowsPerSecond: number;
  exportMemoryMiB: number;
  importRowsPerSecond: number;
  healthP99?: number;
  httpExportRowsPerSecond?: number;
}

interface Prepared {
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

async function prepare(kind: Kind, figures: Partial<Figures>): Promise<Prepared> {
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

async function measure(prepared: Prepared, figures: Partial<Figures>): Promise<void> {
  const viewer: ListViewer = { userId: prepared.memberId, isAdministrator: false, language: 'pt-BR' };
  const component = await createListingService({ db: prepared.database.db }).loadComponent(
    viewer,
    ITEM_COMPONENT,
  );
  if (!ONLY_IMPORT) await measureList(prepared, figures);
  figures.importRowsPerSecond = await measureImport(prepared, viewer, component);
  await prepared.app.close();
}

async function measureList(prepared: Prepared, figures: Partial<Figures>): Promise<void> {
  const { database } = prepared;
  const db = database.db;
  const viewer: ListViewer = { userId: prepared.memberId, isAdministrator: false, language: 'pt-BR' };
  const listing = createListingService({ db });
  const component = await listing.loadComponent(viewer, ITEM_COMPONENT);
  const executeFilter = (body: Omit<ExecuteFilterBody, 'componentID'>) =>
    listing.executeFilter(viewer, {
      componentID: ITEM_COMPONENT,
      filters: [],
      logicSeparator: 'AND',
      page: 1,
      rowsPerPage: 50,
      ...body,
    } as Parameters<typeof listing.executeFilter>[1]);
  const query = (body: Omit<ExecuteFilterBody, 'componentID'>) =>
    ({ componentID: ITEM_COMPONENT, filters: [], logicSeparator: 'AND', ...body }) as Parameters<
      typeof listing.resolve
    >[2];

  // 1. A filtered and sorted page of 50 on indexed fields (varied filters and directions), count included.
  const pageTimes: number[] = [];
  for (let run = 0; run < PAGE_RUNS; run += 1) {
    const variant = run % 3;
    const body: Omit<ExecuteFilterBody, 'componentID'> =
      variant === 0
        ? {
            filters: [{ field: 'eixos', operator: 'gte', value: 2 + (run % 9) }],
            sort: { field: 'valor', sortDirection: run % 2 === 0 ? 'desc' : 'asc' },
          }
        : variant === 1
          ? {
              filters: [{ field: 'tipo', operator: 'eq', value: ['a', 'b', 'c'][run % 3] }],
              sort: { field: 'partida', sortDirection: 'asc' },
            }
          : {
              filters: [
                { field: 'valor', operator: 'between', value: run * 100, valueTo: run * 100 + 20_000 },
                { field: 'ativo', operator: 'eq', value: true },
              ],
              sort: { field: 'valor', sortDirection: 'asc' },
            };
    pageTimes.push(await timeIt(() => executeFilter(body)));
  }
  figures.pageP50 = percentile(pageTimes, 0.5);
  figures.pageP95 = percentile(pageTimes, 0.95);

  // 2. Page 1 against page 10 000 reached by a cursor (keyset), and page 10 000 by number (OFFSET).
  const deep: Omit<ExecuteFilterBody, 'componentID'> = {
    filters: [{ field: 'eixos', operator: 'gte', value: 5 }],
    sort: { field: 'valor', sortDirection: 'asc' },
  };
  const resolved = listing.resolve(viewer, component, query(deep));
  const pages = Math.min(10_000, Math.floor((ITEMS * 6) / 9 / 50));
  const [position] = await pageIds(db, resolved.scope, resolved.order, {
    offset: (pages - 1) * 50 - 1,
    limit: 1,
  });
  const after = encodeCursor(resolved.order, { value: position!.sortValue, id: position!.id });
  const first: number[] = [];
  const tenThousandth: number[] = [];
  for (let run = 0; run < 20; run += 1) {
    first.push(await timeIt(() => executeFilter(deep)));
    tenThousandth.push(await timeIt(() => executeFilter({ ...deep, after })));
  }
  figures.cursorPage1 = percentile(first, 0.5);
  figures.cursorPage10000 = percentile(tenThousandth, 0.5);
  const offsets: number[] = [];
  for (let run = 0; run < 3; run += 1)
    offsets.push(await timeIt(() => executeFilter({ ...deep, page: pages })));
  figures.offsetPage10000 = percentile(offsets, 0.5);

  // 3. The capped count alone: a filter matching most items (capped) and a narrow one (exact).
  const counts: number[] = [];
  const narrowCounts: number[] = [];
  const narrow = listing.resolve(
    viewer,
    component,
    query({ filters: [{ field: 'valor', operator: 'lt', value: 40 }] }),
  );
  for (let run = 0; run < 30; run += 1) {
    counts.push(await timeIt(() => countCapped(db, resolved.scope)));
    narrowCounts.push(await timeIt(() => countCapped(db, narrow.scope)));
  }
  figures.countP95 = percentile(counts, 0.95);
  figures.countUncappedP95 = percentile(narrowCounts, 0.95);

  // 4. Export of EXPORT_ROWS rows (the visible columns) into a sink that discards: rows/s and memory growth.
  const [{ minId }] = (await db
    .select({ minId: runtimeItems.id })
    .from(runtimeItems)
    .where(eq(runtimeItems.componentId, ITEM_COMPONENT))
    .orderBy(runtimeItems.id)
    .limit(1)) as [{ minId: number }];
  const exportQuery = query({
    filters: [{ field: 'ID', operator: 'lt', value: minId + EXPORT_ROWS }],
    sort: { field: 'ID', sortDirection: 'asc' },
  });
  const list = listing.resolve(viewer, component, exportQuery);
  // Memory growth from before the warm-up export to the peak of all of them.
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const rates: number[] = [];
  for (let run = -1; run < EXPORT_RUNS; run += 1) {
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
    let written = 0;
    const exportTime = await timeIt(async () => {
      written = await writeListXlsx(
        {
          db,
          viewer,
          language: 'pt-BR',
          list,
          sheetName: 'Pedidos',
          batchRows: EXPORT_BATCH_ROWS[database.kind],
        },
        sink,
      );
    });
    console.log(
      `  export${run < 0 ? ' (warm-up)' : ''}: ${written} rows, ${(bytes / 1024 ** 2).toFixed(1)} MiB in ${formatMs(exportTime)}`,
    );
    if (run >= 0) rates.push(written / (exportTime / 1000));
  }
  clearInterval(sampler);
  figures.exportRowsPerSecond = percentile(rates, 0.5);
  figures.exportMemoryMiB = (peak - baseline) / 1024 ** 2;
}

async function measureImport(
  prepared: Prepared,
  viewer: ListViewer,
  component: Awaited<ReturnType<ReturnType<typeof createListingService>['loadComponent']>>,
): Promise<number> {
  const db = prepared.database.db;
  // 5. Import of IMPORT_ROWS rows through the write side (createItems), all in one transaction; IMPORT_RUNS
  // times, each adding its rows.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pedidos');
  sheet.addRow(['Título', 'Valor', 'Eixos', 'Tipo', 'Partida', 'Ativo', 'Transportadora']);
  for (let row = 0; row < IMPORT_ROWS; row += 1) {
    sheet.addRow([
      `Importado ${row}`,
      (row * 37) % 50_000,
      2 + (row % 9),
      'Período',
      '02/03/2026 10:15',
      'Sim',
      `Carga ${row}`,
    ]);
  }
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const rates: number[] = [];
  for (let run = -1; run < IMPORT_RUNS; run += 1) {
    let imported = 0;
    const importTime = await timeIt(async () => {
      const result = await importXlsx(
        {
          db,
          actor: viewer,
          component,
          projectId: prepared.projectId,
          now: new Date(),
          fileName: 'bench.xlsx',
        },
        content,
      );
      if (!result.success) throw new Error(`import refused: ${JSON.stringify(result.errors.slice(0, 3))}`);
      imported = result.imported;
    });
    console.log(`  import${run < 0 ? ' (warm-up)' : ''}: ${imported} rows in ${formatMs(importTime)}`);
    if (run >= 0) rates.push(imported / (importTime / 1000));
  }
  return percentile(rates, 0.5);
}

function describeRow(kind: Kind, figures: Partial<Figures>) {
  console.log(
    `  ${kind}: ${JSON.stringify(figures, (_key, value) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value))}`,
  );
}

const results = new Map<Kind, Partial<Figures>>();
const machine = describeMachine();
console.log(
  `large list bench: ${ITEMS.toLocaleString('en-US')} items; ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}`,
);
for (const kind of kinds) {
  console.log(`${kind}:`);
  const figures: Partial<Figures> = {};
  results.set(kind, figures);
  const prepared = await prepare(kind, figures);
  try {
    await measure(prepared, figures);
    await prepared.database.close();
    if (kind === 'pglite' && !ONLY_IMPORT) {
      const health = await healthDuringExport({
        repoRoot,
        dataDir: prepared.dataDir,
        login: prepared.memberLogin,
        password: PASSWORD,
        componentId: ITEM_COMPONENT,
        projectId: prepared.projectId,
        rows: EXPORT_ROWS,
      });
      figures.healthP99 = health.healthP99;
      figures.httpExportRowsPerSecond = health.exportRowsPerSecond;
    }
  } finally {
    await prepared.database.close().catch(() => {});
    await prepared.drop();
    await rm(prepared.dataDir, { recursive: true, force: true });
  }
  describeRow(kind, figures);
}

const value = (kind: Kind, pick: (figures: Partial<Figures>) => number | undefined, digits = 1) => {
  const figure = results.has(kind) ? pick(results.get(kind)!) : undefined;
  return figure === undefined ? '—' : figure.toLocaleString('en-US', { maximumFractionDigits: digits });
};
const rows: Array<[string, (figures: Partial<Figures>) => number | undefined, string, number?]> = [
  ['load (SQL generate_series), s', (f) => f.loadSeconds, '—', 0],
  ['filtered + sorted page of 50, p50 ms', (f) => f.pageP50, '—'],
  ['filtered + sorted page of 50, p95 ms', (f) => f.pageP95, '≤ 50 (PostgreSQL)'],
  ['page 1 (cursor), p50 ms', (f) => f.cursorPage1, '—'],
  ['page 10 000 (cursor), p50 ms', (f) => f.cursorPage10000, '≤ 2 × page 1'],
  ['page 10 000 by number (OFFSET, deferred join), ms', (f) => f.offsetPage10000, '—'],
  ['capped count (1 000+), p95 ms', (f) => f.countP95, '≤ 20'],
  ['exact count (narrow filter), p95 ms', (f) => f.countUncappedP95, '—'],
  [`export ${EXPORT_ROWS.toLocaleString('en-US')} rows, rows/s`, (f) => f.exportRowsPerSecond, '≥ 30 000', 0],
  ['export memory growth (RSS peak), MiB', (f) => f.exportMemoryMiB, '≤ 150'],
  [`import ${IMPORT_ROWS.toLocaleString('en-US')} rows, rows/s`, (f) => f.importRowsPerSecond, '≥ 10 000', 0],
  ['export over HTTP, rows/s', (f) => f.httpExportRowsPerSecond, '—', 0],
  ['/api/health p99 during the HTTP export, ms', (f) => f.healthP99, '< 100 (PGlite)'],
];
const table = markdownTable(
  [
    ['measure', 'left'],
    ['PostgreSQL', 'right'],
    ['PGlite', 'right'],
    ['target', 'left'],
  ],
  rows.map(([name, pick, target, digits]) => [
    name,
    value('postgres', pick, digits),
    value('pglite', pick, digits),
    target,
  ]),
);
const section = [
  `## ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC — large list (${ITEMS.toLocaleString('en-US')} items)`,
  '',
  `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}`,
  `- Node ${machine.node}; \`npm run bench:large-list\` (bench/large-list): one component, ${ITEMS.toLocaleString('en-US')} items in one project, read by a project member (visibility predicate on); in-process calls of the listing service, except the HTTP export`,
  '',
  ...table,
  '',
].join('\n');
console.log(`\n${section}`);
if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
