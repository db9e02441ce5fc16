/**
 * The e2e test stack, started by Playwright's webServer instead of the server alone:
 *
 *  (a) an SMTP capture server (smtp-server: no TLS, any credentials) that keeps every message in memory;
 *  (b) an HTTP "peer" for the tests: the captured messages (GET /mails?to=), a local reCAPTCHA verify endpoint
 *      (POST /recaptcha/verify) and the demo AET's validation address parsed from the server's log
 *      (GET /demo-aet-url);
 *  (c) a payment provider (apps/server/test/helpers/payment-provider-peer.ts) that creates the PIX and slip
 *      charges of the server and, when a test says the payer paid (POST /payments/pay?reference=<protocol> on
 *      the peer), notifies the server's webhook signed with the shared secret;
 *  (d) the server itself (apps/server/src/main.ts), wired to all of them.
 *
 * The server's own variables (PORT, HOST, DATA_DIR, SEED_DEMO_DATA, WEB_DIST_DIR) come from the webServer env
 * of playwright.config.ts; DATA_DIR defaults to a fresh temporary folder. Signals are forwarded to the server
 * and the stack exits with it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import smtpServerModule from 'smtp-server';
import {
  type PaymentProviderPeer,
  startPaymentProviderPeer,
} from '../../apps/server/test/helpers/payment-provider-peer.ts';
import { REPO_ROOT } from '../paths.ts';
import { parseMail } from './mime.ts';
import {
  type CapturedMail,
  E2E_PAYMENT_WEBHOOK_SECRET,
  E2E_RECAPTCHA_SECRET,
  E2E_RECAPTCHA_TOKEN_PREFIX,
  PEER_PORT,
  type RecaptchaVerification,
  SMTP_PORT,
} from './stack-constants.ts';

const { SMTPServer } = smtpServerModule;

const serverPort = Number(process.env.PORT ?? process.env.E2E_PORT ?? 3199);
const host = '127.0.0.1';
const log = (message: string) => process.stderr.write(`[e2e stack] ${message}\n`);

// ---------------------------------------------------------------- (a) SMTP capture

const mails: CapturedMail[] = [];

const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  allowInsecureAuth: true,
  logger: false,
  banner: 'DER e2e mail capture',
  size: 10 * 1024 * 1024,
  onAuth(_auth, _session, callback) {
    callback(null, { user: 'e2e' });
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      try {
        const parsed = parseMail(Buffer.concat(chunks).toString('latin1'));
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        mails.push({
          to: [...new Set([...envelopeTo, ...parsed.to])],
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html,
          receivedAt: new Date().toISOString(),
        });
        callback();
      } catch (error) {
        callback(error as Error);
      }
    });
  },
});

// ---------------------------------------------------------------- (b) peer

const verifications: RecaptchaVerification[] = [];
let demoAetUrl: string | null = null;

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function handlePeer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', `http://${host}`);
  if (request.method === 'GET' && url.pathname === '/health') {
    sendJson(response, 200, { ok: true, mails: mails.length, serverRunning: child?.exitCode === null });
    return;
  }
  if (request.method === 'GET' && url.pathname === '/mails') {
    const to = url.searchParams.get('to')?.trim().toLowerCase();
    sendJson(response, 200, to ? mails.filter((mail) => mail.to.includes(to)) : mails);
    return;
  }
  if (request.method === 'POST' && url.pathname === '/recaptcha/verify') {
    // Google's siteverify: a form body with secret, response and optionally remoteip.
    const form = new URLSearchParams(await readBody(request));
    const secret = form.get('secret') ?? '';
    const token = form.get('response') ?? '';
    const secretOk = secret === E2E_RECAPTCHA_SECRET;
    const tokenOk = token.startsWith(E2E_RECAPTCHA_TOKEN_PREFIX);
    const success = secretOk && tokenOk;
    verifications.push({ token, secretOk, success, at: new Date().toISOString() });
    const errorCodes = [
      ...(secretOk ? [] : ['invalid-input-secret']),
      ...(tokenOk ? [] : ['invalid-input-response']),
    ];
    sendJson(
      response,
      200,
      success
        ? { success: true, challenge_ts: new Date().toISOString(), hostname: host }
        : { success: false, 'error-codes': errorCodes },
    );
    return;
  }
  if (request.method === 'GET' && url.pathname === '/recaptcha/verifications') {
    sendJson(response, 200, verifications);
    return;
  }
  if (request.method === 'POST' && url.pathname === '/payments/pay') {
    // The payer paid the charge of this protocol number at their bank: the provider tells the server.
    const reference = url.searchParams.get('reference') ?? '';
    const charge = payments?.charges.findLast((candidate) => candidate.reference === reference);
    if (!payments || !charge) {
      sendJson(response, 404, { error: `no charge for ${reference}` });
      return;
    }
    const delivered = await payments.pay(charge.id, `http://${host}:${serverPort}`);
    sendJson(response, 200, { status: delivered.status, chargeId: charge.id });
    return;
  }
  if (request.method === 'GET' && url.pathname === '/demo-aet-url') {
    if (!demoAetUrl) {
      sendJson(response, 404, {
        error: 'the server has not logged the demo AET (SEED_DEMO_DATA, first start)',
      });
      return;
    }
    sendJson(response, 200, { url: demoAetUrl, uid: new URL(demoAetUrl).searchParams.get('uid') });
    return;
  }
  sendJson(response, 404, { error: 'not found' });
}

const peer = http.createServer((request, response) => {
  handlePeer(request, response).catch((error: unknown) => {
    sendJson(response, 500, { error: String(error) });
  });
});

interface Listener {
  listen(port: number, host: string, callback: () => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
}

function listen(server: Listener, port: number, name: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: Error) =>
      reject(new Error(`${name} could not listen on ${host}:${port}: ${error.message}`)),
    );
    server.listen(port, host, () => resolve());
  });
}

// ---------------------------------------------------------------- (c) the server

let child: ChildProcess | undefined;
let payments: PaymentProviderPeer | undefined;

/** The seed logs `demo AET issued: validate it at <url>` once (pino JSON: msg and url). */
function watchServerLine(line: string): void {
  if (demoAetUrl || !line.includes('demo AET issued')) return;
  try {
    const entry = JSON.parse(line) as { url?: unknown };
    if (typeof entry.url === 'string') {
      demoAetUrl = entry.url;
      return;
    }
  } catch {
    // Not JSON (a pretty printer): fall back to the text.
  }
  const match = /validate it at (\S+?)["\s]/.exec(`${line} `);
  if (match?.[1]) demoAetUrl = match[1];
}

async function main(): Promise<void> {
  await listen(smtp, SMTP_PORT, 'SMTP capture');
  await listen(peer, PEER_PORT, 'peer');
  payments = await startPaymentProviderPeer(E2E_PAYMENT_WEBHOOK_SECRET);
  log(
    `SMTP capture on ${host}:${SMTP_PORT}, peer on http://${host}:${PEER_PORT}, payments on ${payments.url}`,
  );

  const dataDir = process.env.DATA_DIR || mkdtempSync(path.join(os.tmpdir(), 'der-e2e-stack-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(serverPort),
    HOST: process.env.HOST || host,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: process.env.SEED_DEMO_DATA || 'true',
    SMTP_HOST: host,
    SMTP_PORT: String(SMTP_PORT),
    SMTP_SECURE: 'none',
    SMTP_USER: '',
    SMTP_PASSWORD: '',
    SMTP_FROM: 'DER e2e <nao-responda@der.e2e.test>',
    OUTBOX_POLL_MS: '200',
    // Every spec signs in from 127.0.0.1: the per-address limit of the public auth routes (30 a minute, covered
    // by the server's route tests) would turn a parallel e2e run into 429s. The per-account throttle stays.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    PUBLIC_URL: `http://${host}:${serverPort}`,
    PAYMENT_PROVIDER_URL: payments.url,
    PAYMENT_WEBHOOK_SECRET: E2E_PAYMENT_WEBHOOK_SECRET,
  };
  child = spawn(process.execPath, [path.join('apps', 'server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', (line) => {
    watchServerLine(line);
    process.stdout.write(`${line}\n`);
  });
  child.on('exit', (code, signal) => {
    log(`server exited (${signal ?? code})`);
    peer.close();
    void payments?.close();
    smtp.close(() => {});
    process.exit(code ?? (signal ? 1 : 0));
  });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (child && child.exitCode === null) child.kill(signal);
    else process.exit(0);
  });
}

main().catch((error: unknown) => {
  log(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  child?.kill('SIGTERM');
  process.exit(1);
});
