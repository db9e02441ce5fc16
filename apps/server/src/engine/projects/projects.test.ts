import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  actorOf as actorOfPerson,
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
} from '../../../test/factories/runtime.ts';
import { buildGroup } from '../../../test/factories/shell.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { auditLog } from '../../modules/audit/audit.table.ts';
import { createItem, type ItemActor } from '../items/items.service.ts';
import { runtimeProjectPermissions } from './project-permissions.table.ts';

const PROJECT = 601;
const REQUEST = 602;

type Who = 'manager' | 'member' | 'reader' | 'outsider' | 'admin' | 'newcomer';
let app: FastifyInstance;
const people = {} as Record<Who, { id: number; name: string; token: string }>;
let groupId: number;
let projectId: number;
let otherProjectId: number;

const actorOf = (who: Who): ItemActor => actorOfPerson(people[who], { isAdministrator: who === 'admin' });

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  const names: Record<Who, string> = {
    manager: 'MARIA GERENTE',
    member: 'JOÃO MEMBRO',
    reader: 'LUIZA LEITORA',
    outsider: 'PEDRO DE FORA',
    admin: 'ADMIN',
    newcomer: 'NOVO MEMBRO',
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
  await buildComponents(app, 600);
  const project = await buildItem(db, actorOf('admin'), {
    componentId: PROJECT,
    title: 'Duplicação BR-116',
    responsibleId: people.manager.id,
  });
  projectId = project.id;
  otherProjectId = (await buildItem(db, actorOf('admin'), { componentId: PROJECT, title: 'Outro projeto' }))
    .id;
  groupId = (await buildGroup(db, { name: 'Equipe BR-116', memberIds: [people.member.id] })).id;
  await grantProjectAccess(db, projectId, [
    { groupId },
    { userId: people.reader.id, readOnly: true, restrictFolderAccess: true },
  ]);
});
afterAll(() => app.close());

const call = (path: string, who: Who, payload?: unknown, language = 'pt-BR') =>
  app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(people[who].token), 'accept-language': language },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('loadProjects and getProjectTitle', () => {
  it('lists the projects each user may see, by title, with the manager', async () => {
    const titles = async (who: Who) =>
      ((await call('loadProjects', who)).json() as Array<{ title: string }>).map((project) => project.title);
    expect(await titles('admin')).toEqual(['Duplicação BR-116', 'Outro projeto']);
    expect(await titles('member')).toEqual(['Duplicação BR-116']);
    expect(await titles('reader')).toEqual(['Duplicação BR-116']);
    expect(await titles('manager')).toEqual(['Duplicação BR-116']);
    expect(await titles('outsider')).toEqual([]);
    const [project] = (await call('loadProjects', 'member')).json();
    expect(project).toMatchObject({
      id: projectId,
      componentId: PROJECT,
      formattedId: 'PRJ-001',
      managerId: people.manager.id,
      managerName: 'MARIA GERENTE',
    });
    const filtered = await call(`loadProjects?componentId=${REQUEST}`, 'admin');
    expect(filtered.json()).toEqual([]);
  });

  it('answers the title of a visible project, and 404 for one the user may not see', async () => {
    const visible = await call('getProjectTitle', 'reader', { projectId });
    expect(visible.json()).toEqual({ projectId, formattedId: 'PRJ-001', title: 'Duplicação BR-116' });
    expect((await call('getProjectTitle', 'outsider', { projectId })).statusCode).toBe(404);
    expect((await call('getProjectTitle', 'member', { projectId: otherProjectId })).statusCode).toBe(404);
  });
});

