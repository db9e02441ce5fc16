import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import {
  grantProject,
  importQueryTestDefinition,
  insertItems,
} from '../../../test/fixtures/query-test-fixture.ts';
import { buildZip, repeatedDeflate, type TestZipEntry } from '../../../test/fixtures/test-zip.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { fileUpload, sheetOf } from '../../../test/helpers/upload.ts';
import { runtimeItems } from '../items/items.table.ts';
import { DEFAULT_IMPORT_LIMITS } from './import-limits.ts';

/*
 * Spreadsheet bombs (issue 14): each is refused before any cell is read, quickly, with little memory, naming
 * the limit, and nothing is imported. The time and memory bounds are the (1 s, 50 MiB), generous for
 * what the guard needs: they catch a regression to inflating a bomb, not a few milliseconds.
 */

const BASE = 840;
const PROJECT = BASE + 1;
const ITEM = BASE + 2;
/** This app's row and shared strings limits, low so that a sheet over them is small (the others: defaults). */
const MAX_ROWS = 20;
const MAX_SHARED_STRINGS = 10_000;
const MIB = 1024 * 1024;

const multipart = (content: Buffer, fileName = 'bomba.xlsx') => fileUpload(content, { fileName });

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';
const WORKBOOK =
  '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Pedidos" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>';
/** A header row: A1 is shared string 0 (the bomb), B1 'Eixos'; one data row. */
const SHEET_WITH_SHARED_HEADER =
  '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Eixos</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>x</t></is></c><c r="B2"><v>3</v></c></row></sheetData></worksheet>';

