import { XLSX_CONTENT_TYPE } from '@der/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { testComponents, testDefinition } from '../../../test/fixtures/test-definition.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { createItem, type ItemActor } from './items.service.ts';
import { runtimeItems } from './items.table.ts';

/**
 * Every write path of an item stores a RICH_TEXT value sanitised (rich-text.ts, called by the value check all
 * of them share): the form's save (insert and update, values set by a form rule too), updateItemField,
 * bulkUpdateItems and the Excel import.
 */

const BASE = 760;
const REQUEST = BASE + 2;
const FORM = 7601;
const label = (text: string) => ({ 'pt-BR': text, en: text });

/** Formatting to keep, and script and mutation-XSS vectors to drop. */
const ATTACK =
  '<p><b>Negrito</b> e <i>itálico</i></p><ul><li>item</li></ul>' +
  '<img src=x onerror=alert(1)><svg><script>alert(1)</script></svg>' +
  '<a href="javascript:alert(1)">mau</a><a href="https://der.df.gov.br">bom</a>' +
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>';
const STORED =
  '<p><b>Negrito</b> e <i>itálico</i></p><ul><li>item</li></ul>' +
  '<a rel="noopener noreferrer" target="_blank">mau</a>' +
  '<a href="https://der.df.gov.br" rel="noopener noreferrer" target="_blank">bom</a>';
const NOSCRIPT = '<noscript><p title="</noscript><img src=x onerror=alert(1)>">';

let app: FastifyInstance;
let adminId: number;
let token: string;
const actor = (): ItemActor => ({ userId: adminId, isAdministrator: true, language: 'pt-BR' });

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const [project, request] = testComponents(BASE);
  await app.services.definitions.importDefinition(
    testDefinition(BASE, {
      components: [
        project!,
        {
          ...request!,
          fields: [
            ...request!.fields,
            { key: 'observacoes', type: 'RICH_TEXT', label: label('Observações') },
            { key: 'resumo', type: 'RICH_TEXT', label: label('Resumo') },
          ],
          rules: [
            {
              id: 'resumo',
              kind: 'action',
              trigger: { on: 'beforeSave' },
              // A rule building HTML from what a user typed: its result is checked as any other value.
              effects: [{ kind: 'setField', field: 'resumo', expression: "'<b>' & nome & '</b>'" }],
            },
          ],
          forms: [
            {
              id: FORM,
              name: label('Pedido'),
              layout: [
                { type: 'textbox', field: 'nome' },
                { type: 'numericPicker', field: 'peso' },
                { type: 'formattedText', field: 'observacoes' },
              ],
            },
          ],
        },
      ],
    }),
    { userId: null },
  );
  const admin = await buildUser(app.database.db, { isAdministrator: true });
  adminId = admin.id;
  token = await signIn(app, admin);
});
afterAll(() => app.close());

const post = (path: string, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(token), 'accept-language': 'pt-BR' },
    payload,
  });

async function storedData(itemId: number): Promise<Record<string, unknown>> {
  const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, itemId));
  return row!.data as Record<string, unknown>;
}

async function newItem(data: Record<string, unknown> = {}) {
  return createItem(app.database.db, actor(), {
    componentId: REQUEST,
    title: 'Pedido',
    data: { nome: 'Fulano', ...data },
  });
}

describe('rich text on every write path', () => {
  it('saveItem (insert, update) stores it sanitised, a form rule’s HTML too', async () => {
    const inserted = await post('saveItem', {
      componentId: REQUEST,
      formId: FORM,
      values: { nome: '<img src=x onerror=alert(1)>Ana', observacoes: ATTACK },
    });
    expect(inserted.statusCode, inserted.body).toBe(200);
    const { id, version } = inserted.json().saved;
    expect(await storedData(id)).toMatchObject({ observacoes: STORED, resumo: '<b>Ana</b>' });

    const updated = await post('saveItem', {
      componentId: REQUEST,
      formId: FORM,
      itemId: id,
      version,
      values: { observacoes: `<p>depois</p>${NOSCRIPT}` },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await storedData(id)).observacoes).toBe('<p>depois</p>');
  });

  it('updateItemField stores it sanitised, and a value that is only script clears the field', async () => {
    const item = await newItem({ observacoes: '<p>antes</p>' });
    const response = await post('updateItemField', {
      itemId: item.id,
      componentId: REQUEST,
      field: 'observacoes',
      value: ATTACK,
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await storedData(item.id)).observacoes).toBe(STORED);

    const cleared = await post('updateItemField', {
      itemId: item.id,
      componentId: REQUEST,
      field: 'observacoes',
      value: '<script>alert(1)</script><img src=x onerror=alert(1)>',
      version: 2,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await storedData(item.id)).not.toHaveProperty('observacoes');
  });

  it('bulkUpdateItems stores it sanitised for every item', async () => {
    const a = await newItem();
    const b = await newItem();
    const response = await post('bulkUpdateItems', {
      component: REQUEST,
      items: [
        { id: a.id, version: 1, changes: { observacoes: ATTACK } },
        { id: b.id, version: 1, changes: { observacoes: NOSCRIPT } },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await storedData(a.id)).observacoes).toBe(STORED);
    expect(await storedData(b.id)).not.toHaveProperty('observacoes');
  });

  it('importExcel stores each cell sanitised', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pedidos');
    sheet.addRow(['Título', 'Nome', 'Observações']);
    sheet.addRow(['Importado XSS', 'Beto', ATTACK]);
    sheet.addRow(['Importado texto', 'Caio', '1 < 2 & 3']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const boundary = '----der-rich-text';
    const response = await app.inject({
      method: 'POST',
      url: `/api/genericItem/importExcel?componentID=${REQUEST}`,
      headers: {
        ...bearer(token),
        'accept-language': 'pt-BR',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.xlsx"\r\nContent-Type: ${XLSX_CONTENT_TYPE}\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ errors: [] });
    const rows = await app.database.db
      .select()
      .from(runtimeItems)
      .where(eq(runtimeItems.componentId, REQUEST));
    const byTitle = new Map(rows.map((row) => [row.title, row.data as Record<string, unknown>]));
    expect(byTitle.get('Importado XSS')?.observacoes).toBe(STORED);
    // Plain text in a cell is text: its brackets are escaped, never read as markup.
    expect(byTitle.get('Importado texto')?.observacoes).toBe('1 &lt; 2 &amp; 3');
  });
});
