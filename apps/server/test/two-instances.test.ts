import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LoginResult, ProjectSummary } from '@der/contracts';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_CACHE_TTL_MS } from '../src/modules/platform/platform.service.ts';
import { SECURITY_SETTINGS_CACHE_TTL_MS } from '../src/modules/sessions/security-settings.service.ts';
import {
  DEMO_ADMIN_LOGIN,
  DEMO_ADMIN_PASSWORD,
  DEMO_ANALYST_LOGIN,
  DEMO_ANALYST_PASSWORD,
  DEMO_PERMISSIONARIO_LOGIN,
  DEMO_REQUERENTE_LOGIN,
} from '../src/seed/demo-accounts.ts';
import { createScratchDatabase, type ServerProcess, startServer } from './server-process.ts';

/**
 * Scale-out (architecture: "the server keeps no state that matters in process memory"): two real server
 * processes on one PostgreSQL, started together on an empty database, with requests alternating between
 * them. Runs in the PostgreSQL run of the suite (TEST_DATABASE_URL).
 */

const RATE_LIMIT_PER_MINUTE = 20;
const TASK_COMPONENT = 4;
const TASK_FORM = 5;

interface Smtp {
  port: number;
  received: { to: string[]; messageId: string }[];
  close(): Promise<void>;
}

