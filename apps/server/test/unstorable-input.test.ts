import { ErrorBodySchema } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '../src/engine/items/items.service.ts';
import { runtimeItems } from '../src/engine/items/items.table.ts';
import { MAX_INPUT_DEPTH } from '../src/infra/http/storable-input.ts';
import { buildTestApp } from './build-test-app.ts';
import { buildUser } from './factories/users.ts';
import { testDefinition } from './fixtures/test-definition.ts';
import { bearer, nextIp, signIn } from './helpers/auth.ts';

/**
 * Text PostgreSQL cannot store (NUL, lone surrogates) and runaway nesting, in every place they used to answer
 * 500: each is refused with 400 VALIDATION_FAILED naming the field, translated, and nothing reaches the database.
 */
const BASE = 1400;
const REQUEST = BASE + 2;
const NUL = 'Fulano\u0000de Tal';
const LONE_SURROGATE = 'Fulano \ud800 de Tal';

let app: FastifyInstance;
let token: string;
let itemId: number;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const admin = await buildUser(app.database.db, { isAdministrator: true, name: 'ANA ADMIN' });
  token = await signIn(app, admin);
  await app.services.definitions.importDefinition(testDefinition(BASE), { userId: null });
  const item = await createItem(
    app.database.db,
    { userId: admin.id, isAdministrator: true, language: 'pt-BR' },
    { componentId: REQUEST, title: 'Pedido', data: { nome: 'Fulano de Tal', peso: 10 } },
  );
  itemId = item.id;
});
afterAll(() => app.close());

async function post(path: string, payload: unknown, options: { signedIn?: boolean; language?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `/api${path}`,
    remoteAddress: nextIp(),
    headers: {
      ...(options.signedIn === false ? {} : bearer(token)),
      'accept-language': options.language ?? 'pt-BR',
    },
    payload: payload as Record<string, unknown>,
  });
}

/** The answer is 400 VALIDATION_FAILED whose only detail names `field` with the translated message. */
function expectRefused(response: Awaited<ReturnType<typeof post>>, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.details).toEqual([{ field, message }]);
  expect(body.Message).toContain(field);
}

const NOT_STORABLE_PT = 'O texto contém caracteres não permitidos';

describe('text the database cannot store is refused with 400 naming the field', () => {
  it('in a filter value', async () => {
    const response = await post('/genericItem/executeFilter', {
      componentID: REQUEST,
      filters: [{ field: 'nome', operator: 'contains', value: NUL }],
    });
    expectRefused(response, 'body.filters.0.value', NOT_STORABLE_PT);
  });

  it('in updateItemField', async () => {
    const response = await post('/genericItem/updateItemField', {
      itemId,
      componentId: REQUEST,
      field: 'nome',
      value: NUL,
      version: 1,
    });
    expectRefused(response, 'body.value', NOT_STORABLE_PT);
  });

  it('in bulkUpdateItems, also as a lone surrogate (jsonb refuses it) and in English', async () => {
    const nul = await post('/genericItem/bulkUpdateItems', {
      component: REQUEST,
      items: [{ id: itemId, version: 1, changes: { nome: NUL } }],
    });
    expectRefused(nul, 'body.items.0.changes.nome', NOT_STORABLE_PT);

    const surrogate = await post(
      '/genericItem/bulkUpdateItems',
      { component: REQUEST, items: [{ id: itemId, version: 1, changes: { nome: LONE_SURROGATE } }] },
      { language: 'en' },
    );
    expectRefused(
      surrogate,
      'body.items.0.changes.nome',
      'The text contains characters that are not allowed',
    );
    expect(surrogate.json().Message).toBe('Invalid data in the fields: body.items.0.changes.nome.');
  });

  it('in a key of item data', async () => {
    const response = await post('/genericItem/bulkUpdateItems', {
      component: REQUEST,
      items: [{ id: itemId, version: 1, changes: { 'no\u0000me': 'x' } }],
    });
    expectRefused(response, 'body.items.0.changes.no\u0000me', NOT_STORABLE_PT);
  });

  it('in the login UserName', async () => {
    const response = await post(
      '/users/authenticate',
      { UserName: 'admin\u0000', Password: 'Qualquer#Senha-1' },
      { signedIn: false },
    );
    expectRefused(response, 'body.UserName', NOT_STORABLE_PT);
  });

  it('in updateProfile', async () => {
    const response = await post('/users/updateProfile', { name: NUL, email: 'ana@example.gov.br' });
    expectRefused(response, 'body.name', NOT_STORABLE_PT);
  });

  it('in searchItemsByQuery', async () => {
    const response = await post('/genericItem/searchItemsByQuery', { componentID: REQUEST, query: NUL });
    expectRefused(response, 'body.query', NOT_STORABLE_PT);
  });

  it('in loadUsers', async () => {
    const response = await post('/genericItem/loadUsers', { search: NUL });
    expectRefused(response, 'body.search', NOT_STORABLE_PT);
  });

  it('in a query string', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/genericItem/getComponentByName?name=Pedido%00',
      headers: bearer(token),
    });
    expectRefused(response, 'query.name', NOT_STORABLE_PT);
  });

  it('and the item stays as it was', async () => {
    const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, itemId));
    expect(row).toMatchObject({ version: 1, data: { nome: 'Fulano de Tal', peso: 10 } });
  });
});

describe('runaway nesting is refused before any recursive validation', () => {
  function nestedGroup(levels: number): Record<string, unknown> {
    let node: Record<string, unknown> = { field: 'nome', operator: 'eq', value: 'x' };
    for (let level = 0; level < levels; level++) node = { logicSeparator: 'AND', filters: [node] };
    return node;
  }

  it('a filter tree 1 000 groups deep answers 400 naming the filters field', async () => {
    const response = await post('/genericItem/executeFilter', {
      componentID: REQUEST,
      filters: [nestedGroup(1000)],
    });
    expectRefused(response, 'body.filters', `Os dados têm níveis demais (máximo ${MAX_INPUT_DEPTH})`);
  });

  it('a filter tree within the nesting limit but beyond the filter limit answers the filter message', async () => {
    const response = await post(
      '/genericItem/executeFilter',
      { componentID: REQUEST, filters: [nestedGroup(20)] },
      { language: 'en' },
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'filters.logicSeparator', message: 'The filter has too many levels (maximum 8)' },
    ]);
  });

  it('item data nested 10 000 deep answers 400 too', async () => {
    // Written by hand: JSON.stringify itself would overflow on such a value.
    const value = `${'['.repeat(10_000)}"x"${']'.repeat(10_000)}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/genericItem/updateItemField',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"itemId":${itemId},"componentId":${REQUEST},"field":"nome","version":1,"value":${value}}`,
    });
    expectRefused(response, 'body.value', `Os dados têm níveis demais (máximo ${MAX_INPUT_DEPTH})`);
  });
});

describe('integers beyond the 32-bit columns are refused with 400 naming the field', () => {
  it('in a body and in a query string (a component id), translated', async () => {
    const body = await post('/genericItem/updateItemField', {
      itemId,
      componentId: 2_147_483_648,
      field: 'nome',
      value: 'x',
      version: 1,
    });
    expectRefused(body, 'body.componentId', 'Número fora do intervalo permitido');

    const query = await app.inject({
      method: 'GET',
      url: '/api/genericItem/getListControlData?componentID=9007199254740991',
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expectRefused(query, 'query.componentID', 'Number out of the allowed range');
  });
});
