import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { findFreePort } from '../lib/servers.ts';
import { percentile } from './timing.ts';

function nodeBinary(repoRoot: string): string {
  const pinned = path.join(repoRoot, 'node_modules', '.bin', 'node');
  return existsSync(pinned) ? pinned : process.execPath;
}

async function waitUntilUp(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('').slice(-3000)}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

/**
 * The real server (apps/server/src/main.ts) on the PGlite folder the bench filled: PGlite has one connection
 * (in a worker thread), so a long export competes with every other request's statements. Streams an export of `rows` rows over HTTP
 * while /api/health is called back to back, and answers the health p99 and the export's rows/s.
 */
export async function healthDuringExport(options: {
  repoRoot: string;
  dataDir: string;
  login: string;
  password: string;
  componentId: number;
  /** Items are numbered from the project's id on (bulk load): ID ≤ projectId + rows selects `rows` items. */
  projectId: number;
  rows: number;
}): Promise<{ healthP99: number; exportRowsPerSecond: number; healthCalls: number }> {
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  delete env.DATABASE_URL;
  const child = spawn(nodeBinary(options.repoRoot), ['apps/server/src/main.ts'], {
    cwd: options.repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await waitUntilUp(`${base}/api/health`, child, output);
    const login = await fetch(`${base}/api/users/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ UserName: options.login, Password: options.password }),
    });
    const result = JSON.parse(Buffer.from(await login.text(), 'base64').toString('utf8')) as {
      token?: string;
    };
    if (!result.token) throw new Error(`bench login failed: ${JSON.stringify(result)}`);

    // Warm-up: the first calls compile routes and fill caches.
    for (let call = 0; call < 50; call += 1) await (await fetch(`${base}/api/health`)).arrayBuffer();

    const started = performance.now();
    let done = false;
    const exported = fetch(`${base}/api/genericItem/exportExcel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${result.token}` },
      body: JSON.stringify({
        componentID: options.componentId,
        filters: [{ field: 'ID', operator: 'lte', value: options.projectId + options.rows }],
        sort: { field: 'ID', sortDirection: 'asc' },
      }),
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`export answered ${response.status}: ${await response.text()}`);
        return (await response.arrayBuffer()).byteLength;
      })
      .finally(() => {
        done = true;
      });
    const latencies: number[] = [];
    while (!done) {
      const call = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`health answered ${response.status}`);
      latencies.push(performance.now() - call);
    }
    await exported;
    const seconds = (performance.now() - started) / 1000;
    return {
      healthP99: percentile(latencies, 0.99),
      exportRowsPerSecond: options.rows / seconds,
      healthCalls: latencies.length,
    };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }
}
