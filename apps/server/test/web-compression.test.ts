import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/infra/http/compression.plugin.ts';
import { negotiateIndexEncoding } from '../src/infra/spa/index-encoding.ts';
import { NONCE_PLACEHOLDER } from '../src/infra/spa/spa.plugin.ts';
import { buildTestApp } from './build-test-app.ts';

// Large enough to be compressed (above the threshold), like a real index.html with its preloads.
const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}">
    <script type="module" nonce="${NONCE_PLACEHOLDER}" src="/assets/index-AbCd1234.js"></script>
    <style nonce="${NONCE_PLACEHOLDER}">${'body{margin:0}\n'.repeat(100)}</style>
  </head>
  <body><div id="root"></div></body>
</html>`;

const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `texto ${i}`))};\n`;
const SCRIPT_PATH = 'assets/index-AbCd1234.js';
// The copies hold a marker so a test can tell which file was sent, not only how it was encoded.
const BROTLI_TEXT = `${SCRIPT}// br\n`;
const GZIP_TEXT = `${SCRIPT}// gz\n`;
const LARGE_BODY = 'x'.repeat(COMPRESSION_THRESHOLD_BYTES * 8);

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'der-dist-'));
  fs.mkdirSync(path.join(dist, 'assets', 'brand'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, SCRIPT_PATH), SCRIPT);
  fs.writeFileSync(path.join(dist, `${SCRIPT_PATH}.br`), brotliCompressSync(BROTLI_TEXT));
  fs.writeFileSync(path.join(dist, `${SCRIPT_PATH}.gz`), gzipSync(GZIP_TEXT));
  fs.writeFileSync(
    path.join(dist, 'assets', 'brand', 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  app = await buildTestApp({ config: { webDistDir: dist } });
  // Routes of the kinds the real ones answer (Excel export, PDF, server-sent events), added after the
  // compression hook as the real ones are.
  app.get('/api/test/xlsx', (_request, reply) =>
    reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send(Readable.from([Buffer.from(LARGE_BODY), Buffer.from(LARGE_BODY)])),
  );
  app.get('/api/test/pdf', (_request, reply) => reply.type('application/pdf').send(Buffer.from(LARGE_BODY)));
  app.get('/api/test/events', (_request, reply) =>
    reply.type('text/event-stream').send(Readable.from([`data: ${LARGE_BODY}\n\n`])),
  );
  app.get('/api/test/download', (_request, reply) =>
    reply.type('application/octet-stream').send(Buffer.from(LARGE_BODY)),
  );
  app.get('/api/test/json', () => ({ texts: Array.from({ length: 200 }, (_, i) => `texto ${i}`) }));
  app.get('/api/test/small-json', () => ({ ok: true }));
  app.post('/api/test/echo', (request) => request.body);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
}

function varyOf(response: LightMyRequestResponse): string[] {
  return String(response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim());
}

describe('precompressed web app files', () => {
  it.each([
    ['br, gzip, deflate', 'br', BROTLI_TEXT],
    ['gzip, deflate', 'gzip', GZIP_TEXT],
    ['gzip;q=1, br;q=0.5', 'gzip', GZIP_TEXT],
  ])(
    'Accept-Encoding %j gets the %s copy, with the script type and the long cache',
    async (accept, encoding, text) => {
      const response = await get(`/${SCRIPT_PATH}`, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript\b/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varyOf(response)).toContain('accept-encoding');
      expect(decoded(response)).toBe(text);
    },
  );

  it.each([
    ['no Accept-Encoding', undefined],
    ['identity', 'identity'],
  ])('with %s, the file itself, still marked as varying by Accept-Encoding', async (_name, accept) => {
    const response = await get(`/${SCRIPT_PATH}`, accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varyOf(response)).toContain('accept-encoding');
  });

  it('never serves a compressed copy under its own name', async () => {
    for (const suffix of ['.br', '.gz']) {
      const response = await get(`/${SCRIPT_PATH}${suffix}`, 'br, gzip');
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('keeps unhashed files revalidated when they have no compressed copy', async () => {
    const response = await get('/assets/brand/logo.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
});

describe('index.html', () => {
  it('is compressed per request and keeps a fresh nonce in each', async () => {
    const first = await get('/aet', 'gzip, deflate, br');
    const second = await get('/aet', 'gzip, deflate, br');
    const bodies = [first, second].map((response) => {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(varyOf(response)).toContain('accept-encoding');
      const body = decoded(response);
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(
        String(response.headers['content-security-policy']),
      )?.[1];
      expect(nonce).toBeTruthy();
      expect(body).not.toContain(NONCE_PLACEHOLDER);
      expect(body).toContain(`<script type="module" nonce="${nonce}"`);
      return body;
    });
    expect(bodies[0]).not.toBe(bodies[1]);
  });

  it('goes in gzip to a client that refuses brotli, as it is to one that accepts no compression', async () => {
    const gzip = await get('/aet', 'br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toContain('<div id="root">');
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await get('/nao-existe', accept);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(varyOf(response)).toContain('accept-encoding');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('negotiates Accept-Encoding %j to %s', (header, expected) => {
    expect(negotiateIndexEncoding(header)).toBe(expected);
  });
});

describe('API answers', () => {
  it('compresses JSON above the threshold with brotli, else gzip', async () => {
    const expected = { texts: Array.from({ length: 200 }, (_, i) => `texto ${i}`) };
    expect(JSON.stringify(expected).length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const brotli = await get('/api/test/json', 'gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('application/json');
    expect(varyOf(brotli)).toContain('accept-encoding');
    expect(JSON.parse(decoded(brotli))).toEqual(expected);
    const gzip = await get('/api/test/json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(expected);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
  });

  it('compresses a real route: the OpenAPI document', async () => {
    const response = await get('/api/openapi.json', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(response))).toHaveProperty('openapi');
  });

  it('leaves JSON under the threshold as it is', async () => {
    const response = await get('/api/test/small-json', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ ok: true });
  });

  it.each([
    ['a streamed Excel export', '/api/test/xlsx', LARGE_BODY + LARGE_BODY],
    ['a PDF', '/api/test/pdf', LARGE_BODY],
    ['a download', '/api/test/download', LARGE_BODY],
    ['server-sent events', '/api/test/events', `data: ${LARGE_BODY}\n\n`],
  ])('does not compress %s', async (_name, url, body) => {
    const response = await get(url, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(body);
  });

  it('does not decompress request bodies: a gzip body is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ login: 'admin' })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('admin');
  });
});
