import type { ComponentDefinitionInput } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildComponents, grantApplication } from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { insertItems } from '../../../test/fixtures/query-test-fixture.ts';
import { testComponents, testFields } from '../../../test/fixtures/test-definition.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';

/**
 * Issue 15 "which fields each role may see": a field hidden from external users while the item is in analysis
 * is not answered to the requerente by refreshItem, list rows, the export or the history, and they cannot write
 * it; the analyst reads and writes it; in the draft status the requerente sees it.
 */
const BASE = 4700;
const REQUEST = BASE + 2;
const FORM = 47;
const QUERY = 48;
const SECRET = 'Parecer sigiloso';

const label = (pt: string, en = pt) => ({ 'pt-BR': pt, en });

function components(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    project!,
    {
      ...request!,
      fields: [...testFields(), { key: 'parecer', type: 'STRING', label: label('Parecer', 'Opinion') }],
      workflow: {
        statuses: [
          { key: 'rascunho', name: label('Rascunho'), initial: true },
          { key: 'emAnalise', name: label('Em análise') },
        ],
        actions: [],
      },
      fieldAccess: {
        statuses: [{ status: 'emAnalise', hidden: [{ fields: ['parecer'], roles: ['external'] }] }],
      },
      forms: [
        {
          id: FORM,
          name: label('Pedido'),
          layout: [
            { type: 'textbox', field: 'nome' },
            { type: 'textbox', field: 'parecer' },
          ],
        },
      ],
      queries: [{ id: QUERY, name: label('Todos'), filter: { logicSeparator: 'AND', filters: [] } }],
    },
  ];
}

type Who = 'requerente' | 'analyst';
let app: FastifyInstance;
const tokens = {} as Record<Who, string>;
let inAnalysis: number;
let draft: number;

const post = (who: Who, path: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(tokens[who]), 'accept-language': 'pt-BR' },
    payload,
  });
const get = (who: Who, path: string, query: Record<string, string | number>) =>
  app.inject({
    method: 'GET',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(tokens[who]), 'accept-language': 'pt-BR' },
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  await buildComponents(app, BASE, { components: components() });
  const requerente = await buildUser(db, { kind: 'requerente', grantFixtureApplications: false });
  const analyst = await buildUser(db, { grantFixtureApplications: false });
  await grantApplication(db, REQUEST, [requerente.id, analyst.id]);
  tokens.requerente = await signIn(app, requerente);
  tokens.analyst = await signIn(app, analyst);
  const item = (status: string) => ({
    componentId: REQUEST,
    status,
    creatorId: requerente.id,
    responsibleId: analyst.id,
    data: { nome: 'Pedido', parecer: 'Rascunho do parecer' },
  });
  const ids = await insertItems(db, [item('emAnalise'), item('rascunho')]);
  inAnalysis = ids[0]!;
  draft = ids[1]!;
  // The analyst writes the opinion: a version whose change the history would show.
  const written = await post('analyst', 'updateItemField', {
    itemId: inAnalysis,
    componentId: REQUEST,
    field: 'parecer',
    value: SECRET,
    version: 1,
  });
  expect(written.statusCode, written.body).toBe(200);
});

afterAll(async () => {
  await app.close();
});

describe('fields hidden per status', () => {
  it('refreshItem leaves the value out for the requerente and lists it as restricted; the analyst reads it', async () => {
    const mine = await post('requerente', 'refreshItem', { itemId: inAnalysis, componentId: REQUEST });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().values).not.toHaveProperty('parecer');
    expect(mine.json().restrictedFields).toEqual(['parecer']);
    expect(mine.json().readOnlyFields).toContain('parecer');
    expect(mine.body).not.toContain(SECRET);
    const analyst = await post('analyst', 'refreshItem', { itemId: inAnalysis, componentId: REQUEST });
    expect(analyst.json().values.parecer).toBe(SECRET);
    expect(analyst.json().restrictedFields).toEqual([]);
    // In the draft status nothing is hidden.
    const inDraft = await post('requerente', 'refreshItem', { itemId: draft, componentId: REQUEST });
    expect(inDraft.json().values.parecer).toBe('Rascunho do parecer');
  });

  it('list rows answer the column blank for the requerente in that status only', async () => {
    const list = async (who: Who) => {
      const response = await post(who, 'executeFilter', {
        componentID: REQUEST,
        viewColumns: ['Title', 'nome', 'parecer'],
      });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    const mine = await list('requerente');
    expect(mine.body).not.toContain(SECRET);
    const rows = mine.json().rows as Array<{ ID: number; values: Record<string, unknown> }>;
    expect(rows.find((row) => row.ID === inAnalysis)!.values.parecer).toBeNull();
    expect(rows.find((row) => row.ID === draft)!.values.parecer).toBe('Rascunho do parecer');
    expect((await list('analyst')).body).toContain(SECRET);
  });

  it('the export leaves the value out for the requerente', async () => {
    const exported = async (who: Who) => {
      const response = await post(who, 'exportExcel', {
        componentID: REQUEST,
        viewColumns: ['Title', 'parecer'],
      });
      expect(response.statusCode, response.body).toBe(200);
      const ExcelJS = (await import('exceljs')).default;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const cells: unknown[] = [];
      workbook.worksheets[0]!.eachRow((row) => {
        cells.push(...(row.values as unknown[]));
      });
      return cells;
    };
    expect(await exported('requerente')).not.toContain(SECRET);
    expect(await exported('analyst')).toContain(SECRET);
  });

  it('the history names no hidden change to the requerente', async () => {
    const mine = await get('requerente', 'getHistoryFull', { itemId: inAnalysis });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.body).not.toContain(SECRET);
    expect(mine.body).not.toContain('Parecer');
    const changes = await get('requerente', 'getAttributeChanges', {
      itemId: inAnalysis,
      componentId: REQUEST,
      currentVersion: 2,
      previousVersion: 0,
    });
    expect(changes.statusCode, changes.body).toBe(200);
    const fields = (changes.json().changes as Array<{ field: string }>).map((change) => change.field);
    expect(fields).toContain('nome');
    expect(fields).not.toContain('parecer');
    expect(changes.body).not.toContain(SECRET);
    const analyst = await get('analyst', 'getHistoryFull', { itemId: inAnalysis });
    expect(analyst.body).toContain(SECRET);
  });

  it('the requerente cannot write the hidden field; the analyst can', async () => {
    const refused = await post('requerente', 'updateItemField', {
      itemId: inAnalysis,
      componentId: REQUEST,
      field: 'parecer',
      value: 'Meu parecer',
      version: 2,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'parecer', message: expect.any(String), code: 'fieldNotEditable' },
    ]);
    // Other fields stay writable (an entry with only hidden grants restricts no writes).
    const allowed = await post('requerente', 'updateItemField', {
      itemId: inAnalysis,
      componentId: REQUEST,
      field: 'nome',
      value: 'Pedido corrigido',
      version: 2,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const analyst = await post('analyst', 'updateItemField', {
      itemId: inAnalysis,
      componentId: REQUEST,
      field: 'parecer',
      value: 'Parecer final',
      version: 3,
    });
    expect(analyst.statusCode, analyst.body).toBe(200);
  });
});
