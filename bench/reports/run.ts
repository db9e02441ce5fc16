import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportDefinitionInput } from '@der/contracts';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { runtimeItems } from '../../apps/server/src/engine/items/items.table.ts';
import { runtimeProjectPermissions } from '../../apps/server/src/engine/projects/project-permissions.table.ts';
import type { ListViewer } from '../../apps/server/src/engine/query/listing.service.ts';
import { getReportSourceOrThrow } from '../../apps/server/src/engine/reports/report-source.ts';
import { runReportFor } from '../../apps/server/src/engine/reports/reports.service.ts';
import { loadAppSecrets } from '../../apps/server/src/infra/crypto/app-secrets.ts';
import { type Database, openDatabase } from '../../apps/server/src/infra/db/database.ts';
import { users } from '../../apps/server/src/modules/accounts/accounts.table.ts';
import { runSeeds } from '../../apps/server/src/seed/seed.ts';
import { benchDefinition, ITEM_COMPONENT, loadItems, PROJECT_COMPONENT } from '../large-list/dataset.ts';
import { formatMs, percentile, timeIt } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { appendResults, markdownTable } from '../lib/report.ts';

/**
 * `npm run bench:reports [-- postgres|pglite]`: loads REPORT_ITEMS (default 1 000 000) items of one component
 * (bench/large-list's dataset: statuses aberto/fechado, one created every minute from 2024) into a fresh
 * PostgreSQL database and a fresh PGlite folder, then runs a report grouping them by status and month of
 * creation (count, sum and average of a currency field) as a project member (visibility predicate on), while
 * /api/health is called back to back in the same process; appends the figures to RESULTS.md.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ITEMS = Number(process.env.REPORT_ITEMS ?? 1_000_000);
const RUNS = Number(process.env.REPORT_RUNS ?? 20);
const MIN_SECONDS = Number(process.env.REPORT_MIN_SECONDS ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RECORD = process.env.BENCH_RECORD !== '0';
const REPORT_ID = 9190;
const SCANNED_REPORT_ID = 9191;

type Kind = 'postgres' | 'pglite';
const requested = process.argv.slice(2).filter((arg): arg is Kind => arg === 'postgres' || arg === 'pglite');
const kinds: Kind[] = requested.length > 0 ? requested : ['postgres', 'pglite'];

const label = (text: string) => ({ 'pt-BR': text, en: text });
const report: ReportDefinitionInput = {
  id: REPORT_ID,
  name: label('Pedidos por situação e mês'),
  groupBy: [
    { field: 'StatusName', by: 'value' },
    { field: 'CreationDate', by: 'month' },
  ],
  measures: [
    { aggregate: 'count' },
    { aggregate: 'sum', field: 'valor' },
    { aggregate: 'avg', field: 'valor' },
  ],
  chart: 'bar',
};
// The same groups with a minimum as well: a rollup cannot take a minimum back, so this one always scans.
const scannedReport: ReportDefinitionInput = {
  ...report,
  id: SCANNED_REPORT_ID,
  name: label('Pedidos por situação e mês, com mínimo'),
  measures: [...(report.measures ?? []), { aggregate: 'min', field: 'valor' }],
};
const definition = {
  ...benchDefinition,
  key: 'bench-reports',
  name: 'Bench: relatórios',
  components: benchDefinition.components.map((component) =>
    component.id === ITEM_COMPONENT ? { ...component, reports: [report, scannedReport] } : component,
  ),
};

interface Figures {
  loadSeconds: number;
  groups: number;
  firstRun: number;
  buildHealthP99: number;
  runs: number;
  scan: number;
  reportP50: number;
  reportP95: number;
  healthP50: number;
  healthP99: number;
  healthCalls: number;
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
  const name = `der_bench_reports_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 4 });
  return {
    database,
    drop: async () => {
      if (process.env.REPORT_KEEP_DB === '1') return console.log(`  kept database ${name}`);
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

async function run(kind: Kind): Promise<Partial<Figures>> {
  const figures: Partial<Figures> = {};
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-reports-'));
  const { database, drop } = await openFresh(kind, dataDir);
  try {
    await database.migrate();
    await runSeeds(database, { demoData: false });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' });
    const secrets = await loadAppSecrets({ dataDir, env: process.env });
    const app = await buildApp({ config, database, secrets });
    await app.ready();
    await app.services.definitions.importDefinition(definition, { userId: null });
    const db = database.db;
    const [member] = await db
      .insert(users)
      .values({
        kind: 'staff',
        login: 'bench.relatorios',
        name: 'Membro do Bench',
        email: 'bench.relatorios@example.gov.br',
        activated: true,
        passwordHash: 'not-used',
      })
      .returning();
    const [project] = await db
      .insert(runtimeItems)
      .values({ componentId: PROJECT_COMPONENT, formattedId: 'BPR-0001', title: 'Projeto do bench' })
      .returning();
    await db.insert(runtimeProjectPermissions).values({ projectId: project!.id, userId: member!.id });
    figures.loadSeconds =
      (await timeIt(() =>
        loadItems(db, {
          count: ITEMS,
          projectId: project!.id,
          userId: member!.id,
          onChunk: (done) => process.stdout.write(`\r  loaded ${done.toLocaleString('en-US')} items`),
        }),
      )) / 1000;
    process.stdout.write('\n');
    const viewer: ListViewer = { userId: member!.id, isAdministrator: true, language: 'pt-BR' };
    const memberViewer: ListViewer = { ...viewer, isAdministrator: false, kind: 'staff' };
    // The application is granted through the administrator's view; the member reads through visibility.
    const source = await getReportSourceOrThrow(db, viewer, REPORT_ID);
    const runOnce = () =>
      runReportFor(db, memberViewer, source, { parameters: {}, page: 1, rowsPerPage: 25 }, kind);
    /** Calls /api/health back to back (10 ms apart) until `done` resolves; the times of its answers. */
    const probeHealth = async (done: Promise<unknown>) => {
      const times: number[] = [];
      let running = true;
      void done.finally(() => {
        running = false;
      });
      while (running) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: '/api/health' });
        if (response.statusCode !== 200) throw new Error(`health answered ${response.statusCode}`);
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return times;
    };
    // The route warmed first: a cold first call would be the p99 of a short measure.
    for (let index = 0; index < 5; index += 1) await app.inject({ method: 'GET', url: '/api/health' });

    // The first run builds the report's rollup (one pass over the items, window by window); later runs read it.
    let warm: Awaited<ReturnType<typeof runOnce>> | undefined;
    const firstRun = timeIt(async () => {
      warm = await runOnce();
    });
    const [firstRunTime, buildHealth] = await Promise.all([firstRun, probeHealth(firstRun)]);
    figures.firstRun = firstRunTime;
    figures.buildHealthP99 = percentile(buildHealth, 0.99);
    if (!warm) throw new Error('the first run answered nothing');
    figures.groups = warm.groups.length;
    const expectedTotal = warm.totals[0];
    if (expectedTotal !== ITEMS) throw new Error(`the report counted ${expectedTotal} items of ${ITEMS}`);

    // At least RUNS runs and MIN_SECONDS of them, so /api/health is sampled often enough for its p99.
    const reportTimes: number[] = [];
    const runs = (async () => {
      const until = performance.now() + MIN_SECONDS * 1000;
      while (reportTimes.length < RUNS || performance.now() < until) reportTimes.push(await timeIt(runOnce));
    })();
    const [, healthTimes] = await Promise.all([runs, probeHealth(runs)]);
    figures.reportP50 = percentile(reportTimes, 0.5);
    figures.reportP95 = percentile(reportTimes, 0.95);
    figures.healthP50 = percentile(healthTimes, 0.5);
    figures.healthP99 = percentile(healthTimes, 0.99);
    figures.healthCalls = healthTimes.length;
    figures.runs = reportTimes.length;
    // What a run the rollup cannot answer costs (a minimum; the same holds for a parameter set): one scan.
    const scannedSource = await getReportSourceOrThrow(db, viewer, SCANNED_REPORT_ID);
    let scanned: Awaited<ReturnType<typeof runOnce>> | undefined;
    figures.scan = await timeIt(async () => {
      scanned = await runReportFor(
        db,
        memberViewer,
        scannedSource,
        { parameters: {}, page: 1, rowsPerPage: 25 },
        kind,
      );
    });
    // PGlite's scan adds window partials in floating point: equal to a part in a billion.
    const agrees = warm.totals.every((total, index) => {
      const other = scanned?.totals[index];
      return (
        total === other ||
        (total !== null && other != null && Math.abs(total - other) <= Math.abs(total) * 1e-9)
      );
    });
    if (!agrees) throw new Error(`the scan answered ${scanned?.totals} and the rollup ${warm.totals}`);
    console.log(
      `  ${kind}: report p50 ${formatMs(figures.reportP50)}, p95 ${formatMs(figures.reportP95)}; health p99 ${formatMs(figures.healthP99)} (${healthTimes.length} calls)`,
    );
    await app.close();
  } finally {
    await database.close().catch(() => {});
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}

