import type { z } from 'zod';
import { i18n } from '../app/i18n.ts';
import { clearStoredSession, findStoredToken } from '../features/session/sessionStorage.ts';
import { ApiError } from './ApiError.ts';
import { API_BASE_URL } from './apiBase.ts';
import { readErrorBody } from './createApiClient.ts';

export interface MultipartUpload<T> {
  route: { method: string; path: string };
  /** Query parameters of the route (e.g. importExcel's componentID). */
  query?: Record<string, string>;
  file: File;
  /** Extra request headers (importExcel's Idempotency-Key). */
  headers?: Record<string, string>;
  response: z.ZodType<T>;
  onProgress?: (fraction: number) => void;
}

/**
 * Sends one file as the multipart part `file` (the typed client sends only JSON bodies). An XMLHttpRequest, not
 * fetch: only it reports upload progress. The session, language and error rules are the typed client's: Bearer
 * token, Accept-Language, the answer's translated Message (the server names what it refused), and a 401 that
 * clears the session and returns to the login.
 */
export function uploadMultipart<T>({
  route,
  query,
  file,
  headers,
  response,
  onProgress,
}: MultipartUpload<T>): Promise<T> {
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '';
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method, `${API_BASE_URL}${route.path}${search}`);
    const token = findStoredToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', i18n.language);
    for (const [name, value] of Object.entries(headers ?? {})) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('error', () =>
      reject(new ApiError(i18n.t('error.networkError'), { status: 0 })),
    );
    request.addEventListener('load', () => {
      const body = readErrorBody(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        if (request.status === 401) {
          clearStoredSession();
          window.location.assign(
            `/?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
          );
        }
        reject(
          new ApiError(body?.Message ?? i18n.t('error.httpError', { status: request.status }), {
            status: request.status,
            code: body?.code,
            body: body ?? undefined,
          }),
        );
        return;
      }
      onProgress?.(1);
      let json: unknown = null;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        // Left null: the schema check below turns it into the invalid-response error.
      }
      const parsed = response.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else
        reject(
          new ApiError(i18n.t('error.invalidResponse'), { status: request.status, cause: parsed.error }),
        );
    });
    request.send(form);
  });
}
