import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import { runtimeItems } from '../../apps/server/src/engine/items/items.table.ts';
import type { Database } from '../../apps/server/src/infra/db/database.ts';
import { ITEM_COMPONENT, loadItems, PROJECT_COMPONENT } from '../large-list/dataset.ts';
import { formatMs, percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { addBenchMember, benchApp, freshBenchDatabase, sessionOfLogin } from '../lib/pg-bench.ts';
import { appendResults, markdownTable } from '../lib/report.ts';
import { bulkBenchDefinition } from './definition.ts';

/**
 * `npm run bench:bulk`: issue 16's bulk figure on PostgreSQL — a workflow action over BULK_ITEMS (default
 * 10 000) items, started over HTTP as a project member with executeBulkOperation over every item of a filter
 * (resolved through the list query with the visibility predicate), run by the server's own bulk worker (as
 * main.ts starts it) item by item through the one write path. Meanwhile a client asks `/api/health` over real
 * HTTP every BULK_HEALTH_EVERY_MS. Targets: ≥ 500 items/s, health p99 < 100 ms. Appends to RESULTS.md unless
 * BENCH_RECORD=0.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ITEMS = Number(process.env.BULK_ITEMS ?? 10_000);
const HEALTH_EVERY_MS = Number(process.env.BULK_HEALTH_EVERY_MS ?? 20);
const PASSWORD = 'Bench-Operacao-Massa-2026';
const RECORD = process.env.BENCH_RECORD !== '0';

async function prepare(database: Database, dataDir: string) {
  const app = await benchApp(database, dataDir);
  await app.ready();
  const imported = await app.services.definitions.importDefinition(bulkBenchDefinition, { userId: null });
  const login = 'bench.massa';
  const { memberId, projectId } = await addBenchMember(database, {
    login,
    name: 'Analista do Bench',
    password: PASSWORD,
    applicationId: imported.applicationId,
    project: { componentId: PROJECT_COMPONENT, formattedId: 'BPR-0001', title: 'Projeto do bench' },
  });
  // A third of the loaded items are 'fechado' already: load half again as many, the filter takes the open ones.
  await loadItems(database.db, { count: Math.ceil(ITEMS * 1.5), projectId, userId: memberId });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${address}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: login, Password: PASSWORD }),
  });
  return { app, address, token: sessionOfLogin(await signIn.text()).token };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-bulk-'));
// The server's default pool (10): the worker takes 4, the requests the rest.
const { database, name, drop } = await freshBenchDatabase('bulk');
console.log(
  `bench:bulk — a workflow action over ${ITEMS.toLocaleString('en-US')} items on PostgreSQL (${name})`,
);
try {
  const { app, address, token } = await prepare(database, dataDir);
  const post = async (url: string, body: unknown) => {
    const response = await fetch(`${address}/api/genericItem/${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };

  // Health asked all along, one request after another, like a load balancer's probe (but much more often).
  const health: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      const response = await fetch(`${address}/api/health`);
      await response.arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();

  app.bulkWorker.start();
  const started = performance.now();
  const job = (await post('executeBulkOperation', {
    componentId: ITEM_COMPONENT,
    operation: { kind: 'action', action: 'fechar', reason: 'Encerrado em massa pelo bench' },
    filter: { filters: [{ field: 'StatusName', operator: 'eq', value: 'aberto' }] },
  })) as { id: number; total: number };
  const createdMs = performance.now() - started;
  let detail: { job: { status: string; done: number; failed: number; total: number } };
  for (;;) {
    detail = (await post('getBulkJob', { id: job.id })) as typeof detail;
    if (detail.job.status === 'finished') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const elapsedMs = performance.now() - started;
  probing = false;
  await probe;
  const [moved] = await database.db
    .select({ n: count() })
    .from(runtimeItems)
    .where(and(eq(runtimeItems.componentId, ITEM_COMPONENT), eq(runtimeItems.status, 'fechado')));
  await app.close();

  const total = detail.job.total;
  const itemsPerSecond = total / (elapsedMs / 1000);
  const healthP99 = percentile(health, 0.99);
  const machine = describeMachine();
  const section = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — bulk operation (issue 16)`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
    `- Node ${machine.node}; PostgreSQL on 127.0.0.1; a project member starts 'fechar' (with a reason) over every open item of a filter (${total.toLocaleString('en-US')} of ${Math.ceil(ITEMS * 1.5).toLocaleString('en-US')} items) over HTTP; the server's bulk worker (4 transactions at a time of up to 10 items read and locked together, a savepoint per item once one fails; pool of 10) runs each through the one write path; \`/api/health\` asked over HTTP every ${HEALTH_EVERY_MS} ms meanwhile (${health.length} requests)`,
    `- Result: ${detail.job.done.toLocaleString('en-US')} done, ${detail.job.failed} failed; ${Number(moved?.n ?? 0).toLocaleString('en-US')} items now 'fechado'; job created (items resolved and written) in ${formatMs(createdMs)}`,
    `- Targets: ≥ 500 items/s: **${itemsPerSecond >= 500 ? 'met' : 'not met'}**; health p99 < 100 ms: **${healthP99 < 100 ? 'met' : 'not met'}**`,
    '',
    ...markdownTable(
      [
        ['measure', 'left'],
        ['value', 'right'],
      ],
      [
        ['items per second (creation to finished)', itemsPerSecond.toFixed(0)],
        ['whole job', formatMs(elapsedMs)],
        ['/api/health p50', formatMs(percentile(health, 0.5))],
        ['/api/health p95', formatMs(percentile(health, 0.95))],
        ['/api/health p99', formatMs(healthP99)],
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
