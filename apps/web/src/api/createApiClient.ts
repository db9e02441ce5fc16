import {
  type RouteBody,
  type RouteContract,
  type RouteQuery,
  type RouteResponse,
  usersRoutes,
} from '@der/contracts';
import { decodeJwtPayload } from '../features/session/decodeJwtPayload.ts';
import {
  clearStoredSession,
  findStoredToken,
  updateStoredToken,
} from '../features/session/sessionStorage.ts';
import { ApiError } from './ApiError.ts';
import { buildApiRequest } from './buildApiRequest.ts';

/** Spec §9: a token issued more than 600 s ago is renewed after the next successful call. */
export const TOKEN_RENEWAL_AGE_SECONDS = 600;

export interface ApiCallOptions<C extends RouteContract> {
  query?: RouteQuery<C>;
  body?: RouteBody<C>;
  signal?: AbortSignal;
  /**
   * Default true: a 401 clears the session and sends the user to the login (spec §4). Login-like calls that
   * report bad credentials themselves turn it off.
   */
  redirectOnUnauthorized?: boolean;
}

export interface ApiClientDeps {
  /** API base path, e.g. '/api'. */
  baseUrl: string;
  fetch: typeof fetch;
  storage: Storage | undefined;
  getLanguage: () => string;
  translate: (key: string, values?: Record<string, unknown>) => string;
  nowMs: () => number;
  /** The current browser path with its query string; it becomes `next` on a 401. */
  getCurrentPath: () => string;
  /** Leaves the app for the given path (a full navigation: the in-memory state belongs to the old session). */
  redirect: (to: string) => void;
  logWarning?: (message: string, error: unknown) => void;
}

export interface ApiClient {
  apiCall<C extends RouteContract>(contract: C, options?: ApiCallOptions<C>): Promise<RouteResponse<C>>;
  /** The token renewal in flight, if any (tests and logout wait on it). */
  pendingRenewal(): Promise<void> | null;
}

function isSameRoute(a: RouteContract, b: RouteContract): boolean {
  return a.method === b.method && a.path === b.path;
}

/** The `{ Message, code }` of an error answer, or null when the text is not one. */
export function readErrorBody(text: string): { Message: string; code?: string } | null {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && typeof (body as { Message?: unknown }).Message === 'string') {
      return body as { Message: string; code?: string };
    }
  } catch {
    // Not JSON: the caller falls back to the generic HTTP text.
  }
  return null;
}

/** The one typed client over the contracts (architecture: "One API contract"). */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  let renewal: Promise<void> | null = null;

  function maybeRenewToken(): void {
    if (renewal) return;
    const token = findStoredToken(deps.storage);
    const iat = token ? decodeJwtPayload(token)?.iat : undefined;
    if (typeof iat !== 'number') return;
    // 600 s, not the token's lifetime: renewal keeps active users signed in without long-lived tokens.
    if (deps.nowMs() / 1000 - iat <= TOKEN_RENEWAL_AGE_SECONDS) return;
    renewal = apiCall(usersRoutes.renewToken)
      .then(({ token: renewed }) => {
        // A logout while the renewal was in flight must not bring the session back.
        if (findStoredToken(deps.storage)) updateStoredToken(renewed, deps.storage);
      })
      .catch((error: unknown) => deps.logWarning?.('Token renewal failed', error))
      .finally(() => {
        renewal = null;
      });
  }

  async function apiCall<C extends RouteContract>(
    contract: C,
    options: ApiCallOptions<C> = {},
  ): Promise<RouteResponse<C>> {
    const { url, init } = buildApiRequest(contract, options, {
      baseUrl: deps.baseUrl,
      token: findStoredToken(deps.storage),
      language: deps.getLanguage(),
    });

    let response: Response;
    try {
      response = await deps.fetch(url, { ...init, signal: options.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(deps.translate('error.networkError'), { status: 0, cause: error });
    }

    if (!response.ok) {
      const body = readErrorBody(await response.text().catch(() => ''));
      if (response.status === 401 && options.redirectOnUnauthorized !== false) {
        clearStoredSession(deps.storage);
        deps.redirect(`/?next=${encodeURIComponent(deps.getCurrentPath())}`);
      }
      throw new ApiError(body?.Message ?? deps.translate('error.httpError', { status: response.status }), {
        status: response.status,
        code: body?.code,
        body: body ?? undefined,
      });
    }

    const data = await readSuccessBody(contract, response);
    if (!isSameRoute(contract, usersRoutes.renewToken)) maybeRenewToken();
    return data as RouteResponse<C>;
  }

  async function readSuccessBody(contract: RouteContract, response: Response): Promise<unknown> {
    if (response.status === 204) return undefined;
    if (contract.produces && !contract.produces.includes('json')) {
      return contract.produces.startsWith('text/') ? response.text() : response.blob();
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      throw new ApiError(deps.translate('error.invalidResponse'), { status: response.status, cause: error });
    }
    const parsed = contract.response.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(deps.translate('error.invalidResponse'), {
        status: response.status,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  return { apiCall, pendingRenewal: () => renewal };
}
