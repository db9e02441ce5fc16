import {
  excelRoutes,
  type ImportExcelQuery,
  type ImportExcelResult,
  ImportExcelResultSchema,
} from '@der/contracts';
import { uploadMultipart } from '../../../api/uploadMultipart.ts';

/** Sends a spreadsheet to importExcel, reporting upload progress (spec §2.9 "import with progress"). */
export function uploadSpreadsheet(
  query: ImportExcelQuery,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ImportExcelResult> {
  const params: Record<string, string> = { componentID: String(query.componentID) };
  if (query.projectId) params.projectId = String(query.projectId);
  return uploadMultipart({
    route: excelRoutes.importExcel,
    query: params,
    file,
    response: ImportExcelResultSchema,
    onProgress,
  });
}
