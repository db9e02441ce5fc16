import type { ImportError, Language } from '@der/contracts';
import ExcelJS from 'exceljs';
import { neutralizeFormula } from './excel-cells.ts';

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
      column: neutralizeFormula(error.column ?? ''),
      message: neutralizeFormula(error.message),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
