import type { ComponentDefinitionInput } from '@der/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
} from '../../../test/factories/runtime.ts';
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { runtimeFiles } from '../files/files.table.ts';
import type { ItemActor } from '../items/items.service.ts';
import { runtimeItems } from '../items/items.table.ts';
import { FREE_LINK_RELATION, runtimeItemLinks } from './links.table.ts';

const BASE = 960;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;
const VEHICLE = BASE + 3;
const FORM = 9601;
const QUERY = 9602;
const RELATION = 'manyToMany:veiculos';
const NOW = new Date('2026-03-10T15:00:00.000Z');

const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });

/** The write side's request component with a form of linked-data widgets, and a vehicle component. */
function components(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    project!,
    {
      ...request!,
      fields: [
        ...request!.fields,
        { key: 'dobro', type: 'DECIMAL', label: label('Dobro do peso', 'Twice the weight') },
        { key: 'foto', type: 'BINARY', label: label('Foto', 'Photo') },
        {
          key: 'veiculoPadrao',
          type: 'GENERIC_ITEM_TYPE',
          label: label('Veículo padrão', 'Default vehicle'),
          targetComponentId: VEHICLE,
        },
      ],
      rules: [
        { id: 'dobro', kind: 'computedValue', field: 'dobro', expression: 'peso * 2' },
        {
          id: 'tituloDoNome',
          kind: 'action',
          trigger: { on: 'change', field: 'nome' },
          effects: [{ kind: 'setField', field: 'Title', expression: "'Pedido de ' & nome" }],
        },
      ],
      forms: [
        {
          id: FORM,
          name: label('Pedido', 'Request'),
          layout: [
            { type: 'textbox', field: 'nome' },
            {
              type: 'groupBox',
              title: label('Veículos', 'Vehicles'),
              children: [{ type: 'manyToMany', key: 'veiculos', componentId: VEHICLE }],
            },
            { type: 'masterSlave', componentId: VEHICLE },
            { type: 'timeline', componentId: VEHICLE },
            { type: 'itemLinks' },
          ],
        },
      ],
    },
    {
      id: VEHICLE,
      name: `Veiculo${BASE}`,
      label: label('Veículo', 'Vehicle'),
      pluralLabel: label('Veículos', 'Vehicles'),
      formattedIdPattern: 'VEI-{SEQ:4}',
      fields: [
        { key: 'placa', type: 'STRING', label: label('Placa', 'Plate') },
        { key: 'inspecao', type: 'DATE_TIME', label: label('Inspeção', 'Inspection') },
      ],
      queries: [
        {
          id: QUERY,
          name: label('Com placa', 'With a plate'),
          filter: { logicSeparator: 'AND', filters: [{ field: 'placa', operator: 'isNotEmpty' }] },
          sort: [{ field: 'Title', sortDirection: 'asc' }],
        },
      ],
    },
  ];
}

type Who = 'owner' | 'reader' | 'stranger' | 'admin';
let app: FastifyInstance;
const people = {} as Record<Who, { id: number; token: string }>;
/** Items by name: r1 the request; v1, v2 vehicles of the project; v3 of the stranger's project; c* children. */
/** The stored files the request's BINARY field holds. */
let photoIds: number[] = [];
const ids = {} as Record<'p1' | 'p2' | 'r1' | 'v1' | 'v2' | 'v3' | 'c1' | 'c2' | 'c3' | 'c4', number>;

