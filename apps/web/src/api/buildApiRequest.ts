import type { RouteBody, RouteContract, RouteQuery } from '@der/contracts';

/** What a call sends, apart from how it waits for the answer. */
export interface ApiRequestParts<C extends RouteContract> {
  query?: RouteQuery<C>;
  body?: RouteBody<C>;
}

/** Who sends it: the API's base path, the session's token and the page's language. */
export interface ApiRequestContext {
  baseUrl: string;
  token: string | null;
  language: string;
}

export interface ApiRequest {
  url: string;
  init: RequestInit & { method: string; headers: Record<string, string> };
}

function buildQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The URL and fetch options of a call to a contract — one place, so that a request sent before the app has
 * started (earlyPageRequest.ts) is the very request the app's own call would send.
 */
export function buildApiRequest<C extends RouteContract>(
  contract: C,
  parts: ApiRequestParts<C>,
  context: ApiRequestContext,
): ApiRequest {
  const headers: Record<string, string> = {
    Accept: contract.produces ?? 'application/json',
    'Accept-Language': context.language,
  };
  if (context.token) headers.Authorization = `Bearer ${context.token}`;
  const hasBody = parts.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  return {
    url: `${context.baseUrl}${contract.path}${buildQueryString(parts.query)}`,
    init: {
      method: contract.method,
      headers,
      body: hasBody ? JSON.stringify(parts.body) : undefined,
    },
  };
}
