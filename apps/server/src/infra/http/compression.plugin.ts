import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: a compressed frame would save less than its own cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * What is compressed on the fly: JSON, text (HTML, CSV, plain, CSS), JavaScript and SVG. Server-sent events
 * would be held back by a compressor's buffer; spreadsheets, PDFs, images other than SVG and downloads of
 * `application/octet-stream` are compressed formats already, and compressing them again only costs CPU.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?json\b|application\/(?:x-)?javascript\b|image\/svg\+xml\b)/i;

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * Compresses answers for clients that accept it (brotli, else gzip): JSON above COMPRESSION_THRESHOLD_BYTES,
 * index.html with its nonce, streamed CSV. The built web app's files are compressed once at build
 * (apps/web/build/precompress.ts) and served as they are by spa.plugin.ts: they already carry a
 * Content-Encoding, which this hook leaves alone. Registered before every route: it hooks routes as they are
 * added. Request bodies are not decompressed: no route expects a compressed upload, and a small compressed
 * body must not grow into a large one past the body limits.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      customTypes: isCompressible,
    });
  },
  { name: 'compression' },
);