const loadAtStart = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(', ');
const machine = describeMachine();
console.log(
  `reports bench: ${ITEMS.toLocaleString('en-US')} items; ${machine.cpuModel}, ${machine.cores} cores`,
);
const results = new Map<Kind, Partial<Figures>>();
for (const kind of kinds) {
  console.log(`${kind}:`);
  results.set(kind, await run(kind));
}
const load = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(', ');
const value = (kind: Kind, pick: (figures: Partial<Figures>) => number | undefined, digits = 1) => {
  const figure = results.has(kind) ? pick(results.get(kind)!) : undefined;
  return figure === undefined ? '—' : figure.toLocaleString('en-US', { maximumFractionDigits: digits });
};
const rows: Array<[string, (figures: Partial<Figures>) => number | undefined, string, number?]> = [
  ['load (SQL generate_series), s', (f) => f.loadSeconds, '—', 0],
  ['groups (status × month)', (f) => f.groups, '—', 0],
  ['first run (builds the rollup), ms', (f) => f.firstRun, '—', 0],
  ['/api/health p99 during the first run, ms', (f) => f.buildHealthP99, '—'],
  ['runs measured', (f) => f.runs, '—', 0],
  ['report by status and month, p50 ms', (f) => f.reportP50, '—'],
  ['report by status and month, p95 ms', (f) => f.reportP95, '≤ 1 000 (PostgreSQL), ≤ 3 000 (PGlite)'],
  ['/api/health p50 meanwhile, ms', (f) => f.healthP50, '—'],
  ['/api/health p99 meanwhile, ms', (f) => f.healthP99, '< 100'],
  ['/api/health calls meanwhile', (f) => f.healthCalls, '—', 0],
  ['same groups by a scan (report with a minimum: no rollup), ms', (f) => f.scan, '—', 0],
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
  `## ${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC — reports (${ITEMS.toLocaleString('en-US')} items by status and month)`,
  '',
  `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; load average at the start ${loadAtStart}, at the end ${load} (\`uptime\`; other sessions' work on the same machine included)`,
  `- Node ${machine.node}; \`npm run bench:reports\` (bench/reports): a report grouping ${ITEMS.toLocaleString('en-US')} items of one component by status and month of creation (count, sum and average of a currency field), run in process by a project member (visibility predicate on) through runReportFor, at least ${RUNS} times and for at least ${MIN_SECONDS} s, with /api/health called back to back (app.inject, 10 ms apart) meanwhile. The report reads its rollup (runtime_report_rollups, kept by the runtime_items triggers — the items are loaded by raw SQL and counted all the same), built by the first run`,
  '',
  ...table,
  '',
].join('\n');
console.log(`\n${section}`);
if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
