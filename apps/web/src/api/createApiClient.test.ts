import { healthRoutes, platformRoutes } from '@der/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  readStoredSession,
  SESSION_STORAGE_KEY,
  writeStoredSession,
} from '../features/session/sessionStorage.ts';
import { buildSettings } from '../test/buildSettings.ts';
import { fakeJwt } from '../test/fakeJwt.ts';
import { ApiError } from './ApiError.ts';
import { createApiClient } from './createApiClient.ts';

const NOW_MS = 1_800_000_000_000;
const NOW_S = NOW_MS / 1000;

const TEXTS: Record<string, string> = {
  'error.networkError': 'Erro de Rede. Verifique sua conexão e tente novamente.',
  'error.httpError': 'HTTP error, status = {{status}}',
  'error.invalidResponse': 'Resposta inesperada',
};

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function storeSession(token: string) {
  writeStoredSession({
    token,
    platformMFAEnabled: false,
    userMFAEnabled: false,
    mfaAuthenticated: false,
    hasPanelAdminPermission: false,
    hasChangePasswordPermission: true,
    isAdministratorLogged: false,
    loggedUser: { id: 7, name: 'Maria', avatar: '', email: 'maria@example.com' },
    loginPage: '/aet',
  });
}

function setup(fetchImpl: (url: string, init: RequestInit) => Promise<Response>) {
  const fetch = vi.fn(fetchImpl);
  const redirect = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    fetch: fetch as unknown as typeof globalThis.fetch,
    storage: localStorage,
    getLanguage: () => 'en',
    translate: (key, values) => (TEXTS[key] ?? key).replace('{{status}}', String(values?.status)),
    nowMs: () => NOW_MS,
    getCurrentPath: () => '/runtime/3/list?x=1',
    redirect,
  });
  return { client, fetch, redirect };
}

const settings = buildSettings();

describe('apiCall', () => {
  it('calls the contract path under the base with language and bearer headers, and returns the parsed body', async () => {
    storeSession(fakeJwt({ iat: NOW_S - 10, exp: NOW_S + 3600 }));
    const { client, fetch } = setup(async () => jsonResponse(settings));

    const result = await client.apiCall(platformRoutes.getPlatformSettings);

    expect(result.brand).toBe('DER');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/application/getPlatformSettings');
    expect(init.method).toBe('GET');
    const headers = init.headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe('en');
    expect(headers.Authorization).toMatch(/^Bearer /);
  });

  it('sends no Authorization header without a stored session', async () => {
    const { client, fetch } = setup(async () => jsonResponse(settings));
    await client.apiCall(platformRoutes.getPlatformSettings);
    expect((fetch.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('on 401 clears the stored session and redirects to the login with the current path as next', async () => {
    storeSession(fakeJwt({ iat: NOW_S, exp: NOW_S + 3600 }));
    const { client, redirect } = setup(async () =>
      jsonResponse({ Message: 'Sessão expirada', code: 'UNAUTHENTICATED', requestId: 'r1' }, 401),
    );

    const error = await client.apiCall(platformRoutes.getPlatformSettings).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Sessão expirada');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(redirect).toHaveBeenCalledWith(`/?next=${encodeURIComponent('/runtime/3/list?x=1')}`);
  });

  it('gives the translated network error when there is no response', async () => {
    const { client } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await client
      .apiCall(platformRoutes.getPlatformSettings)
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toBe('Erro de Rede. Verifique sua conexão e tente novamente.');
  });

  it("gives 'HTTP error, status = {status}' for an error answer without a JSON body", async () => {
    const { client, redirect } = setup(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await client
      .apiCall(platformRoutes.getPlatformSettings)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('HTTP error, status = 502');
    expect(error.status).toBe(502);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('keeps the error body and its code from a JSON error answer', async () => {
    const { client } = setup(async () =>
      jsonResponse({ Message: 'Proibido', code: 'FORBIDDEN', requestId: 'r2' }, 403),
    );
    const error = (await client.apiCall(healthRoutes.health).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Proibido');
    expect(error.code).toBe('FORBIDDEN');
  });

  it('rejects an answer that does not match the contract', async () => {
    const { client } = setup(async () => jsonResponse({ brand: 1 }));
    const error = (await client
      .apiCall(platformRoutes.getPlatformSettings)
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Resposta inesperada');
  });
});

describe('token renewal', () => {
  function routeFetch(newToken: string) {
    return async (url: string) =>
      url.endsWith('/users/renewToken') ? jsonResponse({ token: newToken }) : jsonResponse(settings);
  }

  it('renews once, and stores the new token, after a success when the token was issued more than 600 s ago', async () => {
    storeSession(fakeJwt({ iat: NOW_S - 601, exp: NOW_S + 3000 }));
    const renewed = fakeJwt({ iat: NOW_S, exp: NOW_S + 3600 });
    const { client, fetch } = setup(routeFetch(renewed));

    await Promise.all([
      client.apiCall(platformRoutes.getPlatformSettings),
      client.apiCall(platformRoutes.getPlatformSettings),
    ]);
    await client.pendingRenewal();

    const renewCalls = fetch.mock.calls.filter(([url]) => url === '/api/users/renewToken');
    expect(renewCalls).toHaveLength(1);
    expect(readStoredSession()?.token).toBe(renewed);
    // The rest of the stored session is kept.
    expect(readStoredSession()?.loginPage).toBe('/aet');
  });

  it('does not renew a token issued less than 600 s ago', async () => {
    storeSession(fakeJwt({ iat: NOW_S - 599, exp: NOW_S + 3000 }));
    const { client, fetch } = setup(routeFetch('unused'));

    await client.apiCall(platformRoutes.getPlatformSettings);

    expect(client.pendingRenewal()).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not renew after a failed call', async () => {
    storeSession(fakeJwt({ iat: NOW_S - 5000, exp: NOW_S + 3000 }));
    const { client, fetch } = setup(async () => new Response('', { status: 500 }));

    await client.apiCall(platformRoutes.getPlatformSettings).catch(() => undefined);

    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
