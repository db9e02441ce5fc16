import {
  excelRoutes,
  type ImportExcelQuery,
  type ImportExcelResult,
  ImportExcelResultSchema,
} from '@der/contracts';
import { ApiError } from '../../../api/ApiError.ts';
import { i18n } from '../../../app/i18n.ts';
import { clearStoredSession, findStoredToken } from '../../session/sessionStorage.ts';

const API_BASE: string = import.meta.env.VITE_API_BASE || '/api';

function errorBodyOf(text: string): { Message: string; code?: string } | null {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && typeof (body as { Message?: unknown }).Message === 'string') {
      return body as { Message: string; code?: string };
    }
  } catch {
    // Not JSON: the generic HTTP text below.
  }
  return null;
}

/**
 * Sends a spreadsheet to importExcel as the multipart part `file`. An XMLHttpRequest, not fetch: only it
 * reports upload progress, which the list shows (spec §2.9 "import with progress"). The session, language
 * and error rules are the typed client's: Bearer token, Accept-Language, the answer's Message, and a 401 that
 * clears the session and returns to the login.
 */
export function uploadSpreadsheet(
  query: ImportExcelQuery,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ImportExcelResult> {
  const params = new URLSearchParams({ componentID: String(query.componentID) });
  if (query.projectId) params.set('projectId', String(query.projectId));
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(excelRoutes.importExcel.method, `${API_BASE}${excelRoutes.importExcel.path}?${params}`);
    const token = findStoredToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', i18n.language);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('error', () =>
      reject(new ApiError(i18n.t('error.networkError'), { status: 0 })),
    );
    request.addEventListener('load', () => {
      const body = errorBodyOf(request.responseText);
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
      onProgress(1);
      let json: unknown = null;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        // Left null: the schema check below turns it into the invalid-response error.
      }
      const parsed = ImportExcelResultSchema.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else
        reject(
          new ApiError(i18n.t('error.invalidResponse'), { status: request.status, cause: parsed.error }),
        );
    });
    request.send(form);
  });
}