const actorOf = (who: Who): ItemActor => ({
  userId: people[who].id,
  isAdministrator: who === 'admin',
  language: 'pt-BR',
});

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  Object.assign(
    people,
    await buildPeople(app, ['owner', 'reader', 'stranger', 'admin'], { admin: { isAdministrator: true } }),
  );
  await buildComponents(app, BASE, { components: components() });
  const admin = actorOf('admin');
  const make = async (input: Parameters<typeof buildItem>[2]) => (await buildItem(db, admin, input)).id;
  ids.p1 = await make({ componentId: PROJECT, title: 'Projeto 1' });
  ids.p2 = await make({ componentId: PROJECT, title: 'Projeto 2' });
  await grantProjectAccess(db, ids.p1, [
    { userId: people.owner.id },
    { userId: people.reader.id, readOnly: true },
  ]);
  await grantProjectAccess(db, ids.p2, [{ userId: people.stranger.id }]);
  // Two stored photos of the admin's (a BINARY field may hold only files its saver uploaded).
  const photo = {
    uploadedBy: people.admin.id,
    mediaType: 'image/png',
    size: 3,
    sha256: '00',
    content: Buffer.from('png'),
  };
  photoIds = (
    await db
      .insert(runtimeFiles)
      .values([
        { ...photo, fileName: 'frente.png' },
        { ...photo, fileName: 'verso.png' },
      ])
      .returning({ id: runtimeFiles.id })
  ).map((row) => row.id);
  ids.r1 = await make({
    componentId: REQUEST,
    projectId: ids.p1,
    title: 'Pedido 1',
    data: { nome: 'Carga', foto: photoIds },
  });
  ids.v1 = await make({
    componentId: VEHICLE,
    projectId: ids.p1,
    title: 'Bitrem',
    data: { placa: 'ABC1D23' },
  });
  ids.v2 = await make({
    componentId: VEHICLE,
    projectId: ids.p1,
    title: 'Carreta',
    data: { placa: 'XYZ9K88' },
  });
  ids.v3 = await make({
    componentId: VEHICLE,
    projectId: ids.p2,
    title: 'Alheio',
    data: { placa: 'AAA0A00' },
  });
  // Children of r1: c1 and c3 dated, c4 without a date, c2 in the stranger's project.
  const child = (title: string, projectId: number, inspecao?: string) =>
    make({
      componentId: VEHICLE,
      projectId,
      parentId: ids.r1,
      title,
      data: inspecao ? { inspecao } : {},
    });
  ids.c1 = await child('Filho maio', ids.p1, '2026-05-01T12:00:00.000Z');
  ids.c2 = await child('Filho alheio', ids.p2, '2026-02-01T12:00:00.000Z');
  ids.c3 = await child('Filho janeiro', ids.p1, '2026-01-01T12:00:00.000Z');
  ids.c4 = await child('Filho sem data', ids.p1);
  // Free links: r1 → v1, v2 → r1, r1 → v3 (the owner may not see v3).
  await db.insert(runtimeItemLinks).values([
    { fromItemId: ids.r1, toItemId: ids.v1, relation: FREE_LINK_RELATION, createdAt: new Date(1000) },
    { fromItemId: ids.v2, toItemId: ids.r1, relation: FREE_LINK_RELATION, createdAt: new Date(2000) },
    { fromItemId: ids.r1, toItemId: ids.v3, relation: FREE_LINK_RELATION, createdAt: new Date(3000) },
  ]);
});
afterAll(() => app.close());

const get = (path: string, who: Who, query: Record<string, unknown>, language = 'pt-BR') =>
  app.inject({
    method: 'GET',
    url: `/api/genericItem/${path}`,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: { ...bearer(people[who].token), 'accept-language': language },
  });
const post = (path: string, who: Who, payload: Record<string, unknown>, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(people[who].token), 'accept-language': language },
    payload,
  });

const widget = { componentId: REQUEST, formId: FORM, targetComponentId: VEHICLE, widgetKey: 'veiculos' };
const titlesOf = (items: Array<{ title: string }>) => items.map((item) => item.title);
const linkedTitles = async (who: Who) => {
  const response = await post('loadManyToManyFormData', who, { ...widget, itemId: ids.r1 });
  expect(response.statusCode, response.body).toBe(200);
  return titlesOf(response.json().items);
};
const ownerVersion = async () => {
  const [row] = await app.database.db
    .select({ version: runtimeItems.version })
    .from(runtimeItems)
    .where(eq(runtimeItems.id, ids.r1));
  return row!.version;
};
const storedLinks = () =>
  app.database.db
    .select({ to: runtimeItemLinks.toItemId })
    .from(runtimeItemLinks)
    .where(and(eq(runtimeItemLinks.fromItemId, ids.r1), eq(runtimeItemLinks.relation, RELATION)));

