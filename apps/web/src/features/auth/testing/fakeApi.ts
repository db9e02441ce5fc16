import type { LoginResult } from '@der/contracts';
import { afterEach, vi } from 'vitest';
import type { StoredSession } from '../../session/sessionStorage.ts';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Replaces the browser's fetch (which the app's API client calls) with handlers keyed 'METHOD /path' under
 * /api. Unknown routes answer 404 with the API's error shape. Every request is recorded.
 */
export function fakeApi(routes: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    requests.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    if (!handler)
      return json(
        { Message: `No fake for ${request.method} ${request.path}`, code: 'NOT_FOUND', requestId: 't' },
        404,
      );
    return handler(request);
  });
  vi.stubGlobal('fetch', fetch);
  const find = (method: string, path: string) =>
    requests.filter((r) => r.method === method && r.path === path);
  return { requests, fetch, find };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The login answers: base64 of the UTF-8 JSON. */
export function base64LoginResult(result: LoginResult): Response {
  const bytes = new TextEncoder().encode(JSON.stringify(result));
  const base64 = btoa(String.fromCharCode(...bytes));
  return new Response(base64, { status: 200, headers: { 'Content-Type': 'text/plain' } });
}

export function apiError(status: number, message: string, details?: unknown): Response {
  return json(
    { Message: message, code: status === 400 ? 'VALIDATION_FAILED' : 'BAD_REQUEST', details, requestId: 't' },
    status,
  );
}

export function loginResult(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    success: true,
    failReason: null,
    message: null,
    retryAfterSeconds: null,
    captchaRequired: false,
    token: fakeToken(),
    loggedUser: { id: 42, name: 'José da Silva', avatar: '', email: 'jose@example.com' },
    userAgreedTermsOfUse: true,
    platformMFAEnabled: false,
    userMFAEnabled: false,
    mfaAuthenticated: false,
    hasPanelAdminPermission: false,
    hasChangePasswordPermission: true,
    isAdministratorLogged: false,
    ...overrides,
  };
}

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fakeToken(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64Url({ alg: 'HS256' })}.${base64Url({ iat: now, exp: now + 3600, ...claims })}.sig`;
}

export function storedSession(overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    token: fakeToken(),
    platformMFAEnabled: false,
    userMFAEnabled: false,
    mfaAuthenticated: false,
    hasPanelAdminPermission: false,
    hasChangePasswordPermission: true,
    isAdministratorLogged: false,
    loggedUser: { id: 42, name: 'José', avatar: '', email: 'jose@example.com' },
    loginPage: '/aet',
    ...overrides,
  };
}
