import type { ComponentDefinitionInput } from '@der/contracts';
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
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import type { ItemActor } from '../items/items.service.ts';

const BASE = 980;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;
const MILESTONE = BASE + 3;
const NOTE = BASE + 4;
const FORM = 9801;
const NOW = new Date('2026-03-10T15:00:00.000Z');

const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });

/**
 * The project and request components of the write side (the request dated by 'partida', statuses rascunho and
 * the final 'enviado'), a milestone placed by its calendar view's span and coloured by a picklist, and a note
 * without any date.
 */
function components(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    {
      ...project!,
      workflow: {
        statuses: [{ key: 'ativo', name: label('Ativo', 'Active'), color: '#2E7D32', initial: true }],
      },
    },
    {
      ...request!,
      forms: [
        { id: FORM, name: label('Pedido', 'Request'), layout: [{ type: 'textbox', field: 'nome' }] },
        { id: FORM + 1, name: label('Lote', 'Bulk'), mode: 3, layout: [{ type: 'textbox', field: 'nome' }] },
      ],
    },
    {
      id: MILESTONE,
      name: `Marco${BASE}`,
      label: label('Marco', 'Milestone'),
      pluralLabel: label('Marcos', 'Milestones'),
      formattedIdPattern: 'MAR-{SEQ:4}',
      fields: [
        { key: 'inicio', type: 'DATE_TIME', label: label('Início', 'Start') },
        { key: 'fim', type: 'DATE_TIME', label: label('Fim', 'End') },
        {
          key: 'tipo',
          type: 'PICKLIST',
          label: label('Tipo', 'Type'),
          options: [{ value: 'entrega', text: label('Entrega', 'Delivery'), color: '#1565C0' }],
        },
      ],
      calendarViews: [
        {
          id: 1,
          name: label('Marcos', 'Milestones'),
          startField: 'inicio',
          endField: 'fim',
          colorField: 'tipo',
        },
      ],
    },
    {
      id: NOTE,
      name: `Nota${BASE}`,
      label: label('Nota', 'Note'),
      pluralLabel: label('Notas', 'Notes'),
      formattedIdPattern: 'NOT-{SEQ:4}',
      fields: [{ key: 'texto', type: 'STRING', label: label('Texto', 'Text') }],
    },
  ];
}

type Who = 'owner' | 'reader' | 'grouped' | 'manager' | 'stranger' | 'admin';
let app: FastifyInstance;
const people = {} as Record<Who, { id: number; token: string; name: string }>;
const ids = {} as Record<'p1' | 'p2' | 'r1' | 'r2' | 'r3' | 'r4' | 'm1' | 'n1' | 'x1' | 'mine', number>;

const actorOf = (who: Who): ItemActor => ({
  userId: people[who].id,
  isAdministrator: who === 'admin',
  language: 'pt-BR',
});

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  const names: Record<Who, string> = {
    owner: 'ANA DONA',
    reader: 'BRUNO LEITOR',
    grouped: 'CARLA DO GRUPO',
    manager: 'DANIEL GERENTE',
    stranger: 'EDU ALHEIO',
    admin: 'FÁTIMA ADMIN',
  };
  const who = Object.keys(names) as Who[];
  Object.assign(
    people,
    await buildPeople(
      app,
      who,
      Object.fromEntries(who.map((name) => [name, { name: names[name], isAdministrator: name === 'admin' }])),
    ),
  );
  await buildComponents(app, BASE, { components: components() });
  const admin = actorOf('admin');
  const make = async (input: Parameters<typeof buildItem>[2]) => (await buildItem(db, admin, input)).id;
  // The manager is the project's responsible without a permission row of their own.
  ids.p1 = await make({ componentId: PROJECT, title: 'Projeto 1', responsibleId: people.manager.id });
  ids.p2 = await make({ componentId: PROJECT, title: 'Projeto 2' });
  const group = await buildGroup(db, {
    name: `Equipe ${BASE}`,
    memberIds: [people.grouped.id, people.owner.id],
  });
  await grantProjectAccess(db, ids.p1, [
    { userId: people.owner.id },
    { userId: people.reader.id, readOnly: true, restrictFolderAccess: true },
    { groupId: group.id },
  ]);
  await grantProjectAccess(db, ids.p2, [{ userId: people.stranger.id }]);
  const request = (title: string, partida: string | undefined, extra: Record<string, unknown> = {}) =>
    make({
      componentId: REQUEST,
      projectId: ids.p1,
      title,
      data: { nome: title, ...(partida ? { partida } : {}) },
      ...extra,
    });
  ids.r1 = await request('Em março', '2026-03-05T13:00:00.000Z', { responsibleId: people.owner.id });
  // 2026-04-01 01:00 UTC is still 31 March in São Paulo.
  ids.r2 = await request('Virada do mês', '2026-04-01T01:00:00.000Z', {
    responsibleId: people.owner.id,
    status: 'enviado',
  });
  ids.r3 = await request('Em abril', '2026-04-10T13:00:00.000Z', { responsibleId: people.grouped.id });
  ids.r4 = await request('Sem data', undefined, { responsibleId: people.owner.id });
  ids.mine = await request('Do gerente', '2026-03-20T13:00:00.000Z', { responsibleId: people.manager.id });
  ids.m1 = await make({
    componentId: MILESTONE,
    projectId: ids.p1,
    title: 'Entrega longa',
    data: { inicio: '2026-02-20T12:00:00.000Z', fim: '2026-03-02T12:00:00.000Z', tipo: 'entrega' },
  });
  ids.n1 = await make({ componentId: NOTE, projectId: ids.p1, title: 'Nota', data: { texto: 'x' } });
  ids.x1 = await make({
    componentId: REQUEST,
    projectId: ids.p2,
    title: 'Alheio',
    data: { nome: 'Alheio', partida: '2026-03-06T13:00:00.000Z' },
  });
});
afterAll(() => app.close());

