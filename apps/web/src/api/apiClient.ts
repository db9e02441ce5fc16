import { i18n } from '../app/i18n.ts';
import { createApiClient } from './createApiClient.ts';

/** The browser's API client: base path from the build setting VITE_API_BASE (default '/api'). */
export const apiClient = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE || '/api',
  fetch: (input, init) => globalThis.fetch(input, init),
  storage: typeof localStorage === 'undefined' ? undefined : localStorage,
  getLanguage: () => i18n.language,
  translate: (key, values) => i18n.t(key, values ?? {}),
  nowMs: () => Date.now(),
  getCurrentPath: () => window.location.pathname + window.location.search,
  redirect: (to) => window.location.assign(to),
  logWarning: (message, error) => console.warn(message, error),
});

export const apiCall = apiClient.apiCall;
