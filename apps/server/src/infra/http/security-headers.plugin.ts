import { randomFillSync } from 'node:crypto';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSP nonce of this response; the SPA's index.html carries it in its script and style tags. */
    cspNonce: string;
  }
}

// Random bytes drawn in blocks: one syscall per 256 requests instead of one per request on this hot path.
const POOL_SIZE = 16 * 256;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

export function createNonce(): string {
  if (poolOffset >= POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString('base64', poolOffset, poolOffset + 16);
  poolOffset += 16;
  return nonce;
}

// The login's reCAPTCHA widget (when the platform enables it) loads its script from these hosts and shows
// its challenge in a frame from them; nothing else outside this origin is allowed.
const RECAPTCHA_SCRIPTS = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
const RECAPTCHA_FRAMES = 'https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/';

const CSP_DIRECTIVES = (nonce: string) => [
  "default-src 'self'",
  `script-src 'self' 'nonce-${nonce}' ${RECAPTCHA_SCRIPTS}`,
  `style-src 'self' 'nonce-${nonce}'`,
  // MUI sets a few style attributes (positions of popovers, transitions); attributes cannot run code.
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  `frame-src 'self' ${RECAPTCHA_FRAMES}`,
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

// The policy split around its two nonces once, so each request only concatenates.
const [CSP_HEAD = '', CSP_MIDDLE = '', CSP_TAIL = ''] = CSP_DIRECTIVES('\0').join('; ').split('\0');

export function contentSecurityPolicy(nonce: string): string {
  return CSP_HEAD + nonce + CSP_MIDDLE + nonce + CSP_TAIL;
}

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
} as const;

/**
 * API answers (JSON, PDFs, spreadsheets) are never documents that run code: a fixed policy that allows nothing,
 * except being framed by our own pages (the report and print-layout viewers). No nonce to make per request.
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";
const API_HEADERS = { ...COMMON_HEADERS, 'content-security-policy': API_CONTENT_SECURITY_POLICY };

/** The API reference (Swagger UI) is an HTML page of its own: it gets the document policy. */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Security headers on every response (API, SPA, static files, errors and 404s alike). Documents get a fresh
 * CSP nonce per request; API answers a fixed policy that allows nothing. Our own hook rather than
 * @fastify/helmet: the nonce must be the same one written into index.html, and fixed header objects are
 * cheaper on the settings route every page load hits.
 */
export const securityHeadersPlugin = fp(
  async (app, options: { hsts: boolean }) => {
    app.decorateRequest('cspNonce', '');
    // A callback hook, not an async one: this runs on every request and a promise per hook shows up in the bench.
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiAnswer(request.url)) {
        reply.headers(API_HEADERS);
      } else {
        const nonce = createNonce();
        request.cspNonce = nonce;
        reply.headers(COMMON_HEADERS);
        reply.header('content-security-policy', contentSecurityPolicy(nonce));
      }
      // HSTS only when served over HTTPS (PUBLIC_URL), or browsers would pin plain-HTTP development hosts.
      if (options.hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      done();
    });
  },
  { name: 'security-headers' },
);
