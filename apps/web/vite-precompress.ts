import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; fonts (woff2), images other than SVG and PDFs are compressed already. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the bytes of its own response headers. */
const MIN_BYTES = 1024;
/** A copy that saves less than this share is not worth a second file. */
const MAX_RATIO = 0.9;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressFile(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length * MAX_RATIO) await writeFile(`${file}.br`, br);
  if (gz.length < content.length * MAX_RATIO) await writeFile(`${file}.gz`, gz);
}

/**
 * Writes a brotli (`.br`, maximum quality) and a gzip (`.gz`, level 9) copy beside every text file of the
 * build, once, so the server sends them without compressing per request (apps/server/src/infra/spa
 * /spa.plugin.ts, @fastify/static's preCompressed). index.html is left out: the server writes a nonce into
 * it per request and compresses the result then. Pure node:zlib, no native dependency.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'der:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // A failed build has no output to compress, and reading it would hide the build's own error behind ENOENT.
    async closeBundle(error?: Error) {
      if (error) return;
      const work: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (path.relative(outDir, file) === 'index.html' || !COMPRESSIBLE_FILE.test(file)) continue;
        if ((await stat(file)).size < MIN_BYTES) continue;
        work.push(compressFile(file));
      }
      await Promise.all(work);
    },
  };
}
