import type { ApiRequest } from './buildApiRequest.ts';

/** How long a request sent early waits for its call: past this the page has asked for something else. */
const EARLY_REQUEST_KEPT_MS = 30_000;

/** The answers of requests sent early, by what makes a request the same (keyOf). */
const early = new Map<string, Promise<Response>>();

/** What makes two requests the same: method, URL, body and headers (token and language included). */
function keyOf(url: string, init: RequestInit | undefined): string | undefined {
  const headers = init?.headers ?? {};
  // The API client's headers are a plain record; anything else is not a request this module sent.
  if (headers instanceof Headers || Array.isArray(headers)) return undefined;
  return JSON.stringify([init?.method ?? 'GET', url, init?.body ?? null, Object.entries(headers).sort()]);
}

/**
 * Sends one of a page's first requests before the app's code has been evaluated (app/earlyPageRequest.ts). Its answer is
 * kept for the first call that sends the same request, once.
 */
export function sendEarlyRequest(
  { url, init }: ApiRequest,
  fetch: typeof globalThis.fetch = globalThis.fetch,
) {
  const key = keyOf(url, init);
  if (!key) return;
  const response = fetch(url, init);
  // A failure is reported by the call that takes it, as its own fetch's would be.
  response.catch(() => undefined);
  early.set(key, response);
  setTimeout(() => {
    if (early.get(key) === response) early.delete(key);
  }, EARLY_REQUEST_KEPT_MS);
}

/** The early request's answer when this call sends the same request; undefined otherwise (the call fetches). */
export function takeEarlyResponse(url: string, init: RequestInit | undefined): Promise<Response> | undefined {
  const key = keyOf(url, init);
  const response = key === undefined ? undefined : early.get(key);
  if (key !== undefined) early.delete(key);
  return response;
}
