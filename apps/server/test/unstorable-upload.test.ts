import { XLSX_CONTENT_TYPE } from '@der/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app.ts';
import { buildUser } from './factories/users.ts';
import { grantProject, importQueryTestDefinition, insertItems } from './fixtures/query-test-fixture.ts';
import { bearer, signIn } from './helpers/auth.ts';
import { fileUpload } from './helpers/upload.ts';

/**
 * Uploads are the other way text enters: a file's name in a multipart header and the cells of an imported
 * spreadsheet. Text PostgreSQL cannot store must not answer 500 there either.
 */
const BASE = 1600;
const ITEM = BASE + 2;

let app: FastifyInstance;
let token: string;
let projectId: number;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  await importQueryTestDefinition(app, BASE);
  const member = await buildUser(app.database.db, { name: 'Membro Upload' });
  token = await signIn(app, member);
  [projectId] = (await insertItems(app.database.db, [{ componentId: BASE + 1, title: 'Projeto' }])) as [
    number,
  ];
  await grantProject(app.database.db, projectId, { userId: member.id });
});
afterAll(() => app.close());

const multipart = (content: Buffer, fileName: string, contentType: string) =>
  fileUpload(content, { fileName, contentType });

/** A one-column sheet whose second cell is written as raw XML (`&#xD800;` cannot come from ExcelJS). */
async function sheetWithCellXml(cellXml: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pedidos');
  sheet.addRow(['Título', 'Texto']);
  sheet.addRow(['Importado', 'MARCADOR']);
  const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
  for (const name of Object.keys(zip.files).filter((file) => /sharedStrings|sheet1\.xml$/.test(file))) {
    const xml = await zip.file(name)!.async('string');
    await zip.file(name, xml.replace('MARCADOR', cellXml));
  }
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('uploads carrying text the database cannot store never answer 500', () => {
  it('a file name with NUL is cleaned (control characters are dropped from stored names)', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const { payload, headers } = multipart(png, 'foto\u0000final.png', 'image/png');
    const response = await app.inject({
      method: 'POST',
      url: '/api/genericItem/uploadFiles',
      headers: { ...bearer(token), ...headers },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'foto final.png' });
  });

  for (const [name, cellXml] of [
    ['a lone surrogate', 'a&#xD800;b'],
    ['NUL', 'a&#0;b'],
  ] as const) {
    // XML cannot carry either (XML 1.0 `Char`): the sheet is not a spreadsheet we read, as for any broken file.
    it(`a spreadsheet cell with ${name} as a character reference answers 415`, async () => {
      const { payload, headers } = multipart(
        await sheetWithCellXml(cellXml),
        'pedidos.xlsx',
        XLSX_CONTENT_TYPE,
      );
      const response = await app.inject({
        method: 'POST',
        url: `/api/genericItem/importExcel?componentID=${ITEM}&projectId=${projectId}`,
        headers: { ...bearer(token), ...headers },
        payload,
      });
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });
  }
});
