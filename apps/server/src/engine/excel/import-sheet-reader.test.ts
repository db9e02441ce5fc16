import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FastSheetUnsupported } from './fast-sheet-unsupported.ts';
import { type FastSheetRow, openFirstSheetFast } from './import-sheet-reader.ts';
import { excelJsFirstSheetRows } from './import-sheet-source.ts';
import { rawCell } from './raw-cell.ts';
import { startXlsxSheet } from './xlsx-stream-writer.ts';

/** What ExcelJS's streaming reader hands the import: the first worksheet's rows (number and row.values). */
async function readWithExcelJs(content: Buffer): Promise<FastSheetRow[]> {
  const rows: FastSheetRow[] = [];
  for await (const row of excelJsFirstSheetRows(content)) rows.push(row);
  return rows;
}

/** Every row the fast reader answers, read a few at a time as the import does; null when it gives up. */
function readFast(content: Buffer): FastSheetRow[] | null {
  const reader = openFirstSheetFast(content);
  if (!reader) return null;
  const rows: FastSheetRow[] = [];
  try {
    for (let slice = reader.next(7); slice.length > 0; slice = reader.next(7)) rows.push(...slice);
  } catch (error) {
    if (error instanceof FastSheetUnsupported) return null;
    throw error;
  }
  return rows;
}

/**
 * Row values compared as the import sees them (rawCell: rich text fonts do not matter), holes kept apart from
 * nulls (a sparse array's own keys).
 */
const comparable = (rows: FastSheetRow[]) =>
  rows.map((row) => ({
    number: row.number,
    values: Object.entries(row.values).map(([column, value]) => [column, rawCell(value)]),
  }));

async function workbookOf(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the fast import sheet reader answers what ExcelJS reads', () => {
  it('reads shared strings, numbers, booleans, dated cells, rich text, blanks and entities alike', async () => {
    const content = await workbookOf((workbook) => {
      const sheet = workbook.addWorksheet('Pedidos');
      sheet.addRow(['Título', 'Valor', 'Ativo', 'Partida', 'Nota', 'Dia']);
      sheet.addRow([
        'A & B <c> "d" \'e\'',
        1234.56,
        true,
        new Date(Date.UTC(2026, 2, 2, 12, 30)),
        'ção',
        46_000,
      ]);
      sheet.addRow([
        { richText: [{ text: 'rico ', font: { bold: true } }, { text: 'texto' }] },
        -0.5,
        false,
        null,
        '',
        null,
      ]);
      const sparse = sheet.getRow(7);
      sparse.getCell(2).value = 7;
      sparse.getCell(5).value = 'longe';
      sparse.commit?.();
      sheet.addRow(['erro', { error: '#N/A' } as unknown as ExcelJS.CellValue]);
      sheet.addRow(['link', { text: 'site', hyperlink: 'https://example.gov.br' }]);
      sheet.getCell('D2').numFmt = 'dd/mm/yyyy hh:mm';
      sheet.getCell('F2').numFmt = 'R$ #,##0.00';
      sheet.getCell('B3').numFmt = '14';
      workbook.addWorksheet('Outra').addRow(['não é lida']);
    });
    const fast = readFast(content);
    expect(fast).not.toBeNull();
    expect(comparable(fast!)).toEqual(comparable(await readWithExcelJs(content)));
    expect(fast![1]!.values[4]).toEqual(new Date(Date.UTC(2026, 2, 2, 12, 30)));
  });

  it('reads what the export writes (inline strings, no shared strings, styled date cells) alike', async () => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const sheet = startXlsxSheet(sink, 'Pedidos', [
      { header: 'Título', width: 20, numFmt: undefined },
      { header: 'Valor', width: 12, numFmt: 'R$ #,##0.00' },
      { header: 'Partida', width: 18, numFmt: 'dd/mm/yyyy hh:mm' },
      { header: 'Quando', width: 18, numFmt: undefined },
    ]);
    await sheet.writeRows([
      ['Pedido <1> & "2"', 10.5, new Date(Date.UTC(2026, 0, 5, 9, 15)), new Date(Date.UTC(2025, 11, 31))],
      [null, 3, null, null],
    ]);
    await sheet.finish();
    const content = Buffer.concat(chunks);
    const fast = readFast(content);
    expect(fast).not.toBeNull();
    expect(comparable(fast!)).toEqual(comparable(await readWithExcelJs(content)));
    expect(fast![1]!.values[3]).toBeInstanceOf(Date);
  });

  it('leaves formulas, column styles and the 1904 date system to ExcelJS', async () => {
    const columnStyle = await workbookOf((workbook) => {
      const sheet = workbook.addWorksheet('Pedidos');
      sheet.addRow(['Dia', new Date(Date.UTC(2026, 0, 1))]);
      sheet.getColumn(2).numFmt = 'dd/mm/yyyy';
    });
    expect(readFast(columnStyle)).toBeNull();
    const formula = await workbookOf((workbook) => {
      workbook.addWorksheet('Pedidos').addRow(['Valor', { formula: '1+1', result: 2 }]);
    });
    expect(readFast(formula)).toBeNull();
    const dates1904 = await workbookOf((workbook) => {
      workbook.properties.date1904 = true;
      workbook.addWorksheet('Pedidos').addRow(['Dia', new Date(Date.UTC(2026, 0, 1))]);
    });
    expect(readFast(dates1904)).toBeNull();
  });

  it('refuses what is no ZIP the way ExcelJS cannot read either: by leaving it to ExcelJS', () => {
    expect(readFast(Buffer.from('PK\u0003\u0004 not really a zip'))).toBeNull();
  });
});
