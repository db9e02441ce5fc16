import { renderFormattedId } from '@der/contracts';
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
import { buildGroup } from '../../../test/factories/shell.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { saoPauloYear } from './formatted-id.ts';
import { versionChanges, withCreatedSnapshots } from './item-versions.ts';
import { createItem, createItems, type ItemActor } from './items.service.ts';
import { runtimeItems, runtimeItemVersions } from './items.table.ts';

const PROJECT = 501;
const REQUEST = 502;

let app: FastifyInstance;
const people: Record<
  'owner' | 'other' | 'admin' | 'reader' | 'writer' | 'member',
  { id: number; name: string; token: string }
> = {} as never;
let projectId: number;

const actorOf = (who: keyof typeof people, language: 'pt-BR' | 'en' = 'pt-BR'): ItemActor => ({
  userId: people[who].id,
  isAdministrator: who === 'admin',
  language,
});

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  Object.assign(
    people,
    await buildPeople(app, ['owner', 'other', 'admin', 'reader', 'writer', 'member'], {
      admin: { isAdministrator: true, name: 'ADMINISTRADORA' },
    }),
  );
  await buildComponents(app, 500);
  const project = await buildItem(db, actorOf('admin'), { componentId: PROJECT, title: 'Projeto de teste' });
  projectId = project.id;
  const group = await buildGroup(db, { memberIds: [people.member.id] });
  await grantProjectAccess(db, projectId, [
    { userId: people.reader.id, readOnly: true },
    { userId: people.writer.id },
    { groupId: group.id },
  ]);
});
afterAll(() => app.close());

const post = (path: string, who: keyof typeof people, payload: unknown, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(people[who].token), 'accept-language': language },
    payload: payload as Record<string, unknown>,
  });

async function newRequest(who: keyof typeof people, data: Record<string, unknown> = {}, inProject = false) {
  return createItem(app.database.db, actorOf(who), {
    componentId: REQUEST,
    title: 'Pedido',
    ...(inProject ? { projectId } : {}),
    data: { nome: 'Fulano de Tal', peso: 10, ...data },
  });
}

async function stored(itemId: number) {
  const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, itemId));
  return row;
}

async function versionsOf(itemId: number) {
  return app.database.db
    .select()
    .from(runtimeItemVersions)
    .where(eq(runtimeItemVersions.itemId, itemId))
    .orderBy(runtimeItemVersions.version);
}

describe('formatted ids', () => {
  it('renders the pattern with the year and the zero-padded sequence, appending it when the pattern has none', () => {
    expect(renderFormattedId('AET-{YYYY}-{SEQ:6}', 2026, 42)).toBe('AET-2026-000042');
    expect(renderFormattedId('T{SEQ:2}', 2026, 1234)).toBe('T1234');
    expect(renderFormattedId('FIXO', 2026, 7)).toBe('FIXO-7');
  });

  it('takes the year in America/Sao_Paulo', () => {
    expect(saoPauloYear(new Date('2026-01-01T02:59:00Z'))).toBe(2025);
    expect(saoPauloYear(new Date('2026-01-01T03:00:00Z'))).toBe(2026);
  });

  it('gives 50 concurrent creates 50 distinct ids of one sequence', async () => {
    const rows = await Promise.all(Array.from({ length: 50 }, () => newRequest('owner')));
    const ids = new Set(rows.map((row) => row.formattedId));
    expect(ids.size).toBe(50);
    const year = saoPauloYear(new Date());
    for (const id of ids) expect(id).toMatch(new RegExp(`^PED-${year}-\\d{5}$`));
    const numbers = [...ids].map((id) => Number(id.slice(-5))).sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(49);
  });
});