async function startSmtp(): Promise<Smtp> {
  const received: Smtp['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('latin1');
      });
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function authenticate(server: ServerProcess, login: string, password: string): Promise<LoginResult> {
  const response = await fetch(`${server.url}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: login, Password: password }),
  });
  expect(response.status).toBe(200);
  return JSON.parse(Buffer.from(await response.text(), 'base64').toString('utf8')) as LoginResult;
}

async function signIn(server: ServerProcess, login: string, password: string): Promise<string> {
  const result = await authenticate(server, login, password);
  if (!result.success || !result.token) throw new Error(`${login} could not sign in: ${result.message}`);
  return result.token;
}

function call(server: ServerProcess, token: string, pathname: string, body?: unknown) {
  return fetch(`${server.url}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let smtp: Smtp;
  let a: ServerProcess;
  let b: ServerProcess;
  const dataDirs: string[] = [];
  const running: ServerProcess[] = [];
  let sql: pg.Client;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    smtp = await startSmtp();
    const env = {
      DATABASE_URL: scratch.url,
      JWT_SECRET: randomBytes(32).toString('base64'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SEED_DEMO_DATA: 'true',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'none',
      OUTBOX_POLL_MS: '100',
      AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE),
    };
    const dataDir = () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'der-two-'));
      dataDirs.push(folder);
      return folder;
    };
    // Both at once on the empty database: migrations, the key check and the first seed race.
    const started = await Promise.allSettled([
      startServer({ ...env, DATA_DIR: dataDir() }, 200_000),
      startServer({ ...env, DATA_DIR: dataDir() }, 200_000),
    ]);
    // Whichever came up is stopped in afterAll, even when the other did not.
    for (const result of started) if (result.status === 'fulfilled') running.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    [a, b] = running as [ServerProcess, ServerProcess];
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
  }, 240_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all(running.map((server) => server.stop()));
    await smtp?.close();
    await scratch?.drop();
    for (const folder of dataDirs) fs.rmSync(folder, { recursive: true, force: true });
  }, 30_000);

  it('both came up on the empty database, the migrations and the demo data applied once', async () => {
    const migrations = await sql.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const journal = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    expect(migrations.rows[0].n).toBe(journal.entries.length);
    expect((await sql.query('select count(*)::int as n from seed_runs')).rows[0].n).toBe(1);
    expect((await sql.query(`select count(*)::int as n from users where login = 'admin'`)).rows[0].n).toBe(1);
    expect((await sql.query('select count(*)::int as n from key_checks')).rows[0].n).toBe(1);
    expect(a.output()).not.toMatch(/"level":(50|60)/);
    expect(b.output()).not.toMatch(/"level":(50|60)/);
  });

  it('a session opened on A works on B, and a logout on B ends it on A', async () => {
    const token = await signIn(a, DEMO_ANALYST_LOGIN, DEMO_ANALYST_PASSWORD);
    expect((await call(b, token, '/users/renewToken')).status).toBe(200);
    expect((await call(b, token, '/users/logout', {})).status).toBe(200);
    expect((await call(a, token, '/users/renewToken')).status).toBe(401);
    expect((await call(b, token, '/users/renewToken')).status).toBe(401);
  });

  it('login failures on A count on B', async () => {
    const login = `ninguem-${randomBytes(4).toString('hex')}`;
    // The first four failures are free (no delay), wherever they happen: two on each instance.
    for (const server of [a, b, a, b]) {
      const result = await authenticate(server, login, 'errada');
      expect(result).toMatchObject({ success: false, retryAfterSeconds: null });
    }
    // One counter for the account, wherever the attempts went.
    const counted = await sql.query(
      'select failures from login_throttle order by last_failure_at desc limit 1',
    );
    expect(counted.rows[0].failures).toBe(4);
    // From the fifth on, an attempt within a second of the last failure must wait. Kept apart, each
    // instance would have seen only two failures and let the next three attempts through.
    let refused: LoginResult | undefined;
    for (const server of [a, b, a]) {
      const result = await authenticate(server, login, 'errada');
      if (result.retryAfterSeconds !== null) {
        refused = result;
        break;
      }
    }
    expect(refused).toMatchObject({ success: false });
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it('the per-address rate limit counts the requests of both instances together', async () => {
    // A fixed one-minute window: start in a fresh one rather than straddle its end.
    const second = new Date().getSeconds();
    if (second > 40) await new Promise((resolve) => setTimeout(resolve, (60 - second) * 1000 + 500));
    const validate = (server: ServerProcess) =>
      fetch(`${server.url}/api/requerente/validarAET?uid=nao-existe`);
    for (let i = 0; i < RATE_LIMIT_PER_MINUTE; i++) {
      expect((await validate(i % 2 === 0 ? a : b)).status).not.toBe(429);
    }
    for (const server of [a, b]) {
      const refused = await validate(server);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  }, 60_000);

  it('items created concurrently on both instances get distinct formatted IDs', async () => {
    const token = await signIn(b, DEMO_ANALYST_LOGIN, DEMO_ANALYST_PASSWORD);
    const projects = (await (
      await call(a, token, `/genericItem/loadProjects?componentId=3`)
    ).json()) as ProjectSummary[];
    const project = projects[0];
    if (!project) throw new Error('no demo project');
    const saves = Array.from({ length: 16 }, async (_, i) => {
      const response = await call(i % 2 === 0 ? a : b, token, '/genericItem/saveItem', {
        componentId: TASK_COMPONENT,
        formId: TASK_FORM,
        projectId: project.id,
        values: { Title: `tarefa concorrente ${i}` },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { saved: { formattedId: string } }).saved.formattedId;
    });
    const ids = await Promise.all(saves);
    expect(new Set(ids).size).toBe(ids.length);
  }, 60_000);

  it('the outbox is shared: each e-mail is sent once, by one of the instances', async () => {
    const before = smtp.received.length;
    const logins = [DEMO_ADMIN_LOGIN, DEMO_ANALYST_LOGIN, DEMO_PERMISSIONARIO_LOGIN, DEMO_REQUERENTE_LOGIN];
    const reset = (server: ServerProcess, login: string) =>
      fetch(`${server.url}/api/users/resetPassword`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ UserName: login }),
      });
    // Each account asks on A, then again on B: the second ask is within the cooldown (one e-mail each).
    for (const response of await Promise.all(logins.map((login) => reset(a, login)))) {
      expect(response.status).toBe(200);
    }
    for (const response of await Promise.all(logins.map((login) => reset(b, login)))) {
      expect(response.status).toBe(200);
    }
    await waitFor(
      () => smtp.received.length - before,
      (count) => count >= logins.length,
      20_000,
    );
    // Both workers poll every 100 ms: give them many more rounds to send anything twice.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const sent = smtp.received.slice(before);
    expect(sent).toHaveLength(logins.length);
    expect(new Set(sent.map((message) => message.messageId)).size).toBe(logins.length);
    expect(sent.flatMap((message) => message.to).sort()).toEqual(
      [
        'admin@demo.der.test',
        'analista@demo.der.test',
        DEMO_PERMISSIONARIO_LOGIN,
        DEMO_REQUERENTE_LOGIN,
      ].sort(),
    );
  }, 60_000);

  it('a security setting saved on B is seen on A within the settings cache lifetime', async () => {
    const token = await signIn(b, DEMO_ADMIN_LOGIN, DEMO_ADMIN_PASSWORD);
    const readOn = async (server: ServerProcess) =>
      (
        (await (await call(server, token, '/admin/getSecuritySettings')).json()) as {
          passwordMinLength: number;
        }
      ).passwordMinLength;
    const wanted = (await readOn(a)) + 1;
    const saved = await call(b, token, '/admin/saveSecuritySettings', { passwordMinLength: wanted });
    expect(saved.status).toBe(200);
    const savedAt = Date.now();
    expect(
      await waitFor(
        () => readOn(a),
        (value) => value === wanted,
        SECURITY_SETTINGS_CACHE_TTL_MS + 10_000,
      ),
    ).toBe(wanted);
    // The cache lifetime, and slack for a loaded machine.
    expect(Date.now() - savedAt).toBeLessThanOrEqual(SECURITY_SETTINGS_CACHE_TTL_MS + 5_000);
  });

  it('a platform setting saved on A is seen on B within the settings cache lifetime', async () => {
    const token = await signIn(a, DEMO_ADMIN_LOGIN, DEMO_ADMIN_PASSWORD);
    const brand = `DER ${randomBytes(3).toString('hex')}`;
    // B has the old value in its cache.
    await fetch(`${b.url}/api/application/getPlatformSettings`);
    const saved = await call(a, token, '/admin/savePlatformSettings', { brand });
    expect(saved.status).toBe(200);
    const savedAt = Date.now();
    const seen = await waitFor(
      async () =>
        ((await (await fetch(`${b.url}/api/application/getPlatformSettings`)).json()) as { brand: string })
          .brand,
      (value) => value === brand,
      SETTINGS_CACHE_TTL_MS + 10_000,
    );
    expect(seen).toBe(brand);
    expect(Date.now() - savedAt).toBeLessThanOrEqual(SETTINGS_CACHE_TTL_MS + 5_000);
  });
});