const get = (path: string, who: Who, query: Record<string, unknown>) =>
  app.inject({
    method: 'GET',
    url: `/api/genericItem/${path}`,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: { ...bearer(people[who].token), 'accept-language': 'pt-BR' },
  });
const ok = async (path: string, who: Who, query: Record<string, unknown>) => {
  const response = await get(path, who, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

describe('loadProjectCalendar', () => {
  it('answers the dated items of the project within the São Paulo days of the range, first by date', async () => {
    // Asked from an item of the project: its project's calendar.
    const calendar = await ok('loadProjectCalendar', 'owner', { itemId: ids.r1, ...MARCH });
    expect(calendar.project).toEqual({ id: ids.p1, formattedId: expect.any(String), title: 'Projeto 1' });
    expect(calendar.capped).toBe(false);
    // The project names no working calendar: the default one's days off (weekends; no national holiday in March).
    expect(calendar.nonWorkingDays).toEqual([
      '2026-03-01',
      '2026-03-07',
      '2026-03-08',
      '2026-03-14',
      '2026-03-15',
      '2026-03-21',
      '2026-03-22',
      '2026-03-28',
      '2026-03-29',
    ]);
    expect(calendar.entries.map((entry: { title: string }) => entry.title)).toEqual([
      'Entrega longa',
      'Em março',
      'Do gerente',
      'Virada do mês',
    ]);
    const [milestone, first, , last] = calendar.entries;
    // The span started before the range: shown while it covers it, with its end and the picklist's colour.
    expect(milestone).toMatchObject({
      itemId: ids.m1,
      componentId: MILESTONE,
      formId: null,
      date: '2026-02-20T12:00:00.000Z',
      endDate: '2026-03-02T12:00:00.000Z',
      statusColor: '#1565C0',
    });
    expect(first).toMatchObject({
      itemId: ids.r1,
      componentId: REQUEST,
      formId: FORM,
      formattedId: expect.stringMatching(/^PED-/),
      date: '2026-03-05T13:00:00.000Z',
      statusColor: '#9E9E9E',
      statusName: 'Rascunho',
    });
    expect(first.endDate).toBeUndefined();
    expect(last).toMatchObject({ itemId: ids.r2, statusName: 'Enviado' });
  });

  it('answers the same calendar for the project item itself', async () => {
    const calendar = await ok('loadProjectCalendar', 'reader', {
      itemId: ids.p1,
      from: '2026-04-01',
      to: '2026-04-30',
    });
    expect(calendar.entries.map((entry: { itemId: number }) => entry.itemId)).toEqual([ids.r3]);
  });

  it('lists only the items the caller may see', async () => {
    // The manager sees the project (its responsible) but, without a permission row, only their own item.
    const calendar = await ok('loadProjectCalendar', 'manager', { itemId: ids.p1, ...MARCH });
    expect(calendar.entries.map((entry: { itemId: number }) => entry.itemId)).toEqual([ids.mine]);
  });

  it('answers 404 to a user of another project, for the project and for its items', async () => {
    expect((await get('loadProjectCalendar', 'stranger', { itemId: ids.p1, ...MARCH })).statusCode).toBe(404);
    expect((await get('loadProjectCalendar', 'stranger', { itemId: ids.r1, ...MARCH })).statusCode).toBe(404);
    // Their own project's calendar holds only its own items.
    const own = await ok('loadProjectCalendar', 'stranger', { itemId: ids.p2, ...MARCH });
    expect(own.entries.map((entry: { itemId: number }) => entry.itemId)).toEqual([ids.x1]);
  });

  it('refuses a range longer than 42 days or reversed', async () => {
    const long = await get('loadProjectCalendar', 'owner', {
      itemId: ids.p1,
      from: '2026-03-01',
      to: '2026-04-12',
    });
    expect(long.statusCode).toBe(400);
    const reversed = await get('loadProjectCalendar', 'owner', {
      itemId: ids.p1,
      from: '2026-03-10',
      to: '2026-03-01',
    });
    expect(reversed.statusCode).toBe(400);
    const bad = await get('loadProjectCalendar', 'owner', {
      itemId: ids.p1,
      from: "2026-03-01'",
      to: '2026-03-02',
    });
    expect(bad.statusCode).toBe(400);
    const notADay = await get('loadProjectCalendar', 'owner', {
      itemId: ids.p1,
      from: '2026-02-31',
      to: '2026-03-02',
    });
    expect(notADay.statusCode).toBe(400);
    expect(notADay.json().details).toEqual([{ field: 'query.from', message: 'Valor inválido' }]);
  });
});

describe('loadProjectResources', () => {
  it('lists direct members, group members and the manager with their access and open items', async () => {
    const { project, members } = await ok('loadProjectResources', 'owner', { itemId: ids.r3 });
    expect(project.id).toBe(ids.p1);
    expect(members).toEqual([
      {
        userId: people.manager.id,
        name: 'DANIEL GERENTE',
        avatar: '',
        access: 'edit',
        source: 'manager',
        isManager: true,
        openItems: 1,
      },
      // A direct entry wins over the group: no group named. r2 is in the final status 'enviado'.
      {
        userId: people.owner.id,
        name: 'ANA DONA',
        avatar: '',
        access: 'edit',
        source: 'direct',
        isManager: false,
        openItems: 2,
      },
      {
        userId: people.reader.id,
        name: 'BRUNO LEITOR',
        avatar: '',
        access: 'read',
        source: 'direct',
        isManager: false,
        openItems: 0,
      },
      {
        userId: people.grouped.id,
        name: 'CARLA DO GRUPO',
        avatar: '',
        access: 'edit',
        source: 'group',
        viaGroup: `Equipe ${BASE}`,
        isManager: false,
        openItems: 1,
      },
    ]);
  });

  it('counts only the items the caller may see', async () => {
    const { members } = await ok('loadProjectResources', 'manager', { itemId: ids.p1 });
    const openOf = (id: number) =>
      members.find((member: { userId: number }) => member.userId === id)?.openItems;
    expect(openOf(people.manager.id)).toBe(1);
    expect(openOf(people.owner.id)).toBe(0);
  });

  it('answers 404 to who cannot see the project', async () => {
    expect((await get('loadProjectResources', 'stranger', { itemId: ids.p1 })).statusCode).toBe(404);
  });
});

describe('loadProjectConfiguration', () => {
  it('summarises the project and counts per item type the items the caller sees', async () => {
    const owner = await ok('loadProjectConfiguration', 'owner', { itemId: ids.n1 });
    expect(owner).toEqual({
      project: { id: ids.p1, formattedId: expect.any(String), title: 'Projeto 1' },
      manager: { userId: people.manager.id, name: 'DANIEL GERENTE' },
      statusName: 'Ativo',
      statusColor: '#2E7D32',
      folderAccessRestricted: true,
      readOnlyEntries: 1,
      userEntries: 2,
      groupEntries: 1,
      canManagePermissions: false,
      itemTypes: [
        { componentId: REQUEST, name: 'Pedido', count: 5 },
        { componentId: MILESTONE, name: 'Marco', count: 1 },
        { componentId: NOTE, name: 'Nota', count: 1 },
      ],
    });
    const manager = await ok('loadProjectConfiguration', 'manager', { itemId: ids.p1 });
    expect(manager.canManagePermissions).toBe(true);
    expect(manager.itemTypes.map((type: { count: number }) => type.count)).toEqual([1, 0, 0]);
  });

  it('answers 404 to who cannot see the project', async () => {
    expect((await get('loadProjectConfiguration', 'stranger', { itemId: ids.r1 })).statusCode).toBe(404);
  });
});

describe('item type', () => {
  it('answers the component, pattern and status of a saved item', async () => {
    expect(await ok('getItemTypeInfo', 'reader', { itemId: ids.r2 })).toEqual({
      itemId: ids.r2,
      componentId: REQUEST,
      name: `Pedido${BASE}`,
      label: 'Pedido',
      pluralLabel: 'Pedidos',
      formattedId: expect.stringMatching(/^PED-2026-\d{5}$/),
      formattedIdPattern: 'PED-{YYYY}-{SEQ:5}',
      isProject: false,
      status: { key: 'enviado', name: 'Enviado', color: '#9E9E9E', final: true },
      project: { id: ids.p1, formattedId: expect.any(String), title: 'Projeto 1' },
    });
    const note = await ok('getItemTypeInfo', 'reader', { itemId: ids.n1 });
    expect(note.status).toBeNull();
    expect((await get('getItemTypeInfo', 'stranger', { itemId: ids.r2 })).statusCode).toBe(404);
  });

  it('offers the item types of a project with the standard form their insert opens', async () => {
    expect(await ok('loadProjectItemTypeChoices', 'owner', { projectId: ids.p1 })).toEqual({
      choices: [
        { componentId: REQUEST, label: 'Pedido', formId: FORM },
        { componentId: MILESTONE, label: 'Marco', formId: null },
        { componentId: NOTE, label: 'Nota', formId: null },
      ],
    });
    expect((await get('loadProjectItemTypeChoices', 'stranger', { projectId: ids.p1 })).statusCode).toBe(404);
  });
});