describe('create', () => {
  it('stores typed values, the initial status, version 1 and a version row with changes and snapshot', async () => {
    const item = await newRequest('owner', {
      valor: '1.234,50',
      partida: '2026-05-10T12:30:00-03:00',
      cpf: '529.982.247-25',
      placa: 'abc-1d23',
      tipo: 'unica',
      ativo: true,
      analista: people.other.id,
    });
    expect(item).toMatchObject({
      status: 'rascunho',
      version: 1,
      creatorId: people.owner.id,
      title: 'Pedido',
    });
    expect(item.data).toEqual({
      nome: 'Fulano de Tal',
      peso: 10,
      valor: 1234.5,
      partida: '2026-05-10T15:30:00.000Z',
      cpf: '52998224725',
      placa: 'ABC1D23',
      tipo: 'unica',
      ativo: true,
      analista: people.other.id,
    });
    const [version] = await withCreatedSnapshots(app.database.db, await versionsOf(item.id));
    expect(version).toMatchObject({ version: 1, action: 'create', changedBy: people.owner.id });
    expect(versionChanges(version!)).toMatchObject({
      Title: { from: '', to: 'Pedido' },
      peso: { from: null, to: 10 },
    });
    expect(version!.snapshot).toMatchObject({ id: item.id, formattedId: item.formattedId, data: item.data });
  });

  it('refuses missing required fields, unknown and deprecated keys, and references to unknown users', async () => {
    const db = app.database.db;
    const attempt = (data: Record<string, unknown>) =>
      createItem(db, actorOf('owner'), { componentId: REQUEST, data });
    await expect(attempt({ peso: 1 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'nome', message: 'Preencha este campo' }],
    });
    await expect(attempt({ nome: 'x', inexistente: 1, antigo: 'y', Version: 3 })).rejects.toMatchObject({
      details: [
        { field: 'inexistente', message: 'Campo desconhecido' },
        { field: 'antigo', message: 'Este campo não pode ser alterado' },
        { field: 'Version', message: 'Este campo não pode ser alterado' },
      ],
    });
    await expect(attempt({ nome: 'x', analista: 987_654 })).rejects.toMatchObject({
      details: [{ field: 'analista', message: 'Valor inválido' }],
    });
  });

  it('creates a batch with one sequence upsert and multi-row inserts; one bad row writes nothing', async () => {
    const db = app.database.db;
    const inputs = Array.from({ length: 600 }, (_, index) => ({
      componentId: REQUEST,
      title: `Lote ${index}`,
      data: { nome: `Item ${index}`, eixos: index % 9 },
    }));
    const rows = await createItems(db, actorOf('owner'), inputs);
    expect(rows).toHaveLength(600);
    const numbers = rows.map((row) => Number(row.formattedId.slice(-5)));
    expect(numbers.slice(1).every((value, index) => value === numbers[index]! + 1)).toBe(true);
    expect(await versionsOf(rows[599]!.id)).toHaveLength(1);

    const before = await db.select({ id: runtimeItems.id }).from(runtimeItems);
    const bad = [...inputs.slice(0, 3), { componentId: REQUEST, data: { nome: 'x', peso: 5000 } }];
    await expect(createItems(db, actorOf('owner'), bad)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'peso', row: 3, message: 'O valor do campo deve estar entre 0 e 1000' }],
    });
    expect(await db.select({ id: runtimeItems.id }).from(runtimeItems)).toHaveLength(before.length);
  });

  it('creates in a project only for members who may write there', async () => {
    await expect(newRequest('reader', {}, true)).rejects.toMatchObject({ code: 'ITEM_EDIT_FORBIDDEN' });
    await expect(newRequest('other', {}, true)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const item = await newRequest('member', {}, true);
    expect(item.projectId).toBe(projectId);
  });
});

