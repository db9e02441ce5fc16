import type { ImportError, Language } from '@der/contracts';
import ExcelJS from 'exceljs';
import { neutralizeFormula } from './excel-cells.ts';

/** How much of a value from the uploaded file a message or the report repeats: enough to recognise it. */
export const ECHOED_TEXT_MAX_CHARS = 200;

/**
 * The text cut to `max` characters plus '…': an answer never echoes unbounded input (a 400 MB header would
 * otherwise come back in the JSON and in the report). Cuts between code points, not inside a surrogate pair.
 */
export function clipText(text: string, max = ECHOED_TEXT_MAX_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  // A high surrogate left without its pair would make invalid text.
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

const HEADERS: Record<Language, [string, string, string]> = {
  'pt-BR': ['Linha', 'Coluna', 'Erro'],
  en: ['Row', 'Column', 'Error'],
};

/** The downloadable error report of a refused import: one line per error (row, column, message). */
export async function buildErrorReport(errors: readonly ImportError[], language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(language === 'en' ? 'Errors' : 'Erros');
  const [row, column, message] = HEADERS[language];
  sheet.columns = [
    { header: row, key: 'row', width: 10 },
    { header: column, key: 'column', width: 40 },
    { header: message, key: 'message', width: 80 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const error of errors) {
    // Column headers come from the uploaded file: neutralised like any exported text.
    sheet.addRow({
      row: error.row,
      column: neutralizeFormula(clipText(error.column ?? '')),
      message: neutralizeFormula(clipText(error.message)),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
