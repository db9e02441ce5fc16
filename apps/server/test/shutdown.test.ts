import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeGracefully } from '../src/infra/http/graceful-shutdown.ts';
import { buildTestApp } from './build-test-app.ts';

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