describe('many-to-many', () => {
  it('offers the candidates the user sees, narrowed by the search text', async () => {
    const all = await post('loadManyToManyComboData', 'owner', { ...widget, search: '' });
    expect(all.statusCode, all.body).toBe(200);
    expect(titlesOf(all.json().items)).toEqual([
      'Bitrem',
      'Carreta',
      'Filho janeiro',
      'Filho maio',
      'Filho sem data',
    ]);
    const narrowed = await post('loadManyToManyComboData', 'owner', { ...widget, search: 'carr', limit: 5 });
    expect(narrowed.json().items).toEqual([
      { id: ids.v2, formattedId: expect.stringMatching(/^VEI-/), title: 'Carreta' },
    ]);
    // Wildcards typed by the user match literally.
    const literal = await post('loadManyToManyComboData', 'owner', { ...widget, search: '%' });
    expect(literal.json().items).toEqual([]);
    // A user of another project sees only their project's items.
    const stranger = await post('loadManyToManyComboData', 'stranger', widget);
    expect(titlesOf(stranger.json().items)).toEqual(['Alheio', 'Filho alheio']);
  });

  it('answers 404 for a widget the form does not have', async () => {
    const response = await post('loadManyToManyComboData', 'owner', {
      ...widget,
      targetComponentId: REQUEST,
    });
    expect(response.statusCode).toBe(404);
    const byKey = await post('loadManyToManyComboData', 'owner', { ...widget, widgetKey: 'outro' });
    expect(byKey.statusCode).toBe(404);
  });

  it('sets the links in one new version of the owner, shown in its history', async () => {
    const response = await post('refreshManyToManyItems', 'owner', {
      ...widget,
      itemId: ids.r1,
      version: 1,
      linkedIds: [ids.v2, ids.v1, ids.v1],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().saved).toMatchObject({ id: ids.r1, version: 2 });
    expect(titlesOf(response.json().items)).toEqual(['Bitrem', 'Carreta']);
    expect(await linkedTitles('owner')).toEqual(['Bitrem', 'Carreta']);

    // The same set again changes nothing: no new version.
    const again = await post('refreshManyToManyItems', 'owner', {
      ...widget,
      itemId: ids.r1,
      linkedIds: [ids.v1, ids.v2],
    });
    expect(again.json().saved.version).toBe(2);

    const history = await get('getHistoryFull', 'owner', { itemId: ids.r1 });
    expect(history.statusCode, history.body).toBe(200);
    const [latest] = history.json().versions;
    expect(latest).toMatchObject({ version: 2, action: 'update', changedBy: { id: people.owner.id } });
    expect(latest.changes).toEqual([
      {
        field: RELATION,
        label: RELATION,
        oldValue: '',
        newValue: expect.stringMatching(/^VEI-\d{4}, VEI-\d{4}$/),
      },
    ]);
  });

  it('refuses an id the user may not see, and writes nothing', async () => {
    const before = await ownerVersion();
    const response = await post('refreshManyToManyItems', 'owner', {
      ...widget,
      itemId: ids.r1,
      linkedIds: [ids.v1, ids.v3, 999_999],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'linkedIds.1', message: expect.any(String) },
      { field: 'linkedIds.2', message: expect.any(String) },
    ]);
    // An item of another component, and the owner itself, are refused alike.
    const wrongKind = await post('refreshManyToManyItems', 'owner', {
      ...widget,
      itemId: ids.r1,
      linkedIds: [ids.r1, ids.p1],
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(await ownerVersion()).toBe(before);
    expect((await storedLinks()).map((row) => row.to).sort()).toEqual([ids.v1, ids.v2].sort());
  });

  it('needs the right to change the owner, and the version the form holds', async () => {
    const body = { ...widget, itemId: ids.r1, linkedIds: [ids.v1] };
    const reader = await post('refreshManyToManyItems', 'reader', body);
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toMatchObject({
      code: 'ITEM_EDIT_FORBIDDEN',
      Message: 'O usuário não tem permissão para editar o item.',
    });
    const en = await post('refreshManyToManyItems', 'reader', body, 'en');
    expect(en.json().Message).toBe('The user does not have permission to edit the item.');
    expect((await post('refreshManyToManyItems', 'stranger', body)).statusCode).toBe(404);
    const stale = await post('refreshManyToManyItems', 'owner', { ...body, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('ITEM_VERSION_CONFLICT');
    // The reader still sees the links; the stranger gets nothing.
    expect(await linkedTitles('reader')).toEqual(['Bitrem', 'Carreta']);
    expect((await post('loadManyToManyFormData', 'stranger', { ...widget, itemId: ids.r1 })).statusCode).toBe(
      404,
    );
    expect((await storedLinks()).length).toBe(2);
  });

  it('keeps the links through a save of the owner, and links the user cannot see', async () => {
    const version = await ownerVersion();
    const saved = await post('saveItem', 'owner', {
      componentId: REQUEST,
      formId: FORM,
      itemId: ids.r1,
      version,
      values: { nome: 'Carga alterada' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().saved.version).toBe(version + 1);
    expect(await linkedTitles('owner')).toEqual(['Bitrem', 'Carreta']);

    // The administrator adds v3 (outside the owner's sight); the owner then keeps only Bitrem.
    const admin = await post('refreshManyToManyItems', 'admin', {
      ...widget,
      itemId: ids.r1,
      linkedIds: [ids.v1, ids.v2, ids.v3],
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(await linkedTitles('owner')).toEqual(['Bitrem', 'Carreta']);
    const owner = await post('refreshManyToManyItems', 'owner', {
      ...widget,
      itemId: ids.r1,
      linkedIds: [ids.v1],
    });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(JSON.stringify(owner.json())).not.toContain(`"id":${ids.v3},`);
    expect(await linkedTitles('owner')).toEqual(['Bitrem']);
    expect(await linkedTitles('admin')).toEqual(['Alheio', 'Bitrem']);
  });
});

describe('one-to-many and timeline', () => {
  it('lists the visible children (parent = the item)', async () => {
    const response = await post('loadOneToManyFormData', 'owner', {
      itemId: ids.r1,
      childComponentId: VEHICLE,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(titlesOf(response.json().items)).toEqual(['Filho maio', 'Filho janeiro', 'Filho sem data']);
    expect(response.json().items[0]).toMatchObject({ parentId: ids.r1, componentId: VEHICLE });
    const stranger = await post('loadOneToManyFormData', 'stranger', {
      itemId: ids.r1,
      childComponentId: VEHICLE,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('orders the children by a date field, oldest first, undated last', async () => {
    const response = await post('loadOneToManyTimelineFormData', 'owner', {
      itemId: ids.r1,
      childComponentId: VEHICLE,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.dateField).toBe('inspecao');
    expect(
      body.entries.map((entry: { date: string | null; item: { title: string } }) => [
        entry.date,
        entry.item.title,
      ]),
    ).toEqual([
      ['2026-01-01T12:00:00.000Z', 'Filho janeiro'],
      ['2026-05-01T12:00:00.000Z', 'Filho maio'],
      [null, 'Filho sem data'],
    ]);
    const byCreation = await post('loadOneToManyTimelineFormData', 'admin', {
      itemId: ids.r1,
      childComponentId: VEHICLE,
      dateField: 'CreationDate',
    });
    expect(byCreation.json().entries).toHaveLength(4);
    expect(byCreation.json().entries[0]).toMatchObject({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      item: { title: 'Filho maio' },
    });
    const notADate = await post('loadOneToManyTimelineFormData', 'owner', {
      itemId: ids.r1,
      childComponentId: VEHICLE,
      dateField: 'placa',
    });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().details).toEqual([{ field: 'dateField', message: expect.any(String) }]);
    const stranger = await post('loadOneToManyTimelineFormData', 'stranger', {
      itemId: ids.r1,
      childComponentId: VEHICLE,
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('free links', () => {
  it('lists both directions, only with items the user sees', async () => {
    const response = await post('loadItemLinksFormData', 'owner', { itemId: ids.r1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .links.map((link: { direction: string; item: { title: string } }) => [
          link.direction,
          link.item.title,
        ]),
    ).toEqual([
      ['outgoing', 'Bitrem'],
      ['incoming', 'Carreta'],
    ]);
    const admin = await post('loadItemLinksFormData', 'admin', { itemId: ids.r1 });
    expect(admin.json().links).toHaveLength(3);
    expect((await post('loadItemLinksFormData', 'stranger', { itemId: ids.r1 })).statusCode).toBe(404);
  });
});

describe('getDefaultValueQuery', () => {
  it('answers the first item of the saved query the user sees', async () => {
    const query = { componentId: REQUEST, field: 'veiculoPadrao', queryId: QUERY };
    const owner = await get('getDefaultValueQuery', 'owner', query);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toEqual({
      value: ids.v1,
      item: { id: ids.v1, formattedId: expect.stringMatching(/^VEI-/), title: 'Bitrem' },
    });
    const stranger = await get('getDefaultValueQuery', 'stranger', query);
    expect(stranger.json().value).toBe(ids.v3);
    const notAReference = await get('getDefaultValueQuery', 'owner', { ...query, field: 'nome' });
    expect(notAReference.statusCode).toBe(400);
    expect((await get('getDefaultValueQuery', 'owner', { ...query, queryId: 1 })).statusCode).toBe(404);
  });
});

describe('executeWindowCallResultFunction', () => {
  it('applies the dialog result and runs the change rules of each returned field', async () => {
    const response = await post('executeWindowCallResultFunction', 'owner', {
      componentId: REQUEST,
      values: { nome: 'A', peso: 1 },
      result: { peso: 10, nome: 'Dialogo' },
      isNew: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().values).toMatchObject({
      peso: 10,
      dobro: 20,
      nome: 'Dialogo',
      Title: 'Pedido de Dialogo',
    });
    const unknown = await post('executeWindowCallResultFunction', 'owner', {
      componentId: REQUEST,
      values: {},
      result: { naoExiste: 1, FormattedID: 'X' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.map((detail: { field: string }) => detail.field)).toEqual([
      'result.naoExiste',
      'result.FormattedID',
    ]);
  });
});

describe('getImageName', () => {
  it("answers the image field's stored files, in the field's order", async () => {
    const response = await get('getImageName', 'reader', { itemId: ids.r1, field: 'foto' });
    expect(response.statusCode, response.body).toBe(200);
    const file = { size: 3, mediaType: 'image/png' };
    expect(response.json()).toEqual({
      fileIds: photoIds,
      fileName: 'frente.png',
      files: [
        { ...file, fileId: photoIds[0], name: 'frente.png' },
        { ...file, fileId: photoIds[1], name: 'verso.png' },
      ],
    });
    expect((await get('getImageName', 'owner', { itemId: ids.r1, field: 'nome' })).statusCode).toBe(400);
    expect((await get('getImageName', 'stranger', { itemId: ids.r1, field: 'foto' })).statusCode).toBe(404);
  });
});

describe('deleting items', () => {
  it('removes their links', async () => {
    const response = await post('deleteItem', 'admin', { ids: [ids.v2], componentId: VEHICLE });
    expect(response.statusCode, response.body).toBe(200);
    const links = await post('loadItemLinksFormData', 'admin', { itemId: ids.r1 });
    expect(links.json().links).toHaveLength(2);
  });
});
