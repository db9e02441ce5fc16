import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGracefully } from '../src/infra/http/graceful-shutdown.ts';
import { buildTestApp } from './build-test-app.ts';
import { type ServerProcess, startServer } from './server-process.ts';

/** A slow route whose answer the test releases. */
function addSlowRoute(app: FastifyInstance) {
  let release: () => void = () => {};
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  app.get('/api/__test/slow', async () => {
    markStarted();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { done: true };
  });
  return { started, release: () => release() };
}

const request = (url: string) => `GET ${url} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\n\r\n`;

describe('graceful shutdown', () => {
  it('lets a request in flight finish while a new one gets 503 SERVER_SHUTTING_DOWN', async () => {
    const app = await buildTestApp();
    const slow = addSlowRoute(app);

    // Before close: a draining server sheds load with the JSON error.
    await app.ready();
    app.lifecycle.draining = true;
    const shed = await app.inject({ method: 'GET', url: '/api/health' });
    expect(shed.statusCode).toBe(503);
    expect(shed.json()).toMatchObject({ code: 'SERVER_SHUTTING_DOWN' });
    expect(shed.headers).toMatchObject({ connection: 'close', 'retry-after': '5' });
    app.lifecycle.draining = false;

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    // One keep-alive connection: the slow request, then (pipelined) a second one sent after shutdown began.
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(request('/api/__test/slow'));
    await slow.started;

    const closing = closeGracefully(app, 5_000);
    socket.write(request('/api/health'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    slow.release();

    expect(await closing).toBe('closed');
    await ended;
    const responses = received.split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(responses[0]).toContain('{"done":true}');
    expect(responses[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(responses[1]).toContain('"code":"SERVER_SHUTTING_DOWN"');
    expect(responses[1]).toContain('The server is restarting');
    expect(responses[1]).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(responses[1]).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('gives up on requests still running at the deadline', async () => {
    const app = await buildTestApp();
    const slow = addSlowRoute(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const pending = fetch(`http://127.0.0.1:${port}/api/__test/slow`).catch((error: unknown) => error);
    await slow.started;

    const before = Date.now();
    expect(await closeGracefully(app, 300)).toBe('timeout');
    expect(Date.now() - before).toBeLessThan(2_000);
    expect(await pending).toBeInstanceOf(Error);
    slow.release();
    // The app's own close (database included) still completes once the handler returns.
    await app.close();
  });
});

/** Opens a connection and resolves once it is connected; keeps what it receives and whether it closed. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const state = { received: '', closed: false };
  socket.on('data', (chunk) => {
    state.received += chunk.toString();
  });
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      state.closed = true;
      resolve();
    }),
  );
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, state, closed };
}

async function waitFor(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a server process receiving SIGTERM', () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  afterEach(async () => {
    await server?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers new requests 503 while a slow request finishes, closes idle connections, then exits', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'der-shutdown-'));
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '30000' });
    const { port } = server;

    // An idle keep-alive connection: one answered request, then nothing.
    const idle = await connect(port);
    idle.socket.write(request('/api/health'));
    await waitFor(() => idle.state.received.includes('"status"'), 20_000, "the idle connection's answer");

    // A slow request: its headers are in, its body still coming (a slow upload).
    const body = JSON.stringify({ UserName: 'ninguem', Password: 'nao-confere' });
    const slow = await connect(port);
    slow.socket.write(
      'POST /api/users/authenticate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    // Admitted (in flight) once the server has logged it; the request-context hook runs right after.
    await waitFor(
      () => server?.output().includes('/api/users/authenticate') ?? false,
      20_000,
      'the slow request',
    );

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await waitFor(() => server?.output().includes('shutting down') ?? false, 20_000, 'the shutdown log');

    // New requests get the product's JSON error, translated, with Connection: close and Retry-After.
    const shed = await fetch(`${server.url}/api/health`, { headers: { 'Accept-Language': 'en' } });
    expect(shed.status).toBe(503);
    expect(shed.headers.get('connection')).toBe('close');
    expect(shed.headers.get('retry-after')).toBe('5');
    expect(await shed.json()).toMatchObject({
      code: 'SERVER_SHUTTING_DOWN',
      Message: 'The server is restarting. Please try again shortly.',
    });
    const shedPtBr = await fetch(`${server.url}/api/health`);
    expect(await shedPtBr.json()).toMatchObject({
      Message: 'O servidor está reiniciando. Tente novamente em instantes.',
    });

    // The idle keep-alive connection was closed by the server; the slow one is still open.
    await idle.closed;
    expect(slow.state.closed).toBe(false);
    expect(server.child.exitCode).toBeNull();

    // The slow request completes with its real answer, then the process exits cleanly and on time.
    slow.socket.write(body.slice(10));
    await waitFor(() => slow.state.received.includes('\r\n\r\n'), 20_000, "the slow request's answer");
    expect(slow.state.received).toMatch(/^HTTP\/1\.1 200/);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(30_000);
    expect(server.output()).toContain('"msg":"stopped"');
  }, 200_000);

  it('cuts a request still running at SHUTDOWN_TIMEOUT_MS and exits on time', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'der-shutdown-'));
    server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '2000' });
    // An upload that never ends.
    const stuck = await connect(server.port);
    stuck.socket.write(
      'POST /api/users/authenticate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"UserName":',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    // Exit code 1: requests were cut.
    expect(await server.exited).toBe(1);
    const took = Date.now() - signalledAt;
    expect(took).toBeGreaterThanOrEqual(900);
    // The process ends itself by the deadline; the slack is for signal delivery and the exit event under load.
    expect(took).toBeLessThan(2_000 + 3_000);
    await stuck.closed;
    expect(server.output()).toContain('requests still running at the shutdown deadline were cut');
  }, 200_000);
});
