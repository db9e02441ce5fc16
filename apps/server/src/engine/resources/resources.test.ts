import type { ComponentDefinitionInput } from '@der/contracts';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  actorOf,
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
  type Person,
} from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { DEMO_ASSET_NAME, seedDemoResources } from '../../seed/demo-resources.seed.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { displayRows } from '../query/row-display.ts';
import { workCalendars } from '../work-calendars/work-calendars.table.ts';
import { resourceProjects, resources } from './resources.table.ts';

const BASE = 1190;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;
const TASK = BASE + 3;
const NOW = new Date('2026-03-10T15:00:00.000Z');
const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });

/**
 * The project and request components of the write side (the request's 'enviado' is final) with a RESOURCES
 * field, and a task component — a task because its definition says time is entered on it (`timeEntry`).
 */
function components(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    project!,
    {
      ...request!,
      fields: [
        ...request!.fields,
        { key: 'recurso', type: 'RESOURCES', label: label('Recurso', 'Resource') },
      ],
    },
    {
      id: TASK,
      name: `Tarefa${BASE}`,
      label: label('Tarefa', 'Task'),
      pluralLabel: label('Tarefas', 'Tasks'),
      formattedIdPattern: 'TAR-{SEQ:4}',
      timeEntry: 'task',
      fields: [{ key: 'texto', type: 'STRING', label: label('Texto', 'Text') }],
      forms: [{ id: 11901, name: label('Tarefa', 'Task'), layout: [{ type: 'textbox', field: 'texto' }] }],
      workflow: {
        statuses: [
          { key: 'aberta', name: label('Aberta', 'Open'), initial: true },
          { key: 'feita', name: label('Feita', 'Done'), final: true },
        ],
        actions: [],
      },
    },
  ];
}

type Who = 'admin' | 'supervisor' | 'analyst' | 'outsider' | 'ungranted' | 'free';
let app: FastifyInstance;
let people: Record<Who, Person>;
let applicationId: number;
let calendarId: number;
const ids = {} as Record<
  'p1' | 'p2' | 'r1' | 'rOpen' | 'rClosed' | 'tOpen' | 'tDone' | 'analystResource' | 'asset',
  number
>;

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  people = (await buildPeople(app, ['admin', 'supervisor', 'analyst', 'outsider', 'free'], {
    admin: { name: 'ANA ADMIN', isAdministrator: true },
    supervisor: { name: 'SÉRGIO SUPERVISOR' },
    analyst: { name: 'ÁLVARO ANALISTA', email: 'alvaro@der.sp.gov.br' },
    outsider: { name: 'OTÁVIO DE FORA' },
    free: { name: 'FÁBIO LIVRE' },
  })) as Record<Who, Person>;
  await buildComponents(app, BASE, { components: components() });
  Object.assign(
    people,
    await buildPeople(app, ['ungranted'], { ungranted: { name: 'URSULA', grantFixtureApplications: false } }),
  );
  const [component] = await db
    .select({ applicationId: runtimeComponents.applicationId })
    .from(runtimeComponents)
    .where(eq(runtimeComponents.id, PROJECT));
  applicationId = component!.applicationId;
  const [calendar] = await db
    .insert(workCalendars)
    .values({ name: `Expediente ${BASE}` })
    .returning({ id: workCalendars.id });
  calendarId = calendar!.id;

  const admin = actorOf(people.admin, { isAdministrator: true });
  const make = async (input: Parameters<typeof buildItem>[2]) => (await buildItem(db, admin, input)).id;
  ids.p1 = await make({ componentId: PROJECT, title: 'Projeto aberto' });
  ids.p2 = await make({ componentId: PROJECT, title: 'Projeto reservado' });
  // The outsider sees the first project only; the supervisor too; the analyst both.
  await grantProjectAccess(db, ids.p1, [
    { userId: people.outsider.id },
    { userId: people.supervisor.id },
    { userId: people.analyst.id },
  ]);
  await grantProjectAccess(db, ids.p2, [{ userId: people.analyst.id }]);
  const responsible = people.analyst.id;
  ids.r1 = await make({
    componentId: REQUEST,
    projectId: ids.p1,
    title: 'Pedido visível',
    data: { nome: 'a' },
    responsibleId: responsible,
  });
  ids.rOpen = await make({
    componentId: REQUEST,
    projectId: ids.p2,
    title: 'Pedido reservado',
    data: { nome: 'b' },
    responsibleId: responsible,
  });
  ids.rClosed = await make({
    componentId: REQUEST,
    projectId: ids.p2,
    title: 'Pedido enviado',
    data: { nome: 'c' },
    status: 'enviado',
    responsibleId: responsible,
  });
  ids.tOpen = await make({
    componentId: TASK,
    projectId: ids.p2,
    title: 'Tarefa aberta',
    responsibleId: responsible,
  });
  ids.tDone = await make({
    componentId: TASK,
    projectId: ids.p2,
    title: 'Tarefa feita',
    status: 'feita',
    responsibleId: responsible,
  });
  // Someone else's task in the same project: never the analyst's pending work.
  await make({
    componentId: TASK,
    projectId: ids.p2,
    title: 'Tarefa do admin',
    responsibleId: people.admin.id,
  });

  const [analystResource] = await db
    .insert(resources)
    .values({
      kind: 'user',
      userId: people.analyst.id,
      calendarId,
      costPerHour: '85.50',
      supervisorId: people.supervisor.id,
    })
    .returning({ id: resources.id });
  ids.analystResource = analystResource!.id;
  const [asset] = await db
    .insert(resources)
    .values({ kind: 'asset', name: 'Caminhão-guincho 01', costPerHour: '210.00' })
    .returning({ id: resources.id });
  ids.asset = asset!.id;
  await db.insert(resourceProjects).values([
    { resourceId: ids.analystResource, projectId: ids.p1 },
    { resourceId: ids.analystResource, projectId: ids.p2 },
    { resourceId: ids.asset, projectId: ids.p1 },
  ]);
});
afterAll(() => app.close());

