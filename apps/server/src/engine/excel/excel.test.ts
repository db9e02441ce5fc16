import { IMPORT_MAX_BYTES, type ImportExcelResult, XLSX_CONTENT_TYPE } from '@der/contracts';
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
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { fileUpload, sheetOf } from '../../../test/helpers/upload.ts';
import { runtimeItems } from '../items/items.table.ts';
import { instantInput } from './import-dates.ts';

const BASE = 800;
const PROJECT = BASE + 1;
const ITEM = BASE + 2;

const multipart = (content: Buffer, fileName = 'pedidos.xlsx') => fileUpload(content, { fileName });

async function readSheet(content: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('spreadsheets: exportExcel, exportFullListToExcel, importExcel (spec §7.6)', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let memberToken: string;
  let outsiderToken: string;
  let projectId: number;
  let analystName: string;

  const exportList = (token: string, body: object, path = 'exportExcel', language = 'pt-BR') =>
    app.inject({
      method: 'POST',
      url: `/api/genericItem/${path}`,
      headers: { ...bearer(token), 'accept-language': language },
      payload: { componentID: ITEM, ...body },
    });
  const importFile = (
    token: string,
    content: Buffer,
    query = `componentID=${ITEM}&projectId=${projectId}`,
  ) => {
    const { payload, headers } = multipart(content);
    return app.inject({
      method: 'POST',
      url: `/api/genericItem/importExcel?${query}`,
      headers: { ...bearer(token), 'accept-language': 'pt-BR', ...headers },
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

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    await importQueryTestDefinition(app, BASE);
    const admin = await buildUser(db, { isAdministrator: true });
    const member = await buildUser(db, { name: 'Júlia Analista' });
    const outsider = await buildUser(db);
    analystName = member.name;
    [adminToken, memberToken, outsiderToken] = (await Promise.all(
      [admin, member, outsider].map((user) => signIn(app, user)),
    )) as [string, string, string];
    [projectId] = (await insertItems(db, [{ componentId: PROJECT, title: 'Projeto Planilha' }])) as [number];
    await grantProject(db, projectId, { userId: member.id });
    await insertItems(db, [
      {
        componentId: ITEM,
        projectId,
        title: '=HYPERLINK("http://evil.example","clique")',
        status: 'aberto',
        data: {
          n: 3,
          valor: 1234.5,
          b: true,
          w: '2026-03-02T15:30:00.000Z',
          p: 'a',
          t: '+cmd|calc',
          u: member.id,
        },
      },
      { componentId: ITEM, projectId, title: 'Segundo', data: { n: 7, b: false, t: '@SUM(A1)' } },
    ]);
  });
  afterAll(() => app.close());

  it('exports the filtered list as a typed .xlsx with formulas neutralised', async () => {
    const response = await exportList(memberToken, {
      filters: [{ field: 'n', operator: 'lt', value: 5 }],
      viewColumns: ['FormattedID', 'Title', 'n', 'valor', 'b', 'w', 'p', 't', 'u', 'StatusName'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename=".*\.xlsx"; filename\*=UTF-8''Itens/,
    );
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Código',
      'Título',
      'Eixos',
      'Valor',
      'Ativo',
      'Partida',
      'Tipo',
      'Texto',
      'Analista',
      'Status',
    ]);
    const row = sheet.getRow(2);
    // Written as text with an apostrophe: never a formula.
    expect(row.getCell(2).value).toBe('\'=HYPERLINK("http://evil.example","clique")');
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(8).value).toBe("'+cmd|calc");
    expect(row.getCell(3).value).toBe(3);
    expect(row.getCell(4).value).toBe(1234.5);
    expect(row.getCell(4).numFmt).toBe('R$ #,##0.00');
    expect(row.getCell(5).value).toBe('Sim');
    // 15:30 UTC is 12:30 in São Paulo (UTC−3): the sheet holds the wall clock.
    expect(row.getCell(6).value).toEqual(new Date('2026-03-02T12:30:00.000Z'));
    expect(row.getCell(6).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(row.getCell(7).value).toBe('Opção A');
    expect(row.getCell(9).value).toBe(analystName);
    expect(row.getCell(10).value).toBe('Aberto');
  });

  it('exports nothing the caller may not see', async () => {
    const response = await exportList(outsiderToken, {}, 'exportFullListToExcel');
    expect(response.statusCode).toBe(200);
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.rowCount).toBe(1);
  });

  it('refuses an unknown filter field before streaming anything', async () => {
    const response = await exportList(memberToken, {
      filters: [{ field: 'nada', operator: 'eq', value: 1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('filters.nada');
  });

  it('exportFullListToExcel writes every column', async () => {
    const response = await exportList(adminToken, { projectId }, 'exportFullListToExcel', 'en');
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.rowCount).toBe(3);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Created on');
    expect(header).toContain('Eixos');
    expect(sheet.getRow(3).getCell(header.indexOf('Texto') + 1).value).toBe("'@SUM(A1)");
    expect(sheet.getRow(3).getCell(header.indexOf('Ativo') + 1).value).toBe('No');
  });

  it('exports the rows in the list order, either direction', async () => {
    const [orderProject] = (await insertItems(app.database.db, [
      { componentId: PROJECT, title: 'Projeto Ordem' },
    ])) as [number];
    const values = [5, 42, 17, 0, 99, 23, 8, 61, 34, 12];
    await insertItems(
      app.database.db,
      values.map((n) => ({ componentId: ITEM, projectId: orderProject, title: `Ordem ${n}`, data: { n } })),
    );
    for (const sortDirection of ['desc', 'asc'] as const) {
      const response = await exportList(adminToken, {
        projectId: orderProject,
        sort: { field: 'n', sortDirection },
        viewColumns: ['Title', 'n'],
      });
      expect(response.statusCode, response.body).toBe(200);
      const sheet = await readSheet(response.rawPayload);
      const ascending = [...values].sort((a, b) => a - b);
      expect(sheet.getColumn(2).values.slice(2)).toEqual(
        sortDirection === 'asc' ? ascending : ascending.reverse(),
      );
    }
  });

  it('imports a valid sheet: every row becomes an item', async () => {
    const before = await countItems();
    const content = await sheetOf([
      ['Título', 'Eixos', 'valor', 'Tipo', 'Ativo', 'Partida', 'Analista', 'Texto'],
      ['Importado 1', 2, 10.5, 'Opção B', 'Sim', '02/03/2026 09:15', analystName, "'=1+1"],
      ['Importado 2', '4', '1.234,56', 'c', 'Não', new Date(Date.UTC(2026, 2, 3, 8, 0)), '', ''],
    ]);
    const response = await importFile(memberToken, content);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportExcelResult>()).toMatchObject({
      success: true,
      imported: 2,
      rows: 2,
      errors: [],
    });
    expect(await countItems()).toBe(before + 2);
    const [first] = await app.database.db
      .select()
      .from(runtimeItems)
      .where(eq(runtimeItems.title, 'Importado 1'));
    expect(first!.projectId).toBe(projectId);
    expect(first!.data).toMatchObject({
      n: 2,
      valor: 10.5,
      p: 'b',
      b: true,
      w: '2026-03-02T12:15:00.000Z',
      t: '=1+1',
    });
    const [second] = await app.database.db
      .select()
      .from(runtimeItems)
      .where(eq(runtimeItems.title, 'Importado 2'));
    expect(second!.data).toMatchObject({
      n: 4,
      valor: 1234.56,
      p: 'c',
      b: false,
      w: '2026-03-03T11:00:00.000Z',
    });
  });

  it('imports nothing when one row is bad, and reports the row and column', async () => {
    const before = await countItems();
    const content = await sheetOf([
      ['Título', 'Eixos', 'Partida'],
      ['Bom 1', 1, '01/01/2026'],
      ['Ruim', 'muitos', '31/02/2026'],
      ['Bom 2', 2, ''],
    ]);
    const response = await importFile(memberToken, content);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ImportExcelResult>();
    expect(result).toMatchObject({ success: false, imported: 0, rows: 3, errorsTruncated: false });
    expect(result.errors).toEqual([
      { row: 3, column: 'Eixos', message: 'Valor inválido' },
      { row: 3, column: 'Partida', message: 'Data incorreta' },
    ]);
    expect(await countItems()).toBe(before);
    const report = await readSheet(Buffer.from(result.errorReport!.contentBase64, 'base64'));
    expect((report.getRow(1).values as unknown[]).slice(1)).toEqual(['Linha', 'Coluna', 'Erro']);
    expect((report.getRow(2).values as unknown[]).slice(1)).toEqual([3, 'Eixos', 'Valor inválido']);
    expect(result.errorReport!.fileName).toBe('pedidos-erros.xlsx');
  });

  it('reports unknown columns and refuses what is not a spreadsheet', async () => {
    const unknown = await importFile(
      memberToken,
      await sheetOf([
        ['Título', 'Coluna estranha'],
        ['x', 1],
      ]),
    );
    expect(unknown.json().errors).toEqual([
      { row: 1, column: 'Coluna estranha', message: 'Campo desconhecido' },
    ]);
    const text = await importFile(memberToken, Buffer.from('Título;Eixos\nx;1\n'));
    expect(text.statusCode).toBe(415);
    const zipOfNothing = await importFile(memberToken, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(zipOfNothing.statusCode).toBe(415);
  });

  it('refuses importing into a project the caller cannot write to', async () => {
    const content = await sheetOf([['Título'], ['x']]);
    expect((await importFile(outsiderToken, content)).statusCode).toBe(404);
    expect(IMPORT_MAX_BYTES).toBeGreaterThan(content.length);
  });

  it('an exported list with dates, currency, choices and users imports again unchanged', async () => {
    const exported = await exportList(memberToken, {
      filters: [{ field: 'n', operator: 'eq', value: 3 }],
      viewColumns: [
        'FormattedID',
        'Title',
        'n',
        'valor',
        'b',
        'w',
        'p',
        't',
        'u',
        'StatusName',
        'CreationDate',
      ],
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const [original] = await app.database.db
      .select()
      .from(runtimeItems)
      .where(eq(runtimeItems.title, '=HYPERLINK("http://evil.example","clique")'));
    const response = await importFile(memberToken, exported.rawPayload);
    expect(response.json()).toMatchObject({ success: true, imported: 1, errors: [] });
    const copies = await app.database.db
      .select()
      .from(runtimeItems)
      .where(eq(runtimeItems.title, '=HYPERLINK("http://evil.example","clique")'));
    expect(copies).toHaveLength(2);
    // The status is the workflow's, not the sheet's: the copy starts in the initial status.
    expect(copies.map((copy) => copy.data)).toEqual([original!.data, original!.data]);
  });

  it('an exported list imports again (round trip)', async () => {
    const exported = await exportList(memberToken, {
      filters: [{ field: 'Title', operator: 'eq', value: 'Segundo' }],
      viewColumns: ['FormattedID', 'Title', 'n', 'b', 't', 'StatusName', 'LastModify'],
    });
    const before = await countItems();
    const response = await importFile(memberToken, exported.rawPayload);
    expect(response.json()).toMatchObject({ success: true, imported: 1 });
    expect(await countItems()).toBe(before + 1);
    const copies = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.title, 'Segundo'));
    expect(copies.map((copy) => copy.data)).toEqual([
      { n: 7, b: false, t: '@SUM(A1)' },
      { n: 7, b: false, t: '@SUM(A1)' },
    ]);
  });

  it('a full export (every field, in the language of the UI) imports again as it is (it runs last: it adds copies of every item)', async () => {
    for (const language of ['pt-BR', 'en']) {
      const exported = await exportList(memberToken, { projectId }, 'exportFullListToExcel', language);
      const rows = (await readSheet(exported.rawPayload)).rowCount - 1;
      const before = await countItems();
      const response = await importFile(memberToken, exported.rawPayload);
      expect(response.json()).toMatchObject({ success: true, imported: rows, errors: [] });
      expect(await countItems()).toBe(before + rows);
    }
  });
});

describe('importExcel date cells: read as the São Paulo wall clock', () => {
  // 02/03/2026 12:30 in São Paulo (UTC−3) is 15:30 UTC.
  const expected = '2026-03-02T15:30:00.000Z';

  it('accepts what an export writes and what people type', () => {
    expect(instantInput(new Date(Date.UTC(2026, 2, 2, 12, 30)))).toBe(expected);
    // A date cell read without its number format arrives as Excel's serial number of days.
    expect(instantInput(46083.520833333336)).toBe(expected);
    expect(instantInput('02/03/2026 12:30')).toBe(expected);
    expect(instantInput('2/3/2026 12:30:00')).toBe(expected);
    expect(instantInput('2026-03-02T12:30')).toBe(expected);
    expect(instantInput('2026-03-02 12:30:00.000')).toBe(expected);
    expect(instantInput('2026-03-02T15:30:00.000Z')).toBe('2026-03-02T15:30:00.000Z');
    expect(instantInput('02/03/2026')).toBe('2026-03-02T03:00:00.000Z');
    expect(instantInput('2026-03-02')).toBe('2026-03-02T03:00:00.000Z');
  });

  it('passes what is no date on, for the validation to refuse', () => {
    expect(instantInput('31/02/2026')).toBe('31/02/2026');
    expect(instantInput('02/03/2026 25:00')).toBe('02/03/2026 25:00');
    expect(instantInput('amanhã')).toBe('amanhã');
    expect(instantInput(-5)).toBe(-5);
    expect(instantInput(true)).toBe(true);
  });
});
