import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ITEM_COMPONENT, loadItems, PROJECT_COMPONENT } from '../large-list/dataset.ts';
import { addBenchMember, benchApp, freshBenchDatabase, sessionOfLogin } from '../lib/pg-bench.ts';
import { bulkBenchDefinition } from './definition.ts';

/**
 * `node bench/bulk/queries.ts`: the statements the bulk worker sends to PostgreSQL per item — a figure that does
 * not move with the machine's load (the items/s of `npm run bench:bulk` does). The same job as the bench (the
 * workflow action 'fechar' over every open item of a filter, as a project member, through the server's own
 * worker) over BULK_QUERY_ITEMS items (default 400); prints the statements per item and the most frequent ones.
 */
const ITEMS = Number(process.env.BULK_QUERY_ITEMS ?? 400);
const PASSWORD = 'Bench-Operacao-Massa-2026';

const counts = new Map<string, number>();
let counting = false;
const originalQuery = pg.Client.prototype.query;
// Every statement of the pool goes through Client#query (text or config object).
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '?'))
      .replace(/\s+/g, ' ')
      .slice(0, 110);
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-bulk-queries-'));
const { database, drop } = await freshBenchDatabase('bulkq');
try {
  const app = await benchApp(database, dataDir);
  await app.ready();
  const imported = await app.services.definitions.importDefinition(bulkBenchDefinition, { userId: null });
  const { memberId, projectId } = await addBenchMember(database, {
    login: 'bench.massa',
    name: 'Analista do Bench',
    password: PASSWORD,
    applicationId: imported.applicationId,
    project: { componentId: PROJECT_COMPONENT, formattedId: 'BPR-0001', title: 'Projeto do bench' },
  });
  await loadItems(database.db, { count: Math.ceil(ITEMS * 1.5), projectId, userId: memberId });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    payload: { UserName: 'bench.massa', Password: PASSWORD },
  });
  const token = sessionOfLogin(signIn.body).token;
  const started = await app.inject({
    method: 'POST',
    url: '/api/genericItem/executeBulkOperation',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      componentId: ITEM_COMPONENT,
      operation: { kind: 'action', action: 'fechar', reason: 'Encerrado em massa pelo bench' },
      filter: { filters: [{ field: 'StatusName', operator: 'eq', value: 'aberto' }] },
    },
  });
  const job = started.json() as { total: number };
  // The CPU each side spends, read from the kernel: a cost per item that the machine's load barely moves.
  const backends = async () => {
    const result = await database.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database()`,
    );
    return (result as unknown as { rows: Array<{ pid: number }> }).rows.map((row) => row.pid);
  };
  const postgresCpuMs = async (pids: number[]) => {
    let ticks = 0;
    for (const pid of pids) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    }
    return (ticks * 1000) / 100;
  };
  // The pool's connections exist before the worker starts: warm them up so every backend is counted.
  await Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
  const pids = await backends();
  const postgresBefore = await postgresCpuMs(pids);
  const nodeBefore = process.cpuUsage();
  const began = performance.now();
  counting = true;
  let done = 0;
  for (;;) {
    const round = await app.bulkWorker.runOnce();
    done += round.done;
    if (round.claimed === 0) break;
  }
  counting = false;
  const wallMs = performance.now() - began;
  const nodeCpu = process.cpuUsage(nodeBefore);
  const postgresMs = (await postgresCpuMs(pids)) - postgresBefore;
  await app.close();
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `bulk worker: ${done} of ${job.total} items done, ${total} statements, ${(total / done).toFixed(2)} per item`,
  );
  console.log(
    `per item: Node CPU ${((nodeCpu.user + nodeCpu.system) / 1000 / done).toFixed(2)} ms, PostgreSQL CPU ${(postgresMs / done).toFixed(2)} ms, wall ${(wallMs / done).toFixed(2)} ms (load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
  for (const [text, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${(n / done).toFixed(3).padStart(7)}  ${text}`);
} finally {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
