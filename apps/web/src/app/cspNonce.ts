import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The per-request CSP nonce. Vite writes `<meta property="csp-nonce" nonce="…">` (html.cspNonce) and the
 * server fills it in. Browsers hide a nonce attribute's value once parsed, so the property is read first.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  // The unreplaced placeholder (the dev server, or a misconfigured server) is not a nonce.
  return nonce && nonce !== '__CSP_NONCE__' ? nonce : undefined;
}

/** MUI's styles go through this cache: every style element it inserts carries the nonce. */
export function createNonceEmotionCache(nonce: string | undefined): EmotionCache {
  return createCache({ key: 'mui', nonce, prepend: true });
}
