import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runtimeItems } from '../../apps/server/src/engine/items/items.table.ts';
import type { Database } from '../../apps/server/src/infra/db/database.ts';
import { benchDefinition, ITEM_COMPONENT, loadItems, PROJECT_COMPONENT } from '../large-list/dataset.ts';
import { formatMs, percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { addBenchMember, benchApp, freshBenchDatabase, sessionOfLogin } from '../lib/pg-bench.ts';
import { appendResults, markdownTable } from '../lib/report.ts';

/**
 * `npm run bench:workflow`: issue 15's figures on PostgreSQL at WORKFLOW_ITEMS (default 1 000 000) items of one
 * component, as a project member (not an administrator: every statement carries the visibility predicate and the
 * application grant). Measured over HTTP (routing, session, contract validation included), alternating in one
 * run so both see the same machine: a workflow action on one item (executeTaskAction, p95 target ≤ 50 ms), and
 * a one-field edit (updateItemField) — both go through the one write path, and the ratio says what the
 * action's own checks and effects add. Appends to RESULTS.md unless BENCH_RECORD=0.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ITEMS = Number(process.env.WORKFLOW_ITEMS ?? 1_000_000);
const RUNS = Number(process.env.WORKFLOW_RUNS ?? 300);
const WARMUP = 30;
const PASSWORD = 'Bench-Fluxo-Trabalho-2026';
const RECORD = process.env.BENCH_RECORD !== '0';

const label = (text: string) => ({ 'pt-BR': text, en: text });

/** The large list's application with a workflow action: 'fechar', with a reason and a condition. */
const definition = {
  ...benchDefinition,
  key: 'bench-workflow',
  name: 'Bench: fluxo de trabalho',
  components: benchDefinition.components.map((component) =>
    component.id !== ITEM_COMPONENT
      ? component
      : {
          ...component,
          workflow: {
            statuses: component.workflow!.statuses,
            actions: [
              {
                key: 'fechar',
                name: label('Fechar'),
                from: ['aberto'],
                to: 'fechado',
                reasonRequired: true,
                validation: { expression: 'eixos >= 2', message: label('Eixos insuficientes') },
              },
            ],
          },
        },
  ),
};

async function prepare(database: Database, dataDir: string) {
  const app = await benchApp(database, dataDir);
  await app.ready();
  const imported = await app.services.definitions.importDefinition(definition, { userId: null });
  const login = 'bench.analista';
  const { memberId, projectId } = await addBenchMember(database, {
    login,
    name: 'Analista do Bench',
    password: PASSWORD,
    applicationId: imported.applicationId,
    project: { componentId: PROJECT_COMPONENT, formattedId: 'BPR-0001', title: 'Projeto do bench' },
  });
  const started = performance.now();
  await loadItems(database.db, {
    count: ITEMS,
    projectId,
    userId: memberId,
    onChunk: (done) => process.stdout.write(`\r  loaded ${done.toLocaleString('en-US')} items`),
  });
  process.stdout.write(`\n  loaded in ${formatMs(performance.now() - started)}\n`);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    payload: { UserName: login, Password: PASSWORD },
  });
  return { app, token: sessionOfLogin(signIn.body).token };
}

/** Random open items spread over the table (ids of the loaded range), with their current version. */
async function openItems(database: Database, count: number): Promise<Array<{ id: number; version: number }>> {
  const rows = await database.db
    .select({ id: runtimeItems.id, version: runtimeItems.version })
    .from(runtimeItems)
    .where(and(eq(runtimeItems.componentId, ITEM_COMPONENT), eq(runtimeItems.status, 'aberto')))
    // One scan at set-up, not measured: items spread over the whole table, not the newest pages only.
    .orderBy(sql`random()`)
    .limit(count);
  return rows;
}

async function timedPost(app: FastifyInstance, token: string, url: string, payload: unknown) {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });
  const ms = performance.now() - started;
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return { ms, body: response.json() as { version?: number; saved?: { version: number } } };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-workflow-'));
const { database, name, drop } = await freshBenchDatabase('wf', 4);
console.log(`bench:workflow — ${ITEMS.toLocaleString('en-US')} items on PostgreSQL (${name})`);
try {
  const { app, token } = await prepare(database, dataDir);
  const items = await openItems(database, WARMUP + RUNS);
  if (items.length < WARMUP + RUNS) throw new Error(`only ${items.length} open items found`);
  const action: number[] = [];
  const edit: number[] = [];
  for (const [index, item] of items.entries()) {
    // The same item: an edit, then the action at the edit's version (both the one write path).
    const edited = await timedPost(app, token, '/api/genericItem/updateItemField', {
      itemId: item.id,
      componentId: ITEM_COMPONENT,
      version: item.version,
      field: 'nome',
      value: `Transportadora revisada ${index}`,
    });
    const acted = await timedPost(app, token, '/api/genericItem/executeTaskAction', {
      itemId: item.id,
      componentId: ITEM_COMPONENT,
      version: edited.body.version,
      action: 'fechar',
      reason: 'Encerrado pelo bench',
    });
    if (acted.body.saved?.version !== (edited.body.version ?? 0) + 1)
      throw new Error(`the action did not move item ${item.id}`);
    if (index < WARMUP) continue;
    edit.push(edited.ms);
    action.push(acted.ms);
  }
  await app.close();
  const rows = [
    ['executeTaskAction (one item)', action],
    ['updateItemField (one field)', edit],
  ].map(([what, times]) => {
    const values = times as number[];
    return [
      what as string,
      formatMs(percentile(values, 0.5)),
      formatMs(percentile(values, 0.95)),
      formatMs(percentile(values, 0.99)),
    ];
  });
  const ratio = percentile(action, 0.95) / percentile(edit, 0.95);
  const machine = describeMachine();
  const met = percentile(action, 0.95) <= 50;
  const section = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — workflow actions (issue 15)`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
    `- Node ${machine.node}; PostgreSQL on 127.0.0.1; ${ITEMS.toLocaleString('en-US')} items of one component in one project; a project member (not an administrator) over HTTP (app.inject); ${RUNS} measured pairs after ${WARMUP} unmeasured, each pair on a random open item`,
    `- Target: an action on one item p95 ≤ 50 ms: **${met ? 'met' : 'not met'}**; the action's p95 is ${ratio.toFixed(2)}× the one-field edit's (both the one write path)`,
    '',
    ...markdownTable(
      [
        ['call', 'left'],
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
