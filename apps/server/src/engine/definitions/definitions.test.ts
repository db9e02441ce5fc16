import { AET_DEFINITION } from '@der/definitions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { testDefinition, testFields } from '../../../test/fixtures/test-definition.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import {
  applicationGrants,
  applicationMenuItems,
  applications,
} from '../../modules/applications/applications.table.ts';
import { auditLog } from '../../modules/audit/audit.table.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import { fieldValueExpression } from '../items/field-expression.ts';
import { createItem, updateItem } from '../items/items.service.ts';
import { runtimeItems } from '../items/items.table.ts';
import { fieldIndexName } from './definition-indexes.ts';
import {
  applicationDefinitions,
  applicationDefinitionVersions,
  runtimeComponents,
} from './definitions.table.ts';

const PUBLIC_URL = 'https://der.example.gov.br';
let app: FastifyInstance;
let adminToken: string;
let analystToken: string;
let adminId: number;

beforeAll(async () => {
  app = await buildTestApp({ config: { publicUrl: PUBLIC_URL } });
  await app.ready();
  const admin = await buildUser(app.database.db, { isAdministrator: true, hasPanelAdminPermission: true });
  adminId = admin.id;
  adminToken = await signIn(app, admin);
  analystToken = await signIn(app, await buildUser(app.database.db));
});
afterAll(() => app.close());

const upload = (document: unknown, token = adminToken, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: '/api/admin/definitions/import',
    headers: { ...bearer(token), 'accept-language': language },
    payload: {
      fileName: 'definicao.json',
      content: typeof document === 'string' ? document : JSON.stringify(document),
    },
  });

const adminActor = () => ({ userId: adminId, isAdministrator: true, language: 'pt-BR' as const });

describe('access', () => {
  it.each([
    ['GET', '/api/admin/definitions/list'],
    ['GET', '/api/admin/definitions/export?key=teste-100'],
    ['POST', '/api/admin/definitions/import'],
  ] as const)(
    'refuses %s %s without the administration permission (403) and anonymously (401)',
    async (method, url) => {
      const payload = method === 'POST' ? { content: '{}' } : undefined;
      expect((await app.inject({ method, url, headers: bearer(analystToken), payload })).statusCode).toBe(
        403,
      );
      expect((await app.inject({ method, url, payload })).statusCode).toBe(401);
    },
  );
});