describe('updateItemField', () => {
  it('changes one field, bumps the version and writes a version row with what changed', async () => {
    const item = await newRequest('owner');
    const response = await post('updateItemField', 'owner', {
      itemId: item.id,
      componentId: REQUEST,
      field: 'peso',
      value: '12,75',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: item.id, version: 2, formattedId: item.formattedId });
    expect((await stored(item.id))!.data).toMatchObject({ peso: 12.75 });
    const versions = await versionsOf(item.id);
    expect(versions.map((row) => [row.version, row.action])).toEqual([
      [1, 'create'],
      [2, 'update'],
    ]);
    expect(versions[1]!.changes).toEqual({ peso: { from: 10, to: 12.75 } });
    expect(versions[1]!.snapshot).toMatchObject({ version: 2, data: { peso: 12.75 } });

    // Clearing an optional field removes its key; the title is a writable system field.
    await post('updateItemField', 'owner', {
      itemId: item.id,
      componentId: REQUEST,
      field: 'peso',
      value: null,
      version: 2,
    });
    const title = await post('updateItemField', 'owner', {
      itemId: item.id,
      componentId: REQUEST,
      field: 'Title',
      value: 'Novo título',
      version: 3,
    });
    expect(title.json().version).toBe(4);
    const row = await stored(item.id);
    expect(row!.data).not.toHaveProperty('peso');
    expect(row!.title).toBe('Novo título');
  });

  it('answers 409 ITEM_VERSION_CONFLICT naming who changed the item and when, overwriting nothing', async () => {
    const item = await newRequest('writer', {}, true);
    const first = await post('updateItemField', 'admin', {
      itemId: item.id,
      componentId: REQUEST,
      field: 'peso',
      value: 20,
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    const stale = await post('updateItemField', 'writer', {
      itemId: item.id,
      componentId: REQUEST,
      field: 'peso',
      value: 30,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body.code).toBe('ITEM_VERSION_CONFLICT');
    expect(body.Message).toMatch(
      /^O item foi alterado por ADMINISTRADORA em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    );
    expect((await stored(item.id))!).toMatchObject({ version: 2, data: { peso: 20 } });
    expect(await versionsOf(item.id)).toHaveLength(2);
  });

  it('refuses values their field does not accept, naming the field with the translated rule', async () => {
    const item = await newRequest('owner');
    const cases: Array<[string, unknown, string]> = [
      ['peso', 1001, 'O valor do campo deve estar entre 0 e 1000'],
      ['peso', 'abc', 'Valor inválido'],
      ['eixos', 2.5, 'Informe um número inteiro'],
      ['eixos', 1e22, 'O valor do campo deve estar entre -1e+22 e 1e+21'],
      ['valor', 10.123, 'Informe no máximo 2 casas decimais'],
      ['partida', '1700-01-01', 'Data incorreta'],
      ['partida', '2026-02-30', 'Data incorreta'],
      ['tipo', 'outro', 'Valor inválido'],
      ['cpf', '123.456.789-00', 'CPF inválido'],
      ['placa', 'AB12345', 'Valor inválido'],
      ['nome', 'x'.repeat(101), 'Texto longo demais (máximo 100)'],
      ['nome', '', 'Preencha este campo'],
      ['ativo', 'sim', 'Valor inválido'],
      ['Version', 9, 'Este campo não pode ser alterado'],
      ['CreatorName', 'eu', 'Este campo não pode ser alterado'],
      ['naoExiste', 1, 'Campo desconhecido'],
    ];
    for (const [field, value, message] of cases) {
      const response = await post('updateItemField', 'owner', {
        itemId: item.id,
        componentId: REQUEST,
        field,
        value,
        version: 1,
      });
      expect(response.statusCode, `${field}=${String(value)}`).toBe(400);
      expect(response.json().details, `${field}=${String(value)}`).toMatchObject([{ field, message }]);
      expect(response.json().Message).toContain(field);
    }
    const english = await post(
      'updateItemField',
      'owner',
      { itemId: item.id, componentId: REQUEST, field: 'peso', value: -1, version: 1 },
      'en',
    );
    expect(english.json().details).toEqual([
      { field: 'peso', message: 'the field value must be between 0 and 1000', code: 'fieldRule' },
    ]);
    expect((await stored(item.id))!.version).toBe(1);
  });
});

describe('who may change and delete', () => {
  it("does not let a user update or delete another user's item by id, without telling it exists", async () => {
    const item = await newRequest('owner', { nome: 'Segredo do dono' });
    const update = await post('updateItemField', 'other', {
      itemId: item.id,
      componentId: REQUEST,
      field: 'peso',
      value: 99,
      version: 1,
    });
    expect(update.statusCode).toBe(404);
    expect(update.body).not.toContain('Segredo');
    const unknown = await post('updateItemField', 'other', {
      itemId: 99_999_999,
      componentId: REQUEST,
      field: 'peso',
      value: 99,
      version: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Message).toBe(update.json().Message);
    const remove = await post('deleteItem', 'other', { ids: [item.id], componentId: REQUEST });
    expect(remove.statusCode).toBe(404);
    expect(await stored(item.id)).toMatchObject({ version: 1, data: { peso: 10 } });
  });

  it('refuses a read-only member with the §6 text (403), and lets writers, group members and administrators', async () => {
    const item = await newRequest('writer', {}, true);
    const refused = await post('updateItemField', 'reader', {
      itemId: item.id,
      componentId: REQUEST,
      field: 'peso',
      value: 11,
      version: 1,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ITEM_EDIT_FORBIDDEN',
      Message: 'O usuário não tem permissão para editar o item.',
    });
    const english = await post('deleteItem', 'reader', { ids: [item.id], componentId: REQUEST }, 'en');
    expect(english.statusCode).toBe(403);
    expect(english.json().Message).toBe('The user does not have permission to edit the item.');

    let version = 1;
    for (const who of ['member', 'admin', 'writer'] as const) {
      const response = await post('updateItemField', who, {
        itemId: item.id,
        componentId: REQUEST,
        field: 'peso',
        value: 100 + version,
        version,
      });
      expect(response.statusCode, who).toBe(200);
      version = response.json().version;
    }
  });

  it('deletes all or nothing, leaving a delete version row, and keeps a project that still holds items', async () => {
    const mine = await newRequest('owner');
    const theirs = await newRequest('other');
    const refused = await post('deleteItem', 'owner', { ids: [mine.id, theirs.id], componentId: REQUEST });
    expect(refused.statusCode).toBe(404);
    expect(await stored(mine.id)).toBeDefined();

    const done = await post('deleteItem', 'owner', { ids: [mine.id], componentId: REQUEST });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ deleted: [mine.id] });
    expect(await stored(mine.id)).toBeUndefined();
    const versions = await versionsOf(mine.id);
    expect(versions.map((row) => [row.version, row.action])).toEqual([
      [1, 'create'],
      [2, 'delete'],
    ]);
    expect(versions[1]!.snapshot).toMatchObject({ id: mine.id, formattedId: mine.formattedId });

    const project = await post('deleteItem', 'admin', { ids: [projectId], componentId: PROJECT });
    expect(project.statusCode).toBe(409);
    expect(project.json().code).toBe('ITEM_PROJECT_NOT_EMPTY');
  });
});

describe('bulkUpdateItems', () => {
  it('saves every item in one transaction', async () => {
    const a = await newRequest('owner');
    const b = await newRequest('owner');
    const response = await post('bulkUpdateItems', 'owner', {
      component: REQUEST,
      items: [
        { id: a.id, version: 1, changes: { peso: 1, tipo: 'periodo' } },
        { id: b.id, version: 1, changes: { Title: 'B' } },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(
      response.json().items.map((item: { id: number; version: number }) => [item.id, item.version]),
    ).toEqual([
      [a.id, 2],
      [b.id, 2],
    ]);
    expect((await stored(a.id))!.data).toMatchObject({ peso: 1, tipo: 'periodo' });
  });

  it('writes nothing when one item is refused: a bad value (naming items.<i>.<field>), a stale version, a hidden item', async () => {
    const a = await newRequest('owner');
    const b = await newRequest('owner');
    const hidden = await newRequest('other');
    const attempts = [
      [{ id: b.id, version: 1, changes: { peso: -5 } }, 400],
      [{ id: b.id, version: 7, changes: { peso: 5 } }, 409],
      [{ id: hidden.id, version: 1, changes: { peso: 5 } }, 404],
    ] as const;
    for (const [second, status] of attempts) {
      const response = await post('bulkUpdateItems', 'owner', {
        component: REQUEST,
        items: [{ id: a.id, version: 1, changes: { peso: 2 } }, second],
      });
      expect(response.statusCode).toBe(status);
      if (status === 400)
        expect(response.json().details).toMatchObject([
          { field: 'items.1.peso', message: expect.any(String) },
        ]);
      expect(await stored(a.id)).toMatchObject({ version: 1, data: { peso: 10 } });
      expect(await versionsOf(a.id)).toHaveLength(1);
    }
    const [versionRow] = await app.database.db
      .select()
      .from(runtimeItemVersions)
      .where(and(eq(runtimeItemVersions.itemId, a.id), eq(runtimeItemVersions.version, 2)));
    expect(versionRow).toBeUndefined();
  });
});
