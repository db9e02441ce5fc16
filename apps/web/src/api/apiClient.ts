import { i18n } from '../app/i18n.ts';
import { API_BASE_URL } from './apiBase.ts';
import { createApiClient } from './createApiClient.ts';
import { takeEarlyResponse } from './earlyRequest.ts';

/** The browser's API client; a page's first call may take the answer of a request sent early (earlyRequest.ts). */
export const apiClient = createApiClient({
  baseUrl: API_BASE_URL,
  fetch: (input, init) => takeEarlyResponse(String(input), init) ?? globalThis.fetch(input, init),
  storage: typeof localStorage === 'undefined' ? undefined : localStorage,
  getLanguage: () => i18n.language,
  translate: (key, values) => i18n.t(key, values ?? {}),
  nowMs: () => Date.now(),
  getCurrentPath: () => window.location.pathname + window.location.search,
  redirect: (to) => window.location.assign(to),
  logWarning: (message, error) => console.warn(message, error),
});

export const apiCall = apiClient.apiCall;