describe('project permissions', () => {
  it('loads users and groups with their flags; only the manager and administrators may edit', async () => {
    const asMember = await call('loadProjectPermissions', 'member', { projectId });
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json()).toEqual({
      projectId,
      canEdit: false,
      users: [{ id: people.reader.id, name: 'LUIZA LEITORA', readOnly: true, restrictFolderAccess: true }],
      groups: [{ id: groupId, name: 'Equipe BR-116', readOnly: false, restrictFolderAccess: false }],
    });
    expect((await call('loadProjectPermissions', 'manager', { projectId })).json().canEdit).toBe(true);
    expect((await call('loadProjectPermissions', 'admin', { projectId })).json().canEdit).toBe(true);
    expect((await call('loadProjectPermissions', 'outsider', { projectId })).statusCode).toBe(404);
  });

  it('refuses saving to members (403) and to users who do not see the project (404)', async () => {
    const body = { projectId, users: [{ id: people.outsider.id }], groups: [] };
    expect((await call('saveProjectPermissions', 'member', body)).statusCode).toBe(403);
    expect((await call('saveProjectPermissions', 'reader', body)).statusCode).toBe(403);
    expect((await call('saveProjectPermissions', 'outsider', body)).statusCode).toBe(404);
    const rows = await app.database.db
      .select()
      .from(runtimeProjectPermissions)
      .where(eq(runtimeProjectPermissions.projectId, projectId));
    expect(rows).toHaveLength(2);
  });

  it('lets the manager replace the list in one transaction, audited; the new member then sees the project', async () => {
    expect((await call('getProjectTitle', 'newcomer', { projectId })).statusCode).toBe(404);
    const saved = await call('saveProjectPermissions', 'manager', {
      projectId,
      users: [
        { id: people.newcomer.id, readOnly: false },
        { id: people.reader.id, readOnly: true },
      ],
      groups: [{ id: groupId, readOnly: true }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      canEdit: true,
      // By name: LUIZA LEITORA, NOVO MEMBRO.
      users: [
        { id: people.reader.id, readOnly: true, restrictFolderAccess: false },
        { id: people.newcomer.id, readOnly: false, restrictFolderAccess: false },
      ],
      groups: [{ id: groupId, readOnly: true }],
    });
    expect((await call('getProjectTitle', 'newcomer', { projectId })).statusCode).toBe(200);
    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'runtime.project.permissions.saved'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: people.manager.id, target: `item:${projectId}` });

    // The group is read-only now: its member may see but not create in the project.
    await expect(
      createItem(app.database.db, actorOf('member'), {
        componentId: REQUEST,
        projectId,
        data: { nome: 'x' },
      }),
    ).rejects.toMatchObject({ code: 'ITEM_EDIT_FORBIDDEN' });
  });

  it('refuses unknown or repeated grantees naming the entry, keeping the list as it was', async () => {
    const response = await call('saveProjectPermissions', 'admin', {
      projectId,
      users: [{ id: people.member.id }, { id: people.member.id }],
      groups: [{ id: 999_999 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'body.users.1.id', message: 'Valor inválido' },
      { field: 'body.groups.0.id', message: 'Valor inválido' },
    ]);
    const rows = await app.database.db
      .select()
      .from(runtimeProjectPermissions)
      .where(eq(runtimeProjectPermissions.projectId, projectId));
    expect(rows).toHaveLength(3);
  });
});

describe('checkPermissionToUpdate', () => {
  it('answers allowed for who may change the item, and the §6 refusal text otherwise', async () => {
    const item = await createItem(app.database.db, actorOf('newcomer'), {
      componentId: REQUEST,
      projectId,
      data: { nome: 'Pedido no projeto' },
    });
    const check = (who: Who, language = 'pt-BR') =>
      call(
        'checkPermissionToUpdate',
        who,
        { itemId: item.id, project: projectId, component: REQUEST, status: 'rascunho', responsible: null },
        language,
      ).then((response) => response.json());
    expect(await check('newcomer')).toEqual({ allowed: true });
    expect(await check('admin')).toEqual({ allowed: true });
    expect(await check('reader')).toEqual({
      allowed: false,
      message: 'O usuário não tem permissão para editar o item.',
    });
    expect(await check('outsider', 'en')).toEqual({
      allowed: false,
      message: 'The user does not have permission to edit the item.',
    });
  });

  it('for a new item, answers whether the user may create in the project', async () => {
    const check = (who: Who, project: number | null) =>
      call('checkPermissionToUpdate', who, { itemId: 0, project, component: REQUEST }).then(
        (r) => r.json().allowed,
      );
    expect(await check('newcomer', projectId)).toBe(true);
    expect(await check('reader', projectId)).toBe(false);
    expect(await check('outsider', projectId)).toBe(false);
    expect(await check('outsider', null)).toBe(true);
  });
});
