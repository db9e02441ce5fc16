import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../lib/servers.ts';

export interface LighthouseServer {
  baseUrl: string;
  /** The public validation address of the demo AET the first start issued (its uid is random). */
  demoAetUrl: string;
  stop: () => Promise<void>;
}

const DEMO_AET_LINE = /demo AET issued: validate it at (https?:[^"\s]+)/;

/**
 * The real server as `npm start` runs it (apps/server/src/main.ts, the built web app), on a free port with a
 * fresh DATA_DIR and the demo data, so the first start issues the demo AET and logs its address, read here.
 */
export async function startLighthouseServer(repoRoot: string): Promise<LighthouseServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-lighthouse-'));
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    PUBLIC_URL: baseUrl,
    // The demo AET's address is logged at info.
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const pinnedNode = path.join(repoRoot, 'node_modules', '.bin', 'node');
  const child = spawn(existsSync(pinnedNode) ? pinnedNode : process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const demoAetUrl = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      const match = DEMO_AET_LINE.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) =>
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`)),
    );
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await Promise.race([
      demoAetUrl,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no demo AET address within 120 s:\n${output}`)), 120_000),
      ),
    ]);
    await waitForHealth(baseUrl);
    return { baseUrl, demoAetUrl: url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitForHealth(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseUrl}/api/health did not answer within 60 s`);
}