/** A minimal workbook (the parts both readers need) with the given shared strings and sheet parts. */
function workbookWith(parts: { sharedStrings?: TestZipEntry; sheet?: TestZipEntry; extra?: TestZipEntry[] }) {
  return buildZip([
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    { name: 'xl/workbook.xml', content: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', content: WORKBOOK_RELS },
    parts.sharedStrings ?? {
      name: 'xl/sharedStrings.xml',
      content:
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Título</t></si></sst>',
    },
    parts.sheet ?? { name: 'xl/worksheets/sheet1.xml', content: SHEET_WITH_SHARED_HEADER },
    ...(parts.extra ?? []),
  ]);
}

const SST_HEAD = '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>';
const SST_TAIL = '</t></si></sst>';

/** The bomb: one header cell of `mib` MiB of 'A', about a KiB per MiB once deflated. */
function hugeHeaderBomb(mib: number, declaredSize?: number): Buffer {
  const deflated = repeatedDeflate(SST_HEAD, Buffer.alloc(MIB, 'A'), mib, SST_TAIL);
  return workbookWith({
    sharedStrings: {
      name: 'xl/sharedStrings.xml',
      deflated,
      ...(declaredSize === undefined ? {} : { declaredSize }),
    },
  });
}

/** Letters that do not compress (a long cell that no ratio limit catches). */
const randomText = (length: number) =>
  randomBytes(length).toString('base64').replace(/[+/=]/g, 'x').slice(0, length);

describe('importExcel refuses spreadsheet bombs before reading a cell (issue 14)', () => {
  let app: FastifyInstance;
  let token: string;
  let projectId: number;

  const importFile = (content: Buffer, language = 'pt-BR') => {
    const { payload, headers } = multipart(content);
    return app.inject({
      method: 'POST',
      url: `/api/genericItem/importExcel?componentID=${ITEM}&projectId=${projectId}`,
      headers: { ...bearer(token), 'accept-language': language, ...headers },
      payload,
    });
  };
  const countItems = async () =>
    (
      await app.database.db
        .select({ id: runtimeItems.id })
        .from(runtimeItems)
        .where(eq(runtimeItems.componentId, ITEM))
    ).length;

  /** The import of `content`, its time and the largest growth of the process's memory while it ran. */
  async function measuredImport(content: Buffer) {
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 5);
    const started = performance.now();
    const response = await importFile(content);
    const ms = performance.now() - started;
    clearInterval(sampler);
    const end = process.memoryUsage();
    peakRss = Math.max(peakRss, end.rss);
    peakHeap = Math.max(peakHeap, end.heapUsed);
    return {
      response,
      ms,
      rssGrowthMiB: (peakRss - baseline.rss) / MIB,
      heapGrowthMiB: (peakHeap - baseline.heapUsed) / MIB,
    };
  }

  /** A bomb's answer: 413 naming the limit, fast, small, and nothing written. */
  async function expectRefused(content: Buffer, message: string) {
    const before = await countItems();
    const { response, ms, rssGrowthMiB, heapGrowthMiB } = await measuredImport(content);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ code: 'IMPORT_LIMIT_EXCEEDED' });
    expect(response.json().Message).toBe(message);
    // Nothing of the input comes back.
    expect(response.body.length).toBeLessThan(2_000);
    // Generous for a loaded two-core CI machine: reading a bomb's cells would take far longer, and the memory
    // bounds below are what shows nothing was read.
    expect(ms).toBeLessThan(3_000);
    expect(rssGrowthMiB).toBeLessThan(50);
    expect(heapGrowthMiB).toBeLessThan(50);
    expect(await countItems()).toBe(before);
    return { ms, rssGrowthMiB };
  }

  beforeAll(async () => {
    app = await buildTestApp({
      config: {
        importLimits: { ...DEFAULT_IMPORT_LIMITS, maxRows: MAX_ROWS, maxSharedStrings: MAX_SHARED_STRINGS },
      },
    });
    await app.ready();
    const db = app.database.db;
    await importQueryTestDefinition(app, BASE);
    const member = await buildUser(db);
    token = await signIn(app, member);
    [projectId] = (await insertItems(db, [{ componentId: PROJECT, title: 'Projeto Bombas' }])) as [number];
    await grantProject(db, projectId, { userId: member.id });
  });
  afterAll(() => app.close());

  it('a 409 KB file with one 400 MB header cell: refused by its uncompressed size', async () => {
    const bomb = hugeHeaderBomb(400);
    expect(bomb.length).toBeLessThan(500 * 1024);
    await expectRefused(
      bomb,
      'A planilha foi recusada: descompactada, ela passaria de 256 MiB (limite de tamanho descompactado). Nada foi importado.',
    );
    const en = await importFile(bomb, 'en');
    expect(en.json().Message).toBe(
      'The spreadsheet was refused: uncompressed, it would exceed 256 MiB (uncompressed size limit). Nothing was imported.',
    );
  });

  it('the same bomb declaring a small size: inflating stops where the declared size ends', async () => {
    const bomb = hugeHeaderBomb(400, 2_000);
    const before = await countItems();
    const { response, ms, rssGrowthMiB } = await measuredImport(bomb);
    // A ZIP whose parts are not what its directory says is damaged, not a spreadsheet.
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    // Generous for a loaded two-core CI machine: reading a bomb's cells would take far longer, and the memory
    // bounds below are what shows nothing was read.
    expect(ms).toBeLessThan(3_000);
    expect(rssGrowthMiB).toBeLessThan(50);
    expect(await countItems()).toBe(before);
  });

  it('a part compressed a thousand times (under the size limit): refused by the compression ratio', async () => {
    const row = '<row r="2"><c r="A2" t="inlineStr"><is><t>x</t></is></c></row>';
    const unit = Buffer.from(row.repeat(Math.floor(MIB / row.length)));
    const sheet = repeatedDeflate(
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      unit,
      100,
      '</sheetData></worksheet>',
    );
    await expectRefused(
      workbookWith({ sheet: { name: 'xl/worksheets/sheet1.xml', deflated: sheet } }),
      'A planilha foi recusada: uma parte dela está comprimida mais de 200 vezes (limite de taxa de compressão), o que indica um arquivo malicioso. Nada foi importado.',
    );
  });

  it('too many entries: refused by the entry count, before the directory is walked', async () => {
    const extra = Array.from({ length: DEFAULT_IMPORT_LIMITS.maxEntries }, (_, index) => ({
      name: `xl/media/vazio${index}.xml`,
      content: '<a/>',
    }));
    await expectRefused(
      workbookWith({ extra }),
      'A planilha foi recusada: ela tem mais de 1000 partes internas (limite de entradas do arquivo). Nada foi importado.',
    );
  });

  it('a cell longer than the limit, found while inflating (300 000 characters that do not compress)', async () => {
    const sharedStrings = `${SST_HEAD}${randomText(300_000)}${SST_TAIL}`;
    await expectRefused(
      workbookWith({ sharedStrings: { name: 'xl/sharedStrings.xml', content: sharedStrings } }),
      'A planilha foi recusada: uma célula tem mais de 32767 caracteres (limite de tamanho de célula). Nada foi importado.',
    );
  });

  it('a cell just over the limit, counted by either reader (the fast one, and ExcelJS after a formula)', async () => {
    const message =
      'A planilha foi recusada: uma célula tem mais de 32767 caracteres (limite de tamanho de célula). Nada foi importado.';
    const long = randomText(DEFAULT_IMPORT_LIMITS.maxCellChars + 1);
    await expectRefused(
      await sheetOf([
        ['Título', 'Eixos'],
        [long, 3],
      ]),
      message,
    );
    // The formula sends the file to ExcelJS (the fast reader leaves formulas to it): the limit holds there too.
    await expectRefused(
      await sheetOf([
        ['Título', 'Eixos'],
        [long, { formula: '1+2', result: 3 }],
      ]),
      message,
    );
  });

  it('too many shared strings (each small, together held in memory whole): refused while inflating', async () => {
    const strings = Array.from(
      { length: MAX_SHARED_STRINGS + 1 },
      (_, index) => `<si><t>Texto ${index}</t></si>`,
    );
    await expectRefused(
      workbookWith({
        sharedStrings: {
          name: 'xl/sharedStrings.xml',
          content: `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings.join('')}</sst>`,
        },
      }),
      `A planilha foi recusada: ela tem mais de ${MAX_SHARED_STRINGS} textos distintos (limite de textos compartilhados). Nada foi importado.`,
    );
  });

  it('too many columns or rows: refused naming the limit', async () => {
    const wide = Array.from({ length: DEFAULT_IMPORT_LIMITS.maxColumns + 1 }, (_, index) => `C${index}`);
    await expectRefused(
      await sheetOf([wide]),
      'A planilha tem mais de 1000 colunas (limite de colunas). Nada foi importado.',
    );
    const rows = Array.from({ length: MAX_ROWS + 1 }, (_, index) => [`Pedido ${index}`, index]);
    await expectRefused(
      await sheetOf([['Título', 'Eixos'], ...rows]),
      `A planilha tem mais de ${MAX_ROWS} linhas de dados (limite de linhas). Divida-a em arquivos menores; nada foi importado.`,
    );
  });

  it('a sheet within every limit still imports', async () => {
    const before = await countItems();
    const response = await importFile(
      await sheetOf([
        ['Título', 'Eixos'],
        ['Pedido dentro dos limites', 4],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, imported: 1 });
    expect(await countItems()).toBe(before + 1);
    // The minimal workbook of the bombs, with a harmless header, is a readable workbook too.
    const minimal = await importFile(workbookWith({}));
    expect(minimal.statusCode, minimal.body).toBe(200);
    expect(minimal.json()).toMatchObject({ success: true, imported: 1 });
  });

  it('an unknown header of 30 000 characters comes back cut to 200 in the answer and the report', async () => {
    const header = randomText(30_000);
    const response = await importFile(
      await sheetOf([
        ['Título', header],
        ['x', 1],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.success).toBe(false);
    expect(result.errors).toEqual([
      { row: 1, column: `${header.slice(0, 200)}…`, message: 'Campo desconhecido' },
    ]);
    expect(response.body.length).toBeLessThan(20_000);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(result.errorReport.contentBase64, 'base64') as unknown as ArrayBuffer,
    );
    expect(workbook.worksheets[0]!.getRow(2).getCell(2).value).toBe(`${header.slice(0, 200)}…`);
  });
});
