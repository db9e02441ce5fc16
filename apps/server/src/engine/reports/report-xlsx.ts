import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellValue, neutralizeFormula, numberFormat } from '../excel/excel-cells.ts';
import type { ReportDocument } from './report-document.ts';
import { MEASURE_SHEET_FORMATS } from './report-number-format.ts';
import { REPORT_TEXTS } from './report-texts.ts';

/** Excel's own limit on a sheet name. */
const SHEET_NAME_MAX = 31;
const REPORT_ITEMS_SHEET = { 'pt-BR': 'Itens', en: 'Items' } as const;
const sheetName = (text: string) => text.replace(/[[\]:*?/\\]/g, ' ').slice(0, SHEET_NAME_MAX) || 'Relatório';

/**
 * The report as .xlsx: a sheet of the groups with their measures and the totals row, and (with columns) a
 * sheet of the items typed as the list export types them (numbers, São Paulo dates, BRL). Every text is
 * neutralised against formula injection like the list export's. Written by ExcelJS' streaming writer, one
 * committed row at a time; `onRows` reports progress.
 */
export async function writeReportXlsx(
  document: ReportDocument,
  onRows: (written: number) => Promise<void>,
): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
  const { info, result } = document;
  const { language } = document;
  const summary = workbook.addWorksheet(sheetName(info.name));
  summary.columns = [
    ...info.groups.map((group) => ({ header: neutralizeFormula(group.label), width: 24 })),
    ...info.measures.map((measure) => ({
      header: neutralizeFormula(measure.label),
      width: 18,
      style: { numFmt: MEASURE_SHEET_FORMATS[measure.format] },
    })),
  ];
  for (const group of result.groups)
    summary.addRow([...group.keys.map((key) => neutralizeFormula(key.label)), ...group.values]).commit();
  if (info.groups.length > 0) {
    const totalLabel = REPORT_TEXTS[language].total;
    summary.addRow([totalLabel, ...info.groups.slice(1).map(() => null), ...result.totals]).commit();
  }
  summary.commit();
  if (info.columns.length > 0) {
    const items = workbook.addWorksheet(sheetName(REPORT_ITEMS_SHEET[language]));
    items.columns = info.columns.map((column) => ({
      header: neutralizeFormula(column.header),
      width: Math.max(10, Math.round(column.columnWidth / 7)),
      ...(numberFormat(column) ? { style: { numFmt: numberFormat(column)! } } : {}),
    }));
    let written = 0;
    for await (const batch of document.batches()) {
      for (const row of batch)
        items.addRow(info.columns.map((column) => cellValue(column, row, language))).commit();
      written += batch.length;
      await onRows(written);
    }
    items.commit();
  }
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
