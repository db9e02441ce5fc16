import { FieldDefinitionSchema, type OrganizationalUnit } from '@der/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { testDefinition } from '../../../test/fixtures/test-definition.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { buildReferenceResolver } from '../../engine/excel/import-values.ts';
import { createItem, type ItemActor } from '../../engine/items/items.service.ts';
import { runtimeItems } from '../../engine/items/items.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { organizationalUnits } from './organizational-units.table.ts';

const BASE = 740;
const REQUEST = BASE + 2;
const definition = testDefinition(BASE);
const request = definition.components.find((component) => component.id === REQUEST)!;
request.fields.push({
  key: 'unidade',
  type: 'ORGANIZATIONAL_STRUCTURE',
  label: { 'pt-BR': 'Unidade', en: 'Unit' },
});
const definitionField = (key: string) =>
  FieldDefinitionSchema.parse(request.fields.find((field) => field.key === key));

describe('administration: organisational units', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let staffToken: string;
  let admin: ItemActor;

  const post = (url: string, payload: object, token = adminToken, language = 'pt-BR') =>
    app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), 'accept-language': language } });
  const save = (body: object, language?: string) =>
    post('/api/organizationalUnit/save', body, adminToken, language);
  const remove = (id: number, language?: string) =>
    post('/api/organizationalUnit/delete', { id }, adminToken, language);
  const list = async () => {
    const response = await post('/api/organizationalUnit/list', {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OrganizationalUnit[]>();
  };
  const create = async (name: string, parentId: number | null = null, acronym = '') => {
    const response = await save({ id: 0, name, acronym, parentId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: number; version: number }>().id;
  };
  const unitOf = async (id: number) => (await list()).find((unit) => unit.id === id)!;
  const auditsOf = (id: number) =>
    app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `organizationalUnit:${id}`))
      .orderBy(asc(auditLog.id));

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    const adminUser = await buildUser(db, { isAdministrator: true, hasPanelAdminPermission: true });
    const staff = await buildUser(db);
    adminToken = await signIn(app, adminUser);
    staffToken = await signIn(app, staff);
    admin = { userId: adminUser.id, isAdministrator: true, language: 'pt-BR' };
    await app.services.definitions.importDefinition(definition, { userId: null });
  });
  afterAll(() => app.close());

  it.each([
    ['/api/organizationalUnit/list', {}],
    ['/api/organizationalUnit/save', { id: 0, name: 'X' }],
    ['/api/organizationalUnit/delete', { id: 1 }],
  ] as const)(
    'refuses POST %s to staff without administration (403) and anonymous callers (401)',
    async (url, payload) => {
      const refused = await post(url, payload, staffToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      expect((await app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
      expect(await app.database.db.select().from(organizationalUnits)).toEqual([]);
    },
  );

  it('creates units under one another, lists the tree flat, changes one and audits every change', async () => {
    const created = await save({ id: 0, name: '  Diretoria de Operações ', acronym: 'do' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      success: true,
      message: 'A unidade foi salva com sucesso!',
      version: 1,
    });
    const directorate = created.json().id as number;
    const division = await create('Divisão de Faixa de Domínio', directorate, 'DFD');

    expect(await list()).toEqual([
      {
        id: directorate,
        name: 'Diretoria de Operações',
        acronym: 'DO',
        parentId: null,
        active: true,
        version: 1,
      },
      {
        id: division,
        name: 'Divisão de Faixa de Domínio',
        acronym: 'DFD',
        parentId: directorate,
        active: true,
        version: 1,
      },
    ]);

    const changed = await save({
      id: division,
      name: 'Divisão de Faixa de Domínio',
      acronym: 'DFDO',
      parentId: directorate,
      active: false,
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().version).toBe(2);
    expect(await unitOf(division)).toMatchObject({ acronym: 'DFDO', active: false, version: 2 });

    const audits = await auditsOf(division);
    expect(audits.map((row) => row.action)).toEqual([
      'admin.organizationalUnit.created',
      'admin.organizationalUnit.updated',
    ]);
    expect(audits[1]!.details).toEqual({
      acronym: { before: 'DFD', after: 'DFDO' },
      active: { before: true, after: false },
    });
  });

  it('refuses a parent that is the unit itself or one of its descendants (400 naming parentId)', async () => {
    const top = await create('Superintendência', null, 'SUP');
    const middle = await create('Diretoria de Engenharia', top, 'DE');
    const bottom = await create('Divisão de Projetos', middle, 'DPR');
    for (const parentId of [top, bottom]) {
      const refused = await save(
        { id: top, name: 'Superintendência', acronym: 'SUP', parentId, version: 1 },
        'en',
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().details).toEqual([
        {
          field: 'body.parentId',
          message: 'The parent unit cannot be the unit itself or one of its subordinate units',
        },
      ]);
    }
    const unknown = await save({ id: bottom, name: 'Divisão de Projetos', parentId: 999_999, version: 1 });
    expect(unknown.json().details).toEqual([{ field: 'body.parentId', message: 'Valor inválido' }]);
    expect(await unitOf(top)).toMatchObject({ parentId: null, version: 1 });
    // Moving a leaf elsewhere is fine.
    const moved = await save({
      id: bottom,
      name: 'Divisão de Projetos',
      acronym: 'DPR',
      parentId: top,
      version: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('refuses a sibling with the same name whatever the case, but not a cousin', async () => {
    const parent = await create('Residências Regionais', null, 'RR');
    const other = await create('Diretoria Administrativa e Financeira', null, 'DAF');
    await create('Residência de Campinas', parent);
    const duplicate = await save({ id: 0, name: 'RESIDÊNCIA DE CAMPINAS', parentId: parent });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().details).toEqual([
      { field: 'body.name', message: 'Já existe uma unidade com este nome sob a mesma unidade superior' },
    ]);
    const rootDuplicate = await save({ id: 0, name: 'residências regionais' });
    expect(rootDuplicate.statusCode).toBe(400);
    expect((await save({ id: 0, name: 'Residência de Campinas', parentId: other })).statusCode).toBe(200);
  });

  it('answers 409 to a save from a stale version and keeps the newer one', async () => {
    const id = await create('Divisão de Fiscalização', null, 'DFI');
    expect((await save({ id, name: 'Divisão de Fiscalização', acronym: 'DF', version: 1 })).statusCode).toBe(
      200,
    );
    const stale = await save({ id, name: 'Fiscalização', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect(await unitOf(id)).toMatchObject({ name: 'Divisão de Fiscalização', acronym: 'DF', version: 2 });
  });

  it('refuses to delete a unit with children or held by an item (409), deletes a free leaf and audits it', async () => {
    const parent = await create('Diretoria de Conservação', null, 'DCON');
    const child = await create('Divisão de Conservação', parent, 'DCO');
    const withChildren = await remove(parent);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json()).toMatchObject({
      code: 'ORGANIZATIONAL_UNIT_HAS_CHILDREN',
      Message:
        'A unidade "Diretoria de Conservação" tem unidades subordinadas. Exclua ou mova as subordinadas antes de excluí-la.',
    });

    const item = await createItem(app.database.db, admin, {
      componentId: REQUEST,
      data: { nome: 'Pedido', unidade: child },
    });
    const inUse = await remove(child, 'en');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      code: 'ORGANIZATIONAL_UNIT_IN_USE',
      Message: expect.stringContaining('is set on 1 item(s)'),
    });

    await app.database.db.delete(runtimeItems).where(eq(runtimeItems.id, item.id));
    const deleted = await remove(child);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe('A unidade foi excluída com sucesso!');
    expect((await list()).some((unit) => unit.id === child)).toBe(false);
    expect((await remove(parent)).statusCode).toBe(200);
    expect((await remove(parent)).statusCode).toBe(404);
    const audits = await auditsOf(child);
    expect(audits.at(-1)).toMatchObject({
      action: 'admin.organizationalUnit.deleted',
      details: {
        name: { before: 'Divisão de Conservação', after: null },
        parentId: { before: parent, after: null },
      },
    });
  });

  it('items hold only existing units, and new values only active ones', async () => {
    const active = await create('Unidade Ativa', null, 'UA');
    const inactive = await create('Unidade Inativa', null, 'UI');
    expect(
      (await save({ id: inactive, name: 'Unidade Inativa', acronym: 'UI', active: false, version: 1 }))
        .statusCode,
    ).toBe(200);

    const item = await createItem(app.database.db, admin, {
      componentId: REQUEST,
      data: { nome: 'Pedido', unidade: active },
    });
    expect(item.data.unidade).toBe(active);
    for (const unidade of [999_999, inactive]) {
      await expect(
        createItem(app.database.db, admin, { componentId: REQUEST, data: { nome: 'Pedido', unidade } }),
      ).rejects.toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
    const refused = await post('/api/genericItem/updateItemField', {
      itemId: item.id,
      componentId: REQUEST,
      field: 'unidade',
      value: 999_999,
      version: item.version,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(JSON.stringify(refused.json().details)).toContain('unidade');

    // A unit deactivated after an item chose it stays a valid value of that item.
    expect(
      (await save({ id: active, name: 'Unidade Ativa', acronym: 'UA', active: false, version: 1 }))
        .statusCode,
    ).toBe(200);
    const kept = await post('/api/genericItem/updateItemField', {
      itemId: item.id,
      componentId: REQUEST,
      field: 'unidade',
      value: active,
      version: item.version,
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('loadOrganizationalStructures answers active units with sigla and parent; ids answer inactive ones too', async () => {
    const parent = await create('Diretoria de Cargas', null, 'DCG');
    const child = await create('Divisão de Cargas Especiais / AET', parent, 'DCE');
    const retired = await create('Divisão de Cargas Antiga', parent, 'DCA');
    await save({
      id: retired,
      name: 'Divisão de Cargas Antiga',
      acronym: 'DCA',
      parentId: parent,
      active: false,
      version: 1,
    });

    const search = await post(
      '/api/genericItem/loadOrganizationalStructures',
      { search: 'carga' },
      staffToken,
    );
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().structures).toEqual([
      { id: parent, name: 'Diretoria de Cargas', acronym: 'DCG', parentId: null },
      { id: child, name: 'Divisão de Cargas Especiais / AET', acronym: 'DCE', parentId: parent },
    ]);
    const bySigla = await post(
      '/api/genericItem/loadOrganizationalStructures',
      { search: 'dce' },
      staffToken,
    );
    expect(bySigla.json().structures.map((unit: { id: number }) => unit.id)).toEqual([child]);
    const byIds = await post('/api/genericItem/loadOrganizationalStructures', { ids: [retired] }, staffToken);
    expect(byIds.json().structures).toEqual([
      { id: retired, name: 'Divisão de Cargas Antiga', acronym: 'DCA', parentId: parent },
    ]);
  });

  it('lists show a unit as "SIGLA — Nome" and the spreadsheet import reads a name, a sigla or that text', async () => {
    const parent = await create('Diretoria de Obras', null, 'DOB');
    const named = await create('Divisão de Pontes', parent, 'DPT');
    const plain = await create('Protocolo Geral', parent);
    await createItem(app.database.db, admin, {
      componentId: REQUEST,
      title: 'Com sigla',
      data: { nome: 'A', unidade: named },
    });
    await createItem(app.database.db, admin, {
      componentId: REQUEST,
      title: 'Sem sigla',
      data: { nome: 'B', unidade: plain },
    });
    const listed = await post('/api/genericItem/executeFilter', {
      componentID: REQUEST,
      viewColumns: ['Title', 'unidade'],
      filters: [{ field: 'Title', operator: 'contains', value: 'sigla' }],
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const display = Object.fromEntries(
      listed
        .json()
        .rows.map((row: { Title: string; display: Record<string, Array<{ text: string }>> }) => [
          row.Title,
          row.display.unidade?.map((value) => value.text),
        ]),
    );
    expect(display).toEqual({ 'Com sigla': ['DPT — Divisão de Pontes'], 'Sem sigla': ['Protocolo Geral'] });

    const field = definitionField('unidade');
    const texts = [
      'dpt',
      'DIVISÃO DE PONTES',
      'DPT — Divisão de Pontes',
      'Protocolo Geral',
      'Unidade que não existe',
    ];
    const resolve = await buildReferenceResolver(
      app.database.db,
      { userId: admin.userId, isAdministrator: true },
      texts.map((raw) => ({ field, raw })),
    );
    expect(texts.map((raw) => resolve(field, raw))).toEqual([
      named,
      named,
      named,
      plain,
      'Unidade que não existe',
    ]);
  });
});
