import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../src/config/env.ts';

/** Real server processes (node apps/server/src/main.ts) for tests of start-up, shutdown and scale-out. */

const pinnedNode = path.join(REPO_ROOT, 'node_modules', '.bin', 'node');
const NODE = fs.existsSync(pinnedNode) ? pinnedNode : process.execPath;
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly url: string;
  /** Everything the process wrote so far (stdout, then stderr). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** Sends the signal (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The environment of a server process: quiet, no .env surprises, no SMTP, on `port`. */
function serverEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(base)) {
    if (/^(SMTP_|JWT_SECRET|ENCRYPTION_KEY|DATABASE_URL|PUBLIC_URL|SEED_DEMO_DATA)/.test(key))
      delete base[key];
  }
  return {
    ...base,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    // The web app is not needed: API routes only.
    WEB_DIST_DIR: path.join(REPO_ROOT, 'nonexistent-web-dist'),
    DATABASE_URL: '',
    ...env,
  };
}

/**
 * Spawns a server and keeps its output; does not wait for it to listen (see `startServer`). `wrapper`: a
 * command the server runs under (e.g. `unshare … ` to make it pid 1, as in a container).
 */
export function spawnServer(
  env: Record<string, string>,
  port: number,
  wrapper: string[] = [],
): ServerProcess {
  const [command, ...args] = [...wrapper, NODE, MAIN];
  const child = spawn(command as string, args, {
    env: serverEnv(port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => `${stdout}${stderr}`,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Spawns a server and waits until /api/health answers 200. */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 120_000,
  wrapper: string[] = [],
): Promise<ServerProcess> {
  const server = spawnServer(env, await freePort(), wrapper);
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`the server exited (${exitCode}) before listening:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${server.output()}`);
}

/** Runs a server that is expected to stop by itself (a refused start); its exit code and output. */
export async function runServerToExit(
  env: Record<string, string>,
  timeoutMs = 120_000,
  wrapper: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const server = spawnServer(env, await freePort(), wrapper);
  let stdout = '';
  let stderr = '';
  server.child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  server.child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const code = await server.exited;
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/**
 * A new, empty database on the TEST_DATABASE_URL server (not migrated: servers started on it migrate it),
 * dropped by `drop()` even while connections remain.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `der_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
