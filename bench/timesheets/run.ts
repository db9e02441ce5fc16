import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runtimeItems } from '../../apps/server/src/engine/items/items.table.ts';
import { timesheetEntries } from '../../apps/server/src/engine/timesheets/timesheets.table.ts';
import type { Database } from '../../apps/server/src/infra/db/database.ts';
import { benchDefinition, ITEM_COMPONENT, loadItems, PROJECT_COMPONENT } from '../large-list/dataset.ts';
import { formatMs, percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { addBenchMember, benchApp, freshBenchDatabase, sessionOfLogin } from '../lib/pg-bench.ts';
import { appendResults, markdownTable } from '../lib/report.ts';

/**
 * `npm run bench:timesheets`: issue 19's "saving a month of entries p95 ≤ 200 ms", on PostgreSQL, as a project
 * member (not an administrator: the visibility predicate and the application grant are on). One save is a whole
 * month of a full-time person — every working day of November 2026 with the day's eight hours over three tasks —
 * sent as one saveTimesheet over HTTP (app.inject: routing, session, contract, every check of the save). Between
 * runs the month is emptied again (not measured). TIMESHEET_ITEMS tasks sit in the table around it.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ITEMS = Number(process.env.TIMESHEET_ITEMS ?? 20_000);
const RUNS = Number(process.env.TIMESHEET_RUNS ?? 100);
const WARMUP = 10;
const PASSWORD = 'Bench-Apontamento-2026';
const RECORD = process.env.BENCH_RECORD !== '0';

/** The large list's application, its item component made a task of the timesheets. */
const definition = {
  ...benchDefinition,
  key: 'bench-timesheets',
  name: 'Bench: apontamentos',
  components: benchDefinition.components.map((component) =>
    component.id === ITEM_COMPONENT ? { ...component, timeEntry: 'task' as const } : component,
  ),
};

/** The working days of November 2026 (Mondays to Fridays less the 2nd, 15th and 20th, national holidays). */
function workingDays(): string[] {
  const days: string[] = [];
  for (let day = 1; day <= 30; day++) {
    const date = new Date(Date.UTC(2026, 10, day));
    const text = date.toISOString().slice(0, 10);
    if (date.getUTCDay() % 6 !== 0 && !['2026-11-02', '2026-11-20'].includes(text)) days.push(text);
  }
  return days;
}

async function prepare(database: Database, dataDir: string) {
  const app = await benchApp(database, dataDir);
  await app.ready();
  const imported = await app.services.definitions.importDefinition(definition, { userId: null });
  const login = 'bench.apontador';
  const { memberId, projectId } = await addBenchMember(database, {
    login,
    name: 'Apontador do Bench',
    password: PASSWORD,
    applicationId: imported.applicationId,
    project: { componentId: PROJECT_COMPONENT, formattedId: 'BPR-0001', title: 'Projeto do bench' },
  });
  await loadItems(database.db, { count: ITEMS, projectId, userId: memberId, onChunk: () => {} });
  const tasks = await database.db
    .select({ id: runtimeItems.id })
    .from(runtimeItems)
    .where(eq(runtimeItems.componentId, ITEM_COMPONENT))
    .limit(3);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    payload: { UserName: login, Password: PASSWORD },
  });
  return {
    app,
    token: sessionOfLogin(signIn.body).token,
    applicationId: imported.applicationId,
    memberId,
    taskIds: tasks.map((task) => task.id),
  };
}

async function timedSave(app: FastifyInstance, token: string, payload: Record<string, unknown>) {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/timesheet/saveTimesheet',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  const ms = performance.now() - started;
  if (response.statusCode !== 200)
    throw new Error(`saveTimesheet answered ${response.statusCode}: ${response.body}`);
  return ms;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-timesheets-'));
const { database, name, drop } = await freshBenchDatabase('ts', 4);
console.log(`bench:timesheets — ${ITEMS.toLocaleString('en-US')} tasks on PostgreSQL (${name})`);
try {
  const { app, token, applicationId, memberId, taskIds } = await prepare(database, dataDir);
  const days = workingDays();
  const entries = days.flatMap((day) =>
    taskIds.map((itemId, index) => ({ itemId, day, minutes: [240, 180, 60][index]! })),
  );
  const times: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const ms = await timedSave(app, token, { applicationId, entries, deletions: [] });
    if (run >= WARMUP) times.push(ms);
    await database.db.delete(timesheetEntries).where(eq(timesheetEntries.userId, memberId));
  }
  await app.close();
  const machine = describeMachine();
  const p95 = percentile(times, 0.95);
  const section = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — saving a month of time entries (issue 19)`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
    `- Node ${machine.node}; PostgreSQL on 127.0.0.1; ${ITEMS.toLocaleString('en-US')} tasks in one project; a project member over HTTP (app.inject); one save = ${entries.length} entries (${days.length} working days × ${taskIds.length} tasks, 8 h a day); ${RUNS} measured saves after ${WARMUP} unmeasured`,
    `- Target: saving a month p95 ≤ 200 ms: **${p95 <= 200 ? 'met' : 'not met'}**`,
    '',
    ...markdownTable(
      [
        ['call', 'left'],
        ['p50', 'right'],
        ['p95', 'right'],
        ['p99', 'right'],
      ],
      [
        [
          `saveTimesheet (${entries.length} entries)`,
          formatMs(percentile(times, 0.5)),
          formatMs(p95),
          formatMs(percentile(times, 0.99)),
        ],
      ],
    ),
    '',
  ].join('\n');
  console.log(section);
  if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
} finally {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
