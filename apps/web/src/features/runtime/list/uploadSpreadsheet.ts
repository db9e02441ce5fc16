import {
  excelRoutes,
  IMPORT_IDEMPOTENCY_HEADER,
  type ImportExcelQuery,
  type ImportExcelResult,
  ImportExcelResultSchema,
} from '@der/contracts';
import { uploadMultipart } from '../../../api/uploadMultipart.ts';

/**
 * A new idempotency key for one chosen file: a random UUID (v4). `crypto.randomUUID` exists only in secure
 * contexts (https, localhost); the server may be reached over plain http inside the department's network.
 */
export function newImportKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Sends a spreadsheet to importExcel, reporting upload progress (spec §2.9 "import with progress"). The key
 * (newImportKey, made once per chosen file) makes the server import the file once even if the request is
 * sent again: a repeat answers the first import's result.
 */
export function uploadSpreadsheet(
  query: ImportExcelQuery,
  file: File,
  idempotencyKey: string,
  onProgress: (fraction: number) => void,
): Promise<ImportExcelResult> {
  const params: Record<string, string> = { componentID: String(query.componentID) };
  if (query.projectId) params.projectId = String(query.projectId);
  return uploadMultipart({
    route: excelRoutes.importExcel,
    query: params,
    file,
    headers: { [IMPORT_IDEMPOTENCY_HEADER]: idempotencyKey },
    response: ImportExcelResultSchema,
    onProgress,
  });
}