const headers = (who: Who, language = 'pt-BR') => ({
  ...bearer(people[who].token),
  'accept-language': language,
});
const post = (path: string, who: Who, payload: unknown, language?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/resource/${path}`,
    payload: payload as object,
    headers: headers(who, language),
  });
const get = (path: string, who: Who, query: Record<string, number>) =>
  app.inject({
    method: 'GET',
    url: `/api/resource/${path}`,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: headers(who),
  });
const okJson = async (response: Awaited<ReturnType<typeof get>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const fieldsOf = (response: Awaited<ReturnType<typeof get>>) =>
  (response.json().details as Array<{ field: string }>).map((issue) => issue.field);
const list = (who: Who, extra: Record<string, unknown> = {}) =>
  post('getResources', who, { applicationId, ...extra });
const titles = (items: Array<{ title: string }>) => items.map((item) => item.title);

describe('getResources', () => {
  it('lists people and assets by name with calendar, cost, supervisor and the caller’s visible projects', async () => {
    const page = await okJson(await list('admin'));
    expect(page).toMatchObject({ total: 2, canManage: true });
    const [person, asset] = page.rows;
    expect(person).toEqual({
      id: ids.analystResource,
      kind: 'user',
      name: 'ÁLVARO ANALISTA',
      userId: people.analyst.id,
      email: 'alvaro@der.sp.gov.br',
      calendarId,
      calendarName: `Expediente ${BASE}`,
      costPerHour: 85.5,
      supervisorId: people.supervisor.id,
      supervisorName: 'SÉRGIO SUPERVISOR',
      projectCount: 2,
      active: true,
      canEdit: true,
    });
    expect(asset).toMatchObject({
      id: ids.asset,
      kind: 'asset',
      name: 'Caminhão-guincho 01',
      email: null,
      costPerHour: 210,
    });
  });

  it('hides e-mails from non-administrators and counts only the projects they may see', async () => {
    const page = await okJson(await list('outsider'));
    expect(page.canManage).toBe(false);
    const person = page.rows.find((row: { id: number }) => row.id === ids.analystResource);
    expect(person).toMatchObject({ email: null, projectCount: 1, canEdit: false });
    // The supervisor may change the resources they supervise.
    const supervised = (await okJson(await list('supervisor'))).rows;
    expect(supervised.find((row: { id: number }) => row.id === ids.analystResource).canEdit).toBe(true);
    expect(supervised.find((row: { id: number }) => row.id === ids.asset).canEdit).toBe(false);
  });

  it('filters by name ignoring case and accents, by kind, by active and by ids, a page at a time', async () => {
    expect(
      (await okJson(await list('admin', { search: 'caminhao' }))).rows.map((r: { id: number }) => r.id),
    ).toEqual([ids.asset]);
    expect(
      (await okJson(await list('admin', { kind: 'user' }))).rows.map((r: { id: number }) => r.id),
    ).toEqual([ids.analystResource]);
    expect((await okJson(await list('admin', { active: false }))).total).toBe(0);
    expect((await okJson(await list('admin', { ids: [ids.asset] }))).rows).toHaveLength(1);
    const second = await okJson(await list('admin', { page: 2, pageSize: 1 }));
    expect(second).toMatchObject({ total: 2 });
    expect(second.rows.map((r: { id: number }) => r.id)).toEqual([ids.asset]);
  });

  it('answers a form’s RESOURCES field through its component', async () => {
    const page = await okJson(await post('getResources', 'outsider', { componentId: REQUEST }));
    expect(page.total).toBe(2);
  });

  it('refuses without the application (403, translated), without a scope (400) and without a session (401)', async () => {
    const refused = await list('ungranted');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'RESOURCE_CHANGE_FORBIDDEN',
      Message: 'Os recursos são vistos por quem tem acesso a esta aplicação.',
    });
    const english = await post('getResources', 'ungranted', { componentId: REQUEST }, 'en');
    expect(english.json().Message).toBe('Resources are seen by those with access to this application.');
    const unscoped = await post('getResources', 'admin', {});
    expect(unscoped.statusCode).toBe(400);
    expect(fieldsOf(unscoped)).toEqual(['body.applicationId']);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/resource/getResources',
      payload: { applicationId },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('getResourceFormInitialData', () => {
  it('offers administrators the people not yet resources, calendars, their projects and supervisors', async () => {
    const data = await okJson(
      await get('getResourceFormInitialData', 'admin', { resourceId: 0, applicationId }),
    );
    const userIds = data.users.map((user: { id: number }) => user.id);
    expect(userIds).toContain(people.free.id);
    expect(userIds).not.toContain(people.analyst.id);
    expect(data.calendars).toContainEqual({ id: calendarId, name: `Expediente ${BASE}` });
    expect(titles(data.projects)).toEqual(expect.arrayContaining(['Projeto aberto', 'Projeto reservado']));
    expect(data.supervisors.map((user: { id: number }) => user.id)).toContain(people.supervisor.id);
    // Editing, the resource's own person is among the choices.
    const editing = await okJson(
      await get('getResourceFormInitialData', 'admin', { resourceId: ids.analystResource, applicationId }),
    );
    expect(editing.users.map((user: { id: number }) => user.id)).toContain(people.analyst.id);
  });

  it('gives a supervisor the calendars and the projects they see, not the lists of people', async () => {
    const data = await okJson(
      await get('getResourceFormInitialData', 'supervisor', {
        resourceId: ids.analystResource,
        applicationId,
      }),
    );
    expect(data.users).toEqual([]);
    expect(data.supervisors).toEqual([]);
    expect(titles(data.projects)).toEqual(['Projeto aberto']);
  });

  it('refuses those who may not save the record (403) and answers 404 for an unknown one', async () => {
    const create = await get('getResourceFormInitialData', 'outsider', { resourceId: 0, applicationId });
    expect(create.statusCode).toBe(403);
    expect(create.json().Message).toBe('Somente administradores podem cadastrar recursos.');
    const change = await get('getResourceFormInitialData', 'outsider', {
      resourceId: ids.analystResource,
      applicationId,
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().Message).toBe('Somente administradores e o supervisor do recurso podem alterá-lo.');
    expect(
      (await get('getResourceFormInitialData', 'admin', { resourceId: 999_999, applicationId })).statusCode,
    ).toBe(404);
  });
});

describe('getResourcetoEdit and getProjects', () => {
  it('answers the record with the caller’s visible projects and what they may change', async () => {
    const record = await okJson(
      await get('getResourcetoEdit', 'admin', { resourceId: ids.analystResource, applicationId }),
    );
    expect(record).toMatchObject({
      id: ids.analystResource,
      kind: 'user',
      userId: people.analyst.id,
      userName: 'ÁLVARO ANALISTA',
      name: '',
      calendarId,
      costPerHour: 85.5,
      supervisorId: people.supervisor.id,
      version: 1,
      canEdit: true,
      canChangeOwnership: true,
    });
    expect(titles(record.projects)).toEqual(['Projeto aberto', 'Projeto reservado']);
    const read = await okJson(
      await get('getResourcetoEdit', 'outsider', { resourceId: ids.analystResource, applicationId }),
    );
    expect(read).toMatchObject({ canEdit: false, canChangeOwnership: false });
    expect(titles(read.projects)).toEqual(['Projeto aberto']);
  });

  it('answers a blank record to administrators only, and 404 for an unknown resource', async () => {
    expect(
      await okJson(await get('getResourcetoEdit', 'admin', { resourceId: 0, applicationId })),
    ).toMatchObject({
      id: 0,
      version: 0,
      active: true,
    });
    expect((await get('getResourcetoEdit', 'outsider', { resourceId: 0, applicationId })).statusCode).toBe(
      403,
    );
    expect((await get('getResourcetoEdit', 'admin', { resourceId: 999_999, applicationId })).statusCode).toBe(
      404,
    );
    expect(
      (await get('getResourcetoEdit', 'ungranted', { resourceId: ids.asset, applicationId })).statusCode,
    ).toBe(403);
  });

  it('lists only the projects the caller may see', async () => {
    const all = await okJson(
      await get('getProjects', 'admin', { resourceId: ids.analystResource, applicationId }),
    );
    expect(all.projects.map((project: { id: number }) => project.id)).toEqual([ids.p1, ids.p2]);
    const seen = await okJson(
      await get('getProjects', 'outsider', { resourceId: ids.analystResource, applicationId }),
    );
    expect(seen.projects.map((project: { id: number }) => project.id)).toEqual([ids.p1]);
    expect((await get('getProjects', 'admin', { resourceId: 999_999, applicationId })).statusCode).toBe(404);
    expect((await get('getProjects', 'ungranted', { resourceId: ids.asset, applicationId })).statusCode).toBe(
      403,
    );
  });
});

describe('getPendingItems and getPendingTasks', () => {
  const pendingQuery = (projectId: number, resourceId = ids.analystResource) => ({
    resourceId,
    projectId,
    applicationId,
  });

  it('answers the open items the person is responsible for, with their status and form', async () => {
    const pending = await okJson(await get('getPendingItems', 'admin', pendingQuery(ids.p2)));
    expect(pending.capped).toBe(false);
    expect(pending.items.map((item: { itemId: number }) => item.itemId).sort()).toEqual(
      [ids.rOpen, ids.tOpen].sort(),
    );
    const task = pending.items.find((item: { itemId: number }) => item.itemId === ids.tOpen);
    expect(task).toMatchObject({
      componentId: TASK,
      componentLabel: 'Tarefa',
      formId: 11901,
      statusName: 'Aberta',
    });
  });

  it('restricts the tasks to components whose definition enters time on tasks', async () => {
    const tasks = await okJson(await get('getPendingTasks', 'admin', pendingQuery(ids.p2)));
    expect(tasks.items.map((item: { itemId: number }) => item.itemId)).toEqual([ids.tOpen]);
    const none = await okJson(await get('getPendingTasks', 'admin', pendingQuery(ids.p1)));
    expect(none.items).toEqual([]);
  });

  it('never shows user A the items of a project A cannot read through B’s resource', async () => {
    const mine = await okJson(await get('getPendingItems', 'outsider', pendingQuery(ids.p1)));
    expect(mine.items.map((item: { itemId: number }) => item.itemId)).toEqual([ids.r1]);
    for (const path of ['getPendingItems', 'getPendingTasks']) {
      const hidden = await get(path, 'outsider', pendingQuery(ids.p2));
      expect(hidden.statusCode).toBe(404);
      for (const id of [ids.rOpen, ids.tOpen, ids.tDone]) expect(hidden.body).not.toContain(`"${id}"`);
      expect(hidden.body).not.toContain('Tarefa aberta');
    }
  });

  it('answers no items for an asset, and 404 for a project that is not the resource’s', async () => {
    expect(
      (await okJson(await get('getPendingItems', 'admin', pendingQuery(ids.p1, ids.asset)))).items,
    ).toEqual([]);
    expect((await get('getPendingItems', 'admin', pendingQuery(ids.p2, ids.asset))).statusCode).toBe(404);
    expect((await get('getPendingItems', 'admin', pendingQuery(ids.p1, 999_999))).statusCode).toBe(404);
    expect((await get('getPendingTasks', 'ungranted', pendingQuery(ids.p1))).statusCode).toBe(403);
  });
});

describe('saveResource', () => {
  const asset = (extra: Record<string, unknown> = {}) => ({
    id: 0,
    kind: 'asset',
    name: 'Veículo medidor 02',
    calendarId: null,
    costPerHour: 150.5,
    supervisorId: null,
    projectIds: [],
    active: true,
    version: 0,
    ...extra,
  });

  it('creates an asset with a cost, a calendar and a project, then lists it', async () => {
    const response = await post('saveResource', 'admin', asset({ calendarId, projectIds: [ids.p1] }));
    const saved = await okJson(response);
    expect(saved).toMatchObject({ success: true, message: 'O recurso foi salvo com sucesso!', version: 1 });
    const record = await okJson(
      await get('getResourcetoEdit', 'admin', { resourceId: saved.id, applicationId }),
    );
    expect(record).toMatchObject({
      kind: 'asset',
      name: 'Veículo medidor 02',
      costPerHour: 150.5,
      calendarId,
    });
    expect(record.projects.map((project: { id: number }) => project.id)).toEqual([ids.p1]);
    expect((await okJson(await list('admin', { search: 'medidor' }))).rows[0]).toMatchObject({
      id: saved.id,
      projectCount: 1,
    });
  });

  it('creates a person resource from a user that is not one yet', async () => {
    const saved = await okJson(
      await post('saveResource', 'admin', {
        ...asset({ kind: 'user', userId: people.free.id, name: 'ignored', supervisorId: people.admin.id }),
      }),
    );
    const record = await okJson(
      await get('getResourcetoEdit', 'admin', { resourceId: saved.id, applicationId }),
    );
    expect(record).toMatchObject({
      kind: 'user',
      userId: people.free.id,
      name: '',
      supervisorId: people.admin.id,
    });
  });

  it('refuses bad input naming the field, translated', async () => {
    const noName = await post('saveResource', 'admin', asset({ name: '  ' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().details).toEqual([
      expect.objectContaining({ field: 'body.name', message: 'Obrigatório' }),
    ]);
    const noUser = await post('saveResource', 'admin', asset({ kind: 'user', userId: null }));
    expect(fieldsOf(noUser)).toEqual(['body.userId']);
    const taken = await post('saveResource', 'admin', asset({ kind: 'user', userId: people.analyst.id }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details).toEqual([
      expect.objectContaining({ field: 'body.userId', message: 'Este usuário já é um recurso' }),
    ]);
    const disabled = await buildUser(app.database.db, { name: 'DESATIVADO', disabled: true });
    const inactive = await post('saveResource', 'admin', asset({ kind: 'user', userId: disabled.id }), 'en');
    expect(inactive.json().details[0]).toMatchObject({
      field: 'body.userId',
      message: 'Choose an active user of the department staff',
    });
    const cents = await post('saveResource', 'admin', asset({ costPerHour: 10.005 }));
    expect(cents.json().details).toEqual([
      expect.objectContaining({ field: 'body.costPerHour', message: 'Informe no máximo 2 casas decimais' }),
    ]);
    expect(fieldsOf(await post('saveResource', 'admin', asset({ costPerHour: -1 })))).toEqual([
      'body.costPerHour',
    ]);
    expect(fieldsOf(await post('saveResource', 'admin', asset({ calendarId: 999_999 })))).toEqual([
      'body.calendarId',
    ]);
    expect(fieldsOf(await post('saveResource', 'admin', asset({ supervisorId: 999_999 })))).toEqual([
      'body.supervisorId',
    ]);
    // An item that is no project, and an unknown id.
    const notProjects = await post('saveResource', 'admin', asset({ projectIds: [ids.r1, 999_999] }));
    expect(notProjects.json().details).toEqual([
      expect.objectContaining({
        field: 'body.projectIds',
        message: `Projetos inexistentes ou que você não pode ver: ${ids.r1}, 999999`,
      }),
    ]);
    expect((await list('admin', { search: 'medidor' })).json().total).toBe(1);
  });

  it('lets a supervisor change their resource, keeping the projects they cannot see', async () => {
    const record = await okJson(
      await get('getResourcetoEdit', 'supervisor', { resourceId: ids.analystResource, applicationId }),
    );
    expect(record).toMatchObject({ canEdit: true, canChangeOwnership: false });
    const saved = await okJson(
      await post('saveResource', 'supervisor', {
        id: ids.analystResource,
        kind: 'user',
        userId: people.analyst.id,
        calendarId: null,
        costPerHour: 92.25,
        supervisorId: people.supervisor.id,
        projectIds: record.projects.map((project: { id: number }) => project.id),
        active: true,
        version: record.version,
      }),
    );
    expect(saved.version).toBe(record.version + 1);
    const after = await okJson(
      await get('getResourcetoEdit', 'admin', { resourceId: ids.analystResource, applicationId }),
    );
    expect(after).toMatchObject({ costPerHour: 92.25, calendarId: null });
    expect(after.projects.map((project: { id: number }) => project.id)).toEqual([ids.p1, ids.p2]);
  });

  it('refuses a supervisor the person and the supervisor, others any change, and a project they cannot see', async () => {
    const record = await okJson(
      await get('getResourcetoEdit', 'admin', { resourceId: ids.analystResource, applicationId }),
    );
    const body = {
      id: ids.analystResource,
      kind: 'user',
      userId: people.analyst.id,
      calendarId: record.calendarId,
      costPerHour: record.costPerHour,
      supervisorId: people.supervisor.id,
      projectIds: [ids.p1],
      active: true,
      version: record.version,
    };
    const handOver = await post('saveResource', 'supervisor', { ...body, supervisorId: people.outsider.id });
    expect(handOver.statusCode).toBe(403);
    expect(handOver.json().Message).toBe(
      'Somente administradores podem trocar o tipo, a pessoa ou o supervisor de um recurso.',
    );
    expect((await post('saveResource', 'supervisor', { ...body, kind: 'asset', name: 'X' })).statusCode).toBe(
      403,
    );
    const stranger = await post('saveResource', 'outsider', body);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('RESOURCE_CHANGE_FORBIDDEN');
    expect(
      (await post('saveResource', 'outsider', { ...body, id: 0, version: 0, userId: people.free.id }))
        .statusCode,
    ).toBe(403);
    const hidden = await post('saveResource', 'supervisor', { ...body, projectIds: [ids.p1, ids.p2] });
    expect(fieldsOf(hidden)).toEqual(['body.projectIds']);
    const self = await post('saveResource', 'admin', { ...body, supervisorId: people.analyst.id });
    expect(fieldsOf(self)).toEqual(['body.supervisorId']);
  });

  it('answers 409 for a stale version and 404 for an unknown resource', async () => {
    const record = await okJson(
      await get('getResourcetoEdit', 'admin', { resourceId: ids.asset, applicationId }),
    );
    const body = {
      ...asset({ id: ids.asset, name: 'Caminhão-guincho 01', costPerHour: 220 }),
      version: record.version,
    };
    expect((await post('saveResource', 'admin', body)).statusCode).toBe(200);
    const stale = await post('saveResource', 'admin', { ...body, costPerHour: 230 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect((await post('saveResource', 'admin', { ...body, id: 999_999 })).statusCode).toBe(404);
  });
});

describe('RESOURCES field values', () => {
  it('accepts an existing resource and refuses an unknown id naming the field', async () => {
    const analyst = actorOf(people.analyst);
    const row = await buildItem(app.database.db, analyst, {
      componentId: REQUEST,
      projectId: ids.p1,
      data: { nome: 'Com recurso', recurso: ids.asset },
    });
    expect(row.data.recurso).toBe(ids.asset);
    // Lists name it: the asset's name, not its id.
    const [request] = await app.database.db
      .select({ definition: runtimeComponents.definition })
      .from(runtimeComponents)
      .where(eq(runtimeComponents.id, REQUEST));
    const field = request!.definition.fields.find((candidate) => candidate.key === 'recurso')!;
    const shown = await displayRows(
      {
        db: app.database.db,
        viewer: analyst,
        language: 'pt-BR',
        component: request!.definition,
        fields: [field],
      },
      [
        {
          ...row,
          createdAt: row.createdAt.toISOString(),
          modifiedAt: row.modifiedAt.toISOString(),
          dueAt: null,
          dueSoonAt: null,
        },
      ],
    );
    const [asset] = await app.database.db.select().from(resources).where(eq(resources.id, ids.asset));
    expect(shown.rows[0]!.display!.recurso).toEqual([{ id: ids.asset, text: asset!.name, color: null }]);
    await expect(
      buildItem(app.database.db, analyst, {
        componentId: REQUEST,
        projectId: ids.p1,
        data: { nome: 'Recurso inventado', recurso: 999_999 },
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field: 'recurso' })],
    });
  });
});

describe('deleteResources', () => {
  it('refuses non-administrators (403)', async () => {
    const refused = await post('deleteResources', 'supervisor', { ids: [ids.analystResource] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe('Somente administradores podem excluir recursos.');
  });

  it('refuses unknown ids naming them and deletes nothing', async () => {
    const response = await post('deleteResources', 'admin', { ids: [ids.asset, 999_998] });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      expect.objectContaining({
        field: 'body.ids',
        message: 'Recursos não encontrados: 999998. Nada foi excluído.',
      }),
    ]);
    expect((await list('admin', { ids: [ids.asset] })).json().total).toBe(1);
    expect(fieldsOf(await post('deleteResources', 'admin', { ids: [] }))).toEqual(['body.ids']);
  });

  it('deletes the resources and their project links', async () => {
    const response = await okJson(await post('deleteResources', 'admin', { ids: [ids.asset] }));
    expect(response).toEqual({
      success: true,
      message: 'Os recursos foram removidos com sucesso!',
      deleted: [ids.asset],
    });
    const links = await app.database.db
      .select()
      .from(resourceProjects)
      .where(eq(resourceProjects.resourceId, ids.asset));
    expect(links).toEqual([]);
    expect(
      (await get('getResourcetoEdit', 'admin', { resourceId: ids.asset, applicationId })).statusCode,
    ).toBe(404);
  });
});

describe('demo resources (seed)', () => {
  it('adds the analyst and the tow truck once, however often the step runs', async () => {
    const db = app.database.db;
    const demoAdmin = await buildUser(db, { login: 'admin', name: 'ADMIN DEMO' });
    const demoAnalyst = await buildUser(db, { login: 'analista', name: 'ANALISTA DEMO' });
    const context = { publicUrl: 'http://localhost:3000', now: () => NOW };
    await seedDemoResources(db, context);
    await seedDemoResources(db, context);
    const rows = await db
      .select({
        kind: resources.kind,
        userId: resources.userId,
        name: resources.name,
        cost: resources.costPerHour,
      })
      .from(resources)
      .where(or(eq(resources.userId, demoAnalyst.id), eq(resources.name, DEMO_ASSET_NAME)));
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { kind: 'user', userId: demoAnalyst.id, name: '', cost: '95.00' },
        { kind: 'asset', userId: null, name: DEMO_ASSET_NAME, cost: '180.00' },
      ]),
    );
    const [person] = await db.select().from(resources).where(eq(resources.userId, demoAnalyst.id));
    expect(person!.supervisorId).toBe(demoAdmin.id);
  });
});
