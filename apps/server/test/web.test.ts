import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY } from '../src/infra/http/security-headers.plugin.ts';
import { NONCE_PLACEHOLDER } from '../src/infra/spa/spa.plugin.ts';
import { buildTestApp } from './build-test-app.ts';

const INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}">
    <script type="module" nonce="${NONCE_PLACEHOLDER}" src="/assets/index-AbCd1234.js"></script>
    <style nonce="${NONCE_PLACEHOLDER}">body{margin:0}</style>
  </head>
  <body><div id="root"></div></body>
</html>`;

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'der-dist-'));
  fs.mkdirSync(path.join(dist, 'assets', 'brand'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), 'console.log("app");');
  fs.writeFileSync(
    path.join(dist, 'assets', 'brand', 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  fs.writeFileSync(path.join(dist, 'favicon.ico'), 'icon');
  app = await buildTestApp({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function cspNonce(response: LightMyRequestResponse): string {
  const csp = String(response.headers['content-security-policy']);
  const match = /script-src 'self' 'nonce-([^']+)'/.exec(csp);
  if (!match?.[1]) throw new Error(`no nonce in ${csp}`);
  return match[1];
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy']);
  const nonce = cspNonce(response);
  for (const directive of [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toContain('unsafe-eval');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it.each([
    ['the SPA', '/'],
    ['a page that does not exist', '/nao-existe'],
    ['a static asset', '/assets/index-AbCd1234.js'],
  ])('are on %s', async (_name, url) => {
    expectSecurityHeaders(await app.inject({ method: 'GET', url }));
  });

  it.each([
    ['an API route', '/api/application/getPlatformSettings'],
    ['an API error', '/api/nothing-here'],
  ])('are on %s, with a policy that allows nothing and no nonce', async (_name, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('carry a fresh nonce per request, the one written into index.html', async () => {
    const first = await app.inject({ method: 'GET', url: '/' });
    const second = await app.inject({ method: 'GET', url: '/' });
    const a = cspNonce(first);
    const b = cspNonce(second);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    for (const [response, nonce] of [
      [first, a],
      [second, b],
    ] as const) {
      expect(response.body).not.toContain(NONCE_PLACEHOLDER);
      expect(response.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(response.body).toContain(`<script type="module" nonce="${nonce}"`);
      expect(response.body).toContain(`<style nonce="${nonce}">`);
    }
  });
});

describe('SPA serving', () => {
  it.each([
    '/',
    '/aet',
    '/faixaDeDominio',
    '/validarAET?uid=123',
    '/runtime/7/kanban/3/Quadro',
    '/administration/users',
  ])('answers index.html with 200 for the product route %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<div id="root">');
  });

  it.each(['/nao-existe', '/runtime/7/unknownView', '/index.html'])(
    'answers index.html with 404 for %s, so the SPA shows its not-found page',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app");');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves unhashed files (brand images) revalidated, not cached for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/brand/logo.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('does not fall back to index.html for other methods', async () => {
    const response = await app.inject({ method: 'POST', url: '/aet' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});
