import { type Application, type ApplicationMenu, ApplicationMenuSchema } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  buildApplication,
  buildGroup,
  buildMenuItems,
  buildMessage,
  grantApplication,
} from '../../../test/factories/shell.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function signedInUser(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(app.database.db, overrides);
  return { user, token: await signIn(app, user) };
}

async function allowedApplications(token: string): Promise<Application[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/application/getAllowedApplications',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function getMenu(token: string, appId: number | string) {
  return app.inject({
    method: 'POST',
    url: `/api/application/getApplicationMenu?appID=${appId}`,
    headers: bearer(token),
  });
}

describe('allowed applications', () => {
  it('lists only the applications granted to the user or to one of the user’s groups, by name', async () => {
    const db = app.database.db;
    const { user, token } = await signedInUser();
    const other = await buildUser(db);
    const direct = await buildApplication(db, { name: 'Zeta Direta' });
    const viaGroup = await buildApplication(db, { name: 'alfa por grupo', displayOnToolbar: true });
    const notGranted = await buildApplication(db, { name: 'Beta sem acesso' });
    const group = await buildGroup(db, { memberIds: [user.id] });
    const otherGroup = await buildGroup(db, { memberIds: [other.id] });
    await grantApplication(db, direct.id, { userId: user.id });
    await grantApplication(db, viaGroup.id, { groupId: group.id });
    await grantApplication(db, notGranted.id, { userId: other.id });
    await grantApplication(db, notGranted.id, { groupId: otherGroup.id });

    const list = await allowedApplications(token);
    expect(list.map((application) => application.name)).toEqual(['alfa por grupo', 'Zeta Direta']);
    expect(list[0]).toEqual({
      id: viaGroup.id,
      name: 'alfa por grupo',
      iconName: 'Apps',
      isFontAwesomeIcon: false,
      imageContent: '',
      displayOnToolbar: true,
      urlBehavior: false,
      urlLink: '',
      appVersion: '1.0',
      collapsedMenu: false,
      htmlScripts: '',
    });
  });

  it('lists every application for an administrator, and nothing for a user without grants', async () => {
    const db = app.database.db;
    const application = await buildApplication(db);
    const { token: adminToken } = await signedInUser({ isAdministrator: true });
    const { token: nobodyToken } = await signedInUser();
    expect((await allowedApplications(adminToken)).map((a) => a.id)).toContain(application.id);
    expect(await allowedApplications(nobodyToken)).toEqual([]);
  });

  it('requires a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/application/getAllowedApplications' });
    expect(response.statusCode).toBe(401);
  });
});

describe('application menu', () => {
  it('answers the menu tree and the application, with badges computed for the caller', async () => {
    const db = app.database.db;
    const { user, token } = await signedInUser();
    const application = await buildApplication(db, { name: 'Projetos', collapsedMenu: true });
    await grantApplication(db, application.id, { userId: user.id });
    await buildMenuItems(db, application.id, [
      { key: 'gestao', name: 'Gestão', title: true, position: 0 },
      // Inserted before its parent and out of order: the tree follows parent keys and positions.
      {
        key: 'tarefas',
        parentKey: 'gestao',
        name: 'Minhas tarefas',
        link: `/runtime/${application.id}/list/4/5/3/3/Minhas%20tarefas`,
        position: 2,
        badgeSource: 'unreadMessages',
      },
      {
        key: 'projetos',
        parentKey: 'gestao',
        name: 'Projetos',
        position: 1,
        multilevel: true,
        icon: 'AccountTree',
      },
      {
        key: 'todos',
        parentKey: 'projetos',
        name: 'Todos',
        link: `/runtime/${application.id}/listProject/3/0/Projetos`,
        position: 0,
        badgeSource: 'noSuchCount',
      },
      { key: 'site', name: 'Site do DER', link: 'https://www.der.example.gov.br', position: 1 },
    ]);
    await buildMessage(db, user.id);
    await buildMessage(db, user.id);
    await buildMessage(db, user.id, { readed: true });
    // Another user's unread messages do not count.
    await buildMessage(db, (await buildUser(db)).id);

    const response = await getMenu(token, application.id);
    expect(response.statusCode).toBe(200);
    const [menu, answered] = ApplicationMenuSchema.parse(response.json()) as ApplicationMenu;
    expect(answered).toMatchObject({ id: application.id, name: 'Projetos', collapsedMenu: true });

    const shape = (items: ApplicationMenu[0]): unknown =>
      items.map((item) => [item.key, item.keyParent, item.badge, shape(item.child)]);
    expect(shape(menu)).toEqual([
      [
        'gestao',
        null,
        null,
        [
          ['projetos', 'gestao', null, [['todos', 'projetos', null, []]]],
          ['tarefas', 'gestao', 2, []],
        ],
      ],
      ['site', null, null, []],
    ]);
    const gestao = menu[0]!;
    expect(gestao.title).toBe(true);
    expect(gestao.child[0]).toMatchObject({
      name: 'Projetos',
      multilevel: true,
      icon: 'AccountTree',
      link: '',
    });
    expect(gestao.child[1]!.link).toBe(`/runtime/${application.id}/list/4/5/3/3/Minhas%20tarefas`);
  });

  it('opens a group-granted application for a member', async () => {
    const db = app.database.db;
    const { user, token } = await signedInUser();
    const application = await buildApplication(db);
    await grantApplication(db, application.id, {
      groupId: (await buildGroup(db, { memberIds: [user.id] })).id,
    });
    const response = await getMenu(token, application.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([[], expect.objectContaining({ id: application.id })]);
  });

  it('refuses an application not granted, and an unknown one, alike (403), but opens any for an administrator', async () => {
    const db = app.database.db;
    const { token } = await signedInUser();
    const other = await buildUser(db);
    const application = await buildApplication(db);
    await grantApplication(db, application.id, { userId: other.id });
    await buildMenuItems(db, application.id, [{ key: 'a', name: 'Segredo', link: '/runtime/x/calendar/A' }]);

    const refused = await getMenu(token, application.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(refused.body).not.toContain('Segredo');
    const unknown = await getMenu(token, 999_999);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ code: 'FORBIDDEN' });

    const { token: adminToken } = await signedInUser({ isAdministrator: true });
    expect((await getMenu(adminToken, application.id)).statusCode).toBe(200);
    expect((await getMenu(adminToken, 'abc')).statusCode).toBe(400);
  });
});
