import { type ListControlData, XLSX_CONTENT_TYPE } from '@der/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { importQueryTestDefinition, insertItems } from '../../../test/fixtures/query-test-fixture.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { runtimeItems } from './items.table.ts';

const BASE = 1900;
const ITEM = BASE + 2;

async function spreadsheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pedidos');
  sheet.addRow(['Título', 'Eixos']);
  sheet.addRow(['Importado por um requerente', 3]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Bulk update and Excel import are department work (canRunBulkOperations): external accounts are refused by
 * the routes, and getListControlData answers the same rule so the web hides the buttons from them.
 */
describe('bulk operations: who may run them', () => {
  let app: FastifyInstance;
  const tokens: Record<'staff' | 'requerente' | 'permissionario', string> = {
    staff: '',
    requerente: '',
    permissionario: '',
  };
  let ownItem: number;
  let staffItem: number;

  const controlData = (token: string) =>
    app.inject({
      method: 'GET',
      url: `/api/genericItem/getListControlData?componentID=${ITEM}`,
      headers: bearer(token),
    });
  const bulkUpdate = (token: string, language = 'pt-BR', itemId = ownItem) =>
    app.inject({
      method: 'POST',
      url: '/api/genericItem/bulkUpdateItems',
      headers: { ...bearer(token), 'accept-language': language },
      payload: { component: ITEM, items: [{ id: itemId, version: 1, changes: { n: 7 } }] },
    });
  const importSheet = async (token: string) => {
    const boundary = '----der-bulk-access';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pedidos.xlsx"\r\nContent-Type: ${XLSX_CONTENT_TYPE}\r\n\r\n`,
      ),
      await spreadsheet(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/genericItem/importExcel?componentID=${ITEM}`,
      headers: {
        ...bearer(token),
        'accept-language': 'pt-BR',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
  };
  const itemsOfComponent = async () =>
    app.database.db
      .select({ id: runtimeItems.id, data: runtimeItems.data })
      .from(runtimeItems)
      .where(eq(runtimeItems.componentId, ITEM));

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    await importQueryTestDefinition(app, BASE);
    const staff = await buildUser(db, { name: 'Sara Servidora' });
    const requerente = await buildUser(db, { kind: 'requerente', loginPage: '/aet' });
    const permissionario = await buildUser(db, { kind: 'permissionario', loginPage: '/faixaDeDominio' });
    tokens.staff = await signIn(app, staff);
    tokens.requerente = await signIn(app, requerente);
    tokens.permissionario = await signIn(app, permissionario);
    // The requerente's own request: they may change it through its form, so only the bulk rule refuses them.
    [ownItem, staffItem] = (await insertItems(db, [
      { componentId: ITEM, title: 'Pedido do requerente', creatorId: requerente.id, data: { n: 1 } },
      { componentId: ITEM, title: 'Pedido da servidora', creatorId: staff.id, data: { n: 2 } },
    ])) as [number, number];
  });
  afterAll(() => app.close());

  it('getListControlData tells staff they may bulk-update and import, and external accounts they may not', async () => {
    const flags = async (token: string) => {
      const response = await controlData(token);
      expect(response.statusCode, response.body).toBe(200);
      const { canBulkUpdate, canImport } = response.json<ListControlData>();
      return { canBulkUpdate, canImport };
    };
    expect(await flags(tokens.staff)).toEqual({ canBulkUpdate: true, canImport: true });
    expect(await flags(tokens.requerente)).toEqual({ canBulkUpdate: false, canImport: false });
    expect(await flags(tokens.permissionario)).toEqual({ canBulkUpdate: false, canImport: false });
  });

  it('refuses bulkUpdateItems to an external account, even on its own item, and changes nothing', async () => {
    const refused = await bulkUpdate(tokens.requerente);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'BULK_OPERATION_FORBIDDEN',
      Message:
        'Atualizar vários itens de uma vez e importar planilhas são tarefas da equipe do DER; use os formulários para cada solicitação.',
    });
    const english = await bulkUpdate(tokens.permissionario, 'en');
    expect(english.statusCode).toBe(403);
    expect(english.json().Message).toMatch(/^Updating many items at once/);
    expect((await itemsOfComponent()).find((item) => item.id === ownItem)?.data).toEqual({ n: 1 });
  });

  it('refuses importExcel to an external account and creates nothing', async () => {
    const refused = await importSheet(tokens.requerente);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BULK_OPERATION_FORBIDDEN' });
    expect(await itemsOfComponent()).toHaveLength(2);
  });

  it('lets staff run both', async () => {
    const imported = await importSheet(tokens.staff);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ success: true, imported: 1 });
    const updated = await bulkUpdate(tokens.staff, 'pt-BR', staffItem);
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await itemsOfComponent()).find((item) => item.id === staffItem)?.data).toEqual({ n: 7 });
  });
});
