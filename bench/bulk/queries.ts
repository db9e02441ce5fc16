import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ITEM_COMPONENT, loadItems, PROJECT_COMPONENT } from '../large-list/dataset.ts';
import {
  addBenchMember,
  BENCH_PG_URL,
  benchApp,
  freshBenchDatabase,
  sessionOfLogin,
} from '../lib/pg-bench.ts';
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
/** One example of each statement (text and parameters), for BULK_QUERY_EXPLAIN. */
const samples = new Map<string, { text: string; values: unknown[] }>();
const EXPLAIN = process.env.BULK_QUERY_EXPLAIN === '1';
/** BULK_QUERY_CPU_PROFILE=file.cpuprofile: Node's CPU profile of the worker's rounds only (open it in DevTools). */
const PROFILE_PATH = process.env.BULK_QUERY_CPU_PROFILE;
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
    if (EXPLAIN && !samples.has(text) && typeof first === 'object' && first?.text)
      samples.set(text, {
        text: first.text,
        values: (args[1] as unknown[] | undefined) ?? (first as { values?: unknown[] }).values ?? [],
      });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function startCpuProfile() {
  const session = new Session();
  session.connect();
  const post = <T>(method: string) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result as T))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = await post<{ profile: object }>('Profiler.stop');
      session.disconnect();
      return profile;
    },
  };
}

/**
 * BULK_QUERY_EXPLAIN=1: each statement's planning and execution time on the server, run again with its sampled
 * parameters under EXPLAIN ANALYZE in a transaction rolled back (median of 20) — where PostgreSQL's CPU goes.
 */
async function explainSamples(): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const lines: string[] = [];
  try {
    for (const [short, sample] of samples) {
      if (!/^(select|update|insert|delete|with)/i.test(sample.text.trim())) continue;
      const planning: number[] = [];
      const execution: number[] = [];
      for (let round = 0; round < 20; round++) {
        await client.query('begin');
        try {
          const result = await client.query(
            `explain (analyze, summary, format json) ${sample.text}`,
            sample.values,
          );
          const plan = (result.rows[0] as { 'QUERY PLAN': Array<Record<string, number>> })['QUERY PLAN'][0]!;
          planning.push(plan['Planning Time']!);
          execution.push(plan['Execution Time']!);
        } catch (error) {
          lines.push(`  (failed: ${(error as Error).message}) ${short}`);
          break;
        } finally {
          await client.query('rollback');
        }
      }
      const median = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      if (planning.length > 0)
        lines.push(
          `${median(planning).toFixed(3).padStart(7)} ${median(execution).toFixed(3).padStart(7)}  ${short}`,
        );
    }
  } finally {
    await client.end();
  }
  return lines;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-bulk-queries-'));
const { database, name: databaseName, drop } = await freshBenchDatabase('bulkq');
const databaseUrl = Object.assign(new URL(BENCH_PG_URL), { pathname: `/${databaseName}` }).toString();
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
  const profiler = PROFILE_PATH ? await startCpuProfile() : null;
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
  if (profiler && PROFILE_PATH) await writeFile(PROFILE_PATH, JSON.stringify(await profiler.stop()));
  const postgresMs = (await postgresCpuMs(pids)) - postgresBefore;
  const explained = EXPLAIN ? await explainSamples() : [];
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
  if (EXPLAIN) {
    console.log('\nplanning / execution ms (median of 20 EXPLAIN ANALYZE, rolled back) per statement:');
    for (const line of explained) console.log(line);
  }
} finally {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
