import fs from 'node:fs';
import path from 'node:path';
import { isKnownWebPath } from '@der/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.ts';
import { API_PREFIX } from '../http/register-route.ts';
import { encodeIndex, negotiateIndexEncoding } from './index-encoding.ts';

/** The literal Vite writes into index.html wherever the per-request CSP nonce goes. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

// Vite's content-hashed file names (index-BXk3a9_z.js): their content never changes, so browsers keep them.
const HASHED_ASSET = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** The build writes a brotli and a gzip copy beside each file worth compressing (apps/web/build/precompress.ts). */
const PRECOMPRESSED_SUFFIX = /\.(?:br|gz)$/;

export const DIST_MISSING_TEXT = [
  'O aplicativo web ainda não foi compilado (web app not built).',
  '',
  'Execute `npm run build` na raiz do repositório e reinicie o servidor.',
  'Run `npm run build` in the repository root, then restart the server.',
  '',
].join('\n');

/** The cache rule of a file, by its name (the one asked for, not the compressed copy sent for it). */
export function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith('assets/') && HASHED_ASSET.test(relativePath)) {
    return 'public, max-age=31536000, immutable';
  }
  // Unhashed files (brand images, favicon, a service worker) may change between releases: revalidate by ETag.
  return 'no-cache';
}

function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

/**
 * Serves the built web app (WEB_DIST_DIR): its files — the brotli or gzip copy the build made when the client
 * accepts one (Content-Encoding, `Vary: Accept-Encoding`), else the file itself — and index.html for every other GET path
 * (history fallback) with the request's CSP nonce written in. Status 200 for a route of the product, 404 for
 * anything else — the SPA then shows its not-found page. Unknown /api paths answer JSON ROUTE_NOT_FOUND.
 */
export const spaPlugin = fp(
  async (app, options: { distDir: string }) => {
    const indexFile = path.join(options.distDir, 'index.html');
    // Read once at start: the per-request work is a join of the pieces around the placeholder.
    const indexParts = fs.existsSync(indexFile)
      ? fs.readFileSync(indexFile, 'utf8').split(NONCE_PLACEHOLDER)
      : null;
    if (!indexParts) {
      app.log.warn({ distDir: options.distDir }, 'web app not built: run `npm run build`; pages answer 503');
    }

    if (indexParts) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        prefix: '/',
        // One route per file, found at start: no file-system lookup for paths that are not files.
        wildcard: false,
        index: false,
        // index.html is only ever sent with its nonce filled in, below; the compressed copies only in place of
        // their file, never under their own names.
        globIgnore: ['index.html', '**/*.br', '**/*.gz'],
        preCompressed: true,
        cacheControl: false,
        decorateReply: false,
        setHeaders(reply, filePath) {
          const relativePath = path.relative(options.distDir, filePath).replace(PRECOMPRESSED_SUFFIX, '');
          reply.header('cache-control', cacheControlFor(relativePath));
        },
      });
    }

    function sendIndex(request: FastifyRequest, reply: FastifyReply, pathname: string) {
      if (!indexParts) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(DIST_MISSING_TEXT);
      }
      const html = indexParts.join(request.cspNonce);
      reply
        .code(isKnownWebPath(pathname) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('vary', 'accept-encoding');
      // compression.plugin.ts's hook is not on the not-found handler: index.html (new per request, for its
      // nonce) is compressed here.
      const encoding = negotiateIndexEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(encodeIndex(html, encoding));
    }

    app.setNotFoundHandler(async (request, reply) => {
      const queryAt = request.url.indexOf('?');
      const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
      if (isApiPath(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        throw new AppError('ROUTE_NOT_FOUND');
      }
      return sendIndex(request, reply, pathname);
    });
  },
  { name: 'spa', dependencies: ['security-headers'] },
);
