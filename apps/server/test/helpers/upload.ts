import { XLSX_CONTENT_TYPE } from '@der/contracts';
import ExcelJS from 'exceljs';

/**
 * A multipart body as a browser's FormData sends it: the text fields first (the server reads them before the
 * file, e.g. an import's idempotencyKey), then one file part.
 */
export function fileUpload(
  content: Buffer,
  options: { fileName?: string; contentType?: string; fields?: Record<string, string> } = {},
) {
  const { fileName = 'pedidos.xlsx', contentType = XLSX_CONTENT_TYPE, fields = {} } = options;
  const boundary = '----der-test-boundary';
  const fieldParts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(fieldParts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A workbook with one sheet 'Pedidos' holding these rows. */
export async function sheetOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pedidos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