describe('import', () => {
  it('creates the application, its menu, grants, components, field indexes, the stored document and an audit entry', async () => {
    const db = app.database.db;
    const response = await upload(testDefinition(100, { groups: ['Analistas de teste'] }));
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({
      key: 'teste-100',
      version: 1,
      created: true,
      componentsAdded: [101, 102],
      componentsUpdated: [],
      componentsRemoved: [],
      groupsCreated: ['Analistas de teste'],
    });
    const appId = result.applicationId as number;

    const [application] = await db.select().from(applications).where(eq(applications.id, appId));
    expect(application).toMatchObject({
      name: 'Aplicação de teste 100',
      iconName: 'Apps',
      appVersion: '1.0',
    });
    const menu = await db
      .select()
      .from(applicationMenuItems)
      .where(eq(applicationMenuItems.applicationId, appId))
      .orderBy(applicationMenuItems.position);
    expect(menu.map((row) => [row.key, row.link])).toEqual([
      ['projetos', `/runtime/${appId}/listProject/101/0/Projetos`],
      ['manual', `${PUBLIC_URL}/docs/manual.pdf`],
    ]);
    const [group] = await db.select().from(userGroups).where(eq(userGroups.name, 'Analistas de teste'));
    const grants = await db
      .select()
      .from(applicationGrants)
      .where(eq(applicationGrants.applicationId, appId));
    expect(grants.map((grant) => grant.groupId)).toEqual([group!.id]);

    const components = await db
      .select()
      .from(runtimeComponents)
      .where(eq(runtimeComponents.applicationId, appId))
      .orderBy(runtimeComponents.id);
    expect(components.map((row) => [row.id, row.name, row.definitionVersion, row.removedAt])).toEqual([
      [101, 'Projeto100', 1, null],
      [102, 'Pedido100', 1, null],
    ]);
    // Defaults are filled in: the stored document is the validated one.
    expect(components[1]!.definition.fields[0]).toMatchObject({
      key: 'nome',
      indexed: false,
      deprecated: false,
    });

    const indexes = await db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'runtime_items' and indexname like 'rif_102_%' order by indexname`,
    );
    const definitions = (indexes as unknown as { rows: Array<{ indexname: string; indexdef: string }> }).rows;
    const expected = testFields().filter((field) => field.indexed && !field.deprecated);
    expect(definitions.map((row) => row.indexname).sort()).toEqual(
      expected.map((field) => fieldIndexName(102, { multiple: false, ...field })).sort(),
    );
    const peso = definitions.find((row) => row.indexname.endsWith('_peso'))!;
    expect(peso.indexdef).toContain("(((data ->> 'peso'::text))::numeric), id) WHERE (component_id = 102)");

    const [stored] = await db
      .select()
      .from(applicationDefinitions)
      .where(eq(applicationDefinitions.key, 'teste-100'));
    expect(stored).toMatchObject({ applicationId: appId, version: 1, importedBy: adminId });
    const versions = await db
      .select()
      .from(applicationDefinitionVersions)
      .where(eq(applicationDefinitionVersions.key, 'teste-100'));
    expect(versions.map((row) => row.version)).toEqual([1]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'admin.definition.imported'));
    expect(audits.at(-1)).toMatchObject({
      actorUserId: adminId,
      target: `application:${appId}`,
      details: expect.objectContaining({ key: 'teste-100', version: 1, fileName: 'definicao.json' }),
    });
  });

  it('serves filters on an indexed field from its expression index (the expression the filter compiler uses)', async () => {
    const db = app.database.db;
    const field = { key: 'peso', type: 'DECIMAL', multiple: false } as const;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select ${runtimeItems.id} from ${runtimeItems} where ${runtimeItems.componentId} = 102 and ${fieldValueExpression(field)} > 10 order by ${fieldValueExpression(field)}, ${runtimeItems.id} limit 50`,
      );
    });
    const text = (plan as unknown as { rows: Array<Record<string, string>> }).rows
      .map((row) => Object.values(row)[0])
      .join('\n');
    expect(text).toContain(fieldIndexName(102, field));
  });

  it('refuses an invalid document with 400 DEFINITION_INVALID listing every path and problem, writing nothing', async () => {
    const bad = testDefinition(200) as unknown as {
      version: number;
      components: Array<Record<string, unknown>>;
    };
    bad.components[1]!.fields = [
      { key: 'nome', type: 'STRING', label: { 'pt-BR': 'Nome', en: 'Name' } },
      { key: 'nome', type: 'NOT_A_TYPE', label: { 'pt-BR': 'X', en: 'X' } },
    ];
    bad.version = 0;
    const response = await upload(bad);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('DEFINITION_INVALID');
    expect(body.Message).toMatch(/definição de aplicação é inválido/);
    const paths = (body.details as Array<{ path: string; message: string }>).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['version', 'components[1].fields[1].type']));
    for (const issue of body.details) expect(issue.message).toEqual(expect.any(String));
    const [stored] = await app.database.db
      .select()
      .from(applicationDefinitions)
      .where(eq(applicationDefinitions.key, 'teste-200'));
    expect(stored).toBeUndefined();

    const notJson = await upload('{ "schemaVersion": 1,');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().details).toEqual([
      { path: '', message: expect.stringMatching(/^not a JSON document/) },
    ]);
  });

  it('refuses cross-reference errors found by validateApplicationDefinition (duplicate field keys)', async () => {
    const bad = testDefinition(210);
    const component = bad.components[1]!;
    component.fields = [...component.fields, { ...component.fields[0]! }];
    const response = await upload(bad);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      {
        path: `components[1].fields[${component.fields.length - 1}].key`,
        message: expect.stringMatching(/duplicate/),
      },
    ]);
  });

  it('refuses a component id or name of another application', async () => {
    const clash = testDefinition(300, { menu: [] });
    clash.components[0]!.id = 101;
    clash.components[1]!.name = 'Pedido100';
    const response = await upload(clash);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'components[0].id', message: expect.stringContaining('Aplicação de teste 100') },
      { path: 'components[1].name', message: expect.stringContaining('Aplicação de teste 100') },
    ]);
  });

  it('refuses form, view, query and report ids of another application (they are platform-unique)', async () => {
    await app.services.definitions.importDefinition(AET_DEFINITION, { userId: null });
    const copy = { ...structuredClone(AET_DEFINITION), key: 'aet-copia', name: 'Cópia da AET' };
    const response = await upload(copy);
    expect(response.statusCode).toBe(400);
    const issues = response.json().details as Array<{ path: string; message: string }>;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'components[0].id', message: 'component id 1 belongs to the application "AET"' },
        {
          path: 'components[0].forms[0].id',
          message: expect.stringMatching(/^form id \d+ belongs to the application "AET"$/),
        },
        {
          path: 'components[0].queries[0].id',
          message: expect.stringMatching(/^saved query id \d+ belongs to/),
        },
      ]),
    );
  });

  it('refuses a version not above the installed one with 409 and a clear message', async () => {
    const same = await upload(testDefinition(100));
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      code: 'DEFINITION_VERSION_NOT_NEWER',
      Message:
        'A definição "teste-100" já está instalada na versão 1; envie uma versão maior que 1 (o arquivo tem a versão 1).',
    });
    const english = await upload(testDefinition(100), adminToken, 'en');
    expect(english.json().Message).toContain('already installed at version 1');
  });

  it('a new version keeps items valid: removed fields keep their data, removed components their rows and items', async () => {
    const db = app.database.db;
    const definition = testDefinition(400);
    await app.services.definitions.importDefinition(definition, { userId: null });
    const item = await createItem(db, adminActor(), {
      componentId: 402,
      title: 'Pedido antigo',
      data: { nome: 'Fulano', peso: 12.5, placa: 'ABC1D23' },
    });
    const project = await createItem(db, adminActor(), { componentId: 401, title: 'Projeto antigo' });

    const v2 = testDefinition(400, { version: 2, name: 'Aplicação de teste 400 v2', menu: [] });
    v2.components = [v2.components[1]!];
    v2.components[0]!.fields = v2.components[0]!.fields.filter((field) => field.key !== 'placa');
    const result = await app.services.definitions.importDefinition(v2, { userId: null });
    expect(result).toMatchObject({
      created: false,
      version: 2,
      componentsAdded: [],
      componentsUpdated: [402],
      componentsRemoved: [401],
    });
    const rows = await db.select().from(runtimeComponents).where(eq(runtimeComponents.id, 401));
    expect(rows[0]!.removedAt).not.toBeNull();
    const [kept] = await db.select().from(runtimeItems).where(eq(runtimeItems.id, project.id));
    expect(kept).toBeDefined();

    // The item still saves; the removed field's value stays in `data`, and it can no longer be written.
    const updated = await updateItem(db, adminActor(), {
      itemId: item.id,
      componentId: 402,
      version: 1,
      changes: { peso: 13 },
    });
    expect(updated.data).toEqual({ nome: 'Fulano', peso: 13, placa: 'ABC1D23' });
    await expect(
      updateItem(db, adminActor(), {
        itemId: item.id,
        componentId: 402,
        version: 2,
        changes: { placa: 'XYZ1234' },
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    // Items of a removed component cannot be written.
    await expect(
      updateItem(db, adminActor(), {
        itemId: project.id,
        componentId: 401,
        version: 1,
        changes: { Title: 'x' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const [application] = await db
      .select()
      .from(applications)
      .where(eq(applications.id, result.applicationId));
    expect(application!.name).toBe('Aplicação de teste 400 v2');
    const menu = await db
      .select()
      .from(applicationMenuItems)
      .where(eq(applicationMenuItems.applicationId, result.applicationId));
    expect(menu).toEqual([]);
    const versions = await db
      .select({ version: applicationDefinitionVersions.version })
      .from(applicationDefinitionVersions)
      .where(eq(applicationDefinitionVersions.key, 'teste-400'))
      .orderBy(applicationDefinitionVersions.version);
    expect(versions).toEqual([{ version: 1 }, { version: 2 }]);

    // Bringing the component back clears removedAt and keeps the same items.
    const v3 = testDefinition(400, { version: 3 });
    const back = await app.services.definitions.importDefinition(v3, { userId: null });
    expect(back.componentsAdded).toEqual([]);
    expect(back.componentsUpdated).toEqual([401, 402]);
  });

  it('drops the index of a field no longer indexed', async () => {
    const db = app.database.db;
    const v4 = testDefinition(400, { version: 4 });
    v4.components[1]!.fields = v4.components[1]!.fields.map((field) =>
      field.key === 'peso' ? { ...field, indexed: false } : field,
    );
    await app.services.definitions.importDefinition(v4, { userId: null });
    const result = await db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'runtime_items' and indexname like 'rif_402_%'`,
    );
    const names = (result as unknown as { rows: Array<{ indexname: string }> }).rows.map(
      (row) => row.indexname,
    );
    expect(names.some((name) => name.endsWith('_peso'))).toBe(false);
    expect(names.some((name) => name.endsWith('_eixos'))).toBe(true);
  });
});

describe('list and export', () => {
  it('lists the installed definitions and exports the current document as a JSON file', async () => {
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/definitions/list',
      headers: bearer(adminToken),
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Array<{
      key: string;
      version: number;
      components: number;
      importedAt: string;
    }>;
    expect(rows.find((row) => row.key === 'teste-400')).toMatchObject({ version: 4, components: 2 });
    expect(rows.find((row) => row.key === 'teste-100')).toMatchObject({
      name: 'Aplicação de teste 100',
      version: 1,
      components: 2,
      importedAt: expect.stringMatching(/Z$/),
    });

    const exported = await app.inject({
      method: 'GET',
      url: '/api/admin/definitions/export?key=teste-100',
      headers: bearer(adminToken),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('application/json');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="teste-100-v1.json"');
    const document = exported.json();
    expect(document).toMatchObject({ key: 'teste-100', version: 1, name: 'Aplicação de teste 100' });
    // The exported file imports again once its version is raised.
    const again = await upload({ ...document, version: 2 });
    expect(again.statusCode).toBe(200);

    const missing = await app.inject({
      method: 'GET',
      url: '/api/admin/definitions/export?key=nao-existe',
      headers: bearer(adminToken),
    });
    expect(missing.statusCode).toBe(404);
  });
});
