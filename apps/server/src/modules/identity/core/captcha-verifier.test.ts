import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../infra/crypto/tokens.ts';
import { type CaptchaTokenStore, createCaptchaVerifier } from './captcha-verifier.ts';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
const received: Array<{ contentType: string | undefined; form: URLSearchParams }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ contentType: request.headers['content-type'], form: new URLSearchParams(body) });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  handler = (_request, _body, response) =>
    answer(response, { success: true, hostname: 'portal.der.example' });
});

function answer(response: ServerResponse, json: unknown, status = 200) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(json));
}

function createMemoryStore(): CaptchaTokenStore & { hashes: Set<string> } {
  const hashes = new Set<string>();
  return {
    hashes,
    async markUsed(tokenHash) {
      if (hashes.has(tokenHash)) return false;
      hashes.add(tokenHash);
      return true;
    },
  };
}

function createVerifier(
  overrides: { timeoutMs?: number; expectedHostname?: string; verifyUrl?: string } = {},
) {
  const store = createMemoryStore();
  const verifier = createCaptchaVerifier({
    secret: 'server-secret',
    store,
    verifyUrl: overrides.verifyUrl ?? `${baseUrl}/recaptcha/api/siteverify`,
    timeoutMs: overrides.timeoutMs ?? 2000,
    ...(overrides.expectedHostname ? { expectedHostname: overrides.expectedHostname } : {}),
  });
  return { store, verifier };
}

describe('captcha verifier', () => {
  it('posts the secret, the token and the client address form-encoded, and accepts a success', async () => {
    const { verifier, store } = createVerifier();
    expect(await verifier.verify('solved-token', { remoteIp: '203.0.113.9' })).toEqual({ valid: true });
    expect(received).toHaveLength(1);
    expect(received[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(received[0]?.form ?? [])).toEqual({
      secret: 'server-secret',
      response: 'solved-token',
      remoteip: '203.0.113.9',
    });
    // Stored as a hash only.
    expect([...store.hashes]).toEqual([sha256Hex('solved-token')]);
  });

  it('accepts a token once: a second use is refused without asking Google', async () => {
    const { verifier } = createVerifier();
    expect(await verifier.verify('token-a')).toEqual({ valid: true });
    expect(await verifier.verify('token-a')).toEqual({ valid: false, reason: 'already-used' });
    expect(received).toHaveLength(1);
  });

  it('refuses a missing or oversized token without a request', async () => {
    const { verifier } = createVerifier();
    for (const token of [undefined, null, '', '   ', 'x'.repeat(5000)]) {
      expect(await verifier.verify(token)).toEqual({ valid: false, reason: 'missing-token' });
    }
    expect(received).toHaveLength(0);
  });

  it('refuses what Google rejects, keeping its error codes', async () => {
    handler = (_request, _body, response) =>
      answer(response, { success: false, 'error-codes': ['timeout-or-duplicate'] });
    const { verifier } = createVerifier();
    expect(await verifier.verify('old-token')).toEqual({
      valid: false,
      reason: 'rejected',
      errorCodes: ['timeout-or-duplicate'],
    });
  });

  it('refuses a solution made for another hostname when one is expected', async () => {
    handler = (_request, _body, response) => answer(response, { success: true, hostname: 'evil.example' });
    const { verifier } = createVerifier({ expectedHostname: 'portal.der.example' });
    expect(await verifier.verify('harvested')).toEqual({ valid: false, reason: 'hostname-mismatch' });
  });

  it('answers invalid with reason timeout when Google does not answer in time', async () => {
    handler = (_request, _body, response) => {
      setTimeout(() => answer(response, { success: true }), 1000);
    };
    const { verifier } = createVerifier({ timeoutMs: 100 });
    const started = Date.now();
    expect(await verifier.verify('slow')).toEqual({ valid: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('answers invalid with reason unavailable on an HTTP error or a refused connection', async () => {
    handler = (_request, _body, response) => answer(response, { error: 'boom' }, 502);
    expect(await createVerifier().verifier.verify('t1')).toEqual({ valid: false, reason: 'unavailable' });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { verifier } = createVerifier({ verifyUrl: `http://127.0.0.1:${port}/siteverify` });
    expect(await verifier.verify('t2')).toEqual({ valid: false, reason: 'unavailable' });
  });

  it('answers invalid with reason bad-response for a body that is not the expected JSON', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>captive portal</html>');
    };
    expect(await createVerifier().verifier.verify('t1')).toEqual({ valid: false, reason: 'bad-response' });
    handler = (_request, _body, response) => answer(response, { ok: true });
    expect(await createVerifier().verifier.verify('t2')).toEqual({ valid: false, reason: 'bad-response' });
  });
});
