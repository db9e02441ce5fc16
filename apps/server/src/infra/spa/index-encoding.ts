import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { assertNever } from '@der/contracts';

export type IndexEncoding = 'br' | 'gzip';

// Preferred first when the client weighs them equally: brotli is a fifth smaller on HTML.
const OFFERED: readonly IndexEncoding[] = ['br', 'gzip'];

/**
 * The encoding to send index.html in, from an Accept-Encoding header (RFC 9110 §12.5.3): the offered one with
 * the highest q above 0 (`*` stands for any not named), none when the client names none or refuses both.
 */
export function negotiateIndexEncoding(acceptEncoding: string | undefined): IndexEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=(.*)$/.exec(p)?.[1]).find((value) => value !== undefined);
    // A weight that is not a number counts as a refusal, not as the default 1.
    const weight = q === undefined ? 1 : Number(q.trim() || Number.NaN);
    if (name) weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: IndexEncoding | undefined;
  let bestWeight = 0;
  for (const encoding of OFFERED) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * index.html compressed for one response. It changes with every request (its nonce), so it is compressed then:
 * brotli at quality 5 takes well under a millisecond for its few KiB.
 */
export function encodeIndex(html: string, encoding: IndexEncoding): Buffer {
  switch (encoding) {
    case 'br':
      return brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      });
    case 'gzip':
      return gzipSync(html, { level: 6 });
    default:
      return assertNever(encoding);
  }
}
