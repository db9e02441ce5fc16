import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The node binary the project pins (Node 24, type stripping); the machine's own may be older. */
function nodeBinary(repoRoot: string): string {
  const pinned = path.join(repoRoot, 'node_modules', '.bin', 'node');
  return existsSync(pinned) ? pinned : process.execPath;
}

/**
 * The real server, as production starts it, on a free port with an empty data folder of its own (PGlite:
 * one process per folder), with the demo data (the login scenario signs in as a demo account).
 */
export async function startAppServer(repoRoot: string): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-'));
  const server = await spawnServer(repoRoot, 'apps/server/src/main.ts', '/api/health', {
    DATA_DIR: dataDir,
    // The demo accounts are what the login scenario signs in with.
    SEED_DEMO_DATA: 'true',
    // One address sends the whole load: the per-address limit of the public auth routes would turn it into 429s.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    // Request logs written to a pipe cost more than the handlers being measured; warnings still show up.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  });
  return {
    baseUrl: server.baseUrl,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The baseline: a bare Fastify with one trivial JSON route (bench/lib/bare-server.ts). It runs in a process of
 * its own, like the real server, so neither shares a thread with the load generator.
 */
export async function startBareServer(repoRoot: string): Promise<RunningServer> {
  return spawnServer(repoRoot, 'bench/lib/bare-server.ts', '/bare', {});
}

async function spawnServer(
  repoRoot: string,
  entry: string,
  readyPath: string,
  extraEnv: Record<string, string>,
): Promise<RunningServer> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...extraEnv };
  delete env.DATABASE_URL;
  const child = spawn(nodeBinary(repoRoot), [entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = () => stopChild(child);
  try {
    await waitForReady(`${baseUrl}${readyPath}`, child, 90_000);
  } catch (error) {
    await stop();
    const tail = output.join('').split('\n').slice(-40).join('\n');
    throw new Error(`${entry}: ${(error as Error).message}\n--- output (tail) ---\n${tail}`);
  }
  return { baseUrl, stop };
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`exited (code ${child.exitCode}, signal ${child.signalCode}) before ${url} answered`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await delay(250);
  }
  throw new Error(`${url} did not answer 2xx within ${timeoutMs / 1000} s`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  // Graceful shutdown first (PGlite flushes its folder); a hung server must not hang the bench.
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
