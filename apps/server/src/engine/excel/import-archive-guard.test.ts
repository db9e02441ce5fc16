import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  buildZip,
  repeatedDeflate,
  type TestZipEntry,
  withHiddenEntry,
} from '../../../test/fixtures/test-zip.ts';
import { isAppError } from '../../infra/http/app-error.ts';
import { checkWorkbookArchive } from './import-archive-guard.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './import-limits.ts';
import { excelJsFirstSheetRows } from './import-sheet-source.ts';

const SHEET =
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Título</t></is></c></row></sheetData></worksheet>';

const workbook = (extra: TestZipEntry[] = [], options: Partial<TestZipEntry> = {}) =>
  buildZip([
    { name: '[Content_Types].xml', content: '<Types/>', ...options },
    { name: 'xl/workbook.xml', content: '<workbook/>', ...options },
    { name: 'xl/worksheets/sheet1.xml', content: SHEET, ...options },
    ...extra,
  ]);

/** The code (and limit) checkWorkbookArchive refused with, or 'accepted'. */
async function verdict(content: Buffer, limits: ImportLimits = DEFAULT_IMPORT_LIMITS): Promise<string> {
  try {
    await checkWorkbookArchive(content, limits);
    return 'accepted';
  } catch (error) {
    if (!isAppError(error)) throw error;
    const params = (error.details as { params?: { variant: string } } | undefined)?.params;
    return params ? `${error.code}:${params.variant}` : error.code;
  }
}

describe('checkWorkbookArchive', () => {
  it('accepts real workbooks, with or without data descriptors (LibreOffice, Apache POI)', async () => {
    const excel = new ExcelJS.Workbook();
    excel.addWorksheet('Pedidos').addRow(['Título', 'Eixos']);
    expect(await verdict(Buffer.from(await excel.xlsx.writeBuffer()))).toBe('accepted');
    expect(await verdict(workbook())).toBe('accepted');
    const described = workbook([], { descriptor: true });
    expect(await verdict(described)).toBe('accepted');
    // ExcelJS's streaming unzip reads such a file too: the guard refuses nothing it can read.
    const rows = [];
    for await (const row of excelJsFirstSheetRows(described)) rows.push(row.values);
    expect(rows).toEqual([[undefined, 'Título']]);
  });

  it('refuses an entry hidden from the directory, which a streaming unzip would still read', async () => {
    const hiddenZip = buildZip([{ name: 'xl/worksheets/sheet2.xml', content: SHEET }]);
    const hidden = hiddenZip.subarray(0, hiddenZip.readUInt32LE(hiddenZip.length - 22 + 16));
    expect(await verdict(withHiddenEntry(workbook(), hidden))).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses ZIP features no workbook needs and damaged data', async () => {
    const encrypted = Buffer.from(workbook());
    const directory = encrypted.readUInt32LE(encrypted.length - 22 + 16);
    encrypted.writeUInt16LE(0x0801, directory + 8);
    expect(await verdict(encrypted)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const damaged = Buffer.from(workbook());
    damaged.fill(0xff, 60, 90);
    expect(await verdict(damaged)).toBe('UNSUPPORTED_MEDIA_TYPE');
    // A part that inflates to less than it declares.
    expect(
      await verdict(workbook([{ name: 'xl/styles.xml', content: '<styleSheet/>', declaredSize: 500 }])),
    ).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('measures text runs in stored parts and, with a small limit, inside one inflated chunk', async () => {
    const longCell = `<sst><si><t>${'b'.repeat(700)}</t></si></sst>`;
    const small: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, maxCellChars: 100 };
    expect(await verdict(workbook(), small)).toBe('accepted');
    expect(await verdict(workbook([{ name: 'xl/sharedStrings.xml', content: longCell }]), small)).toBe(
      'IMPORT_LIMIT_EXCEEDED:cellLength',
    );
    expect(
      await verdict(workbook([{ name: 'xl/sharedStrings.xml', content: longCell, stored: true }]), small),
    ).toBe('IMPORT_LIMIT_EXCEEDED:cellLength');
    // Parts no reader parses (an image, a custom XML) may hold long runs.
    expect(await verdict(workbook([{ name: 'customXml/item1.xml', content: longCell }]), small)).toBe(
      'accepted',
    );
  });

  it('counts the shared strings exactly, across chunks, whether a tag is cut or not', async () => {
    const strings = (count: number) =>
      `<sst>${Array.from({ length: count }, (_, index) => `<si><t>${index.toString(36)}</t></si>`).join('')}<sid/></sst>`;
    const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, maxSharedStrings: 100_000 };
    const withStrings = (count: number, stored = false) =>
      workbook([{ name: 'xl/sharedStrings.xml', content: strings(count), stored }]);
    // About 1.7 MB: many 64 KiB chunks, with '<si' cut at their ends somewhere.
    expect(await verdict(withStrings(100_000), limits)).toBe('accepted');
    expect(await verdict(withStrings(100_001), limits)).toBe('IMPORT_LIMIT_EXCEEDED:sharedStrings');
    expect(await verdict(withStrings(100_001, true), limits)).toBe('IMPORT_LIMIT_EXCEEDED:sharedStrings');
  });

  it('counts a run across chunks (a cell of 10 MiB that compresses well enough to pass the ratio)', async () => {
    const unit = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz'.repeat(29_127));
    const sharedStrings = repeatedDeflate('<sst><si><t>', unit, 10, '</t></si></sst>');
    expect(
      await verdict(workbook([{ name: 'xl/sharedStrings.xml', deflated: sharedStrings }]), {
        ...DEFAULT_IMPORT_LIMITS,
        maxCompressionRatio: 1100,
      }),
    ).toBe('IMPORT_LIMIT_EXCEEDED:cellLength');
  });
});
