import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  buildComponents,
  buildItem,
  buildPeople,
  grantApplication,
  grantProjectAccess,
} from '../../../test/factories/runtime.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import type { ItemActor } from '../items/items.service.ts';

/**
 * Application grants on the linked-data routes (issue 15): a user granted only application A gets 404 on the
 * items of application B through every links, children and relations route, as on an unknown id, and the
 * same calls on A's items answer.
 */
const BASE_A = 1180;
const BASE_B = 1190;
const REQUEST_A = BASE_A + 2;
const REQUEST_B = BASE_B + 2;

let app: FastifyInstance;
let onlyA: { id: number; token: string };
const items = {} as Record<'a1' | 'a2' | 'b1' | 'b2', number>;

beforeAll(async () => {
  app = await buildTestApp({ now: () => new Date('2026-03-10T15:00:00.000Z') });
  await app.ready();
  const db = app.database.db;
  const { admin } = await buildPeople(app, ['admin'], { admin: { isAdministrator: true } });
  await buildComponents(app, BASE_A);
  await buildComponents(app, BASE_B);
  // Built after both imports and without the fixture grants: this user opens only application A.
  ({ onlyA } = await buildPeople(app, ['onlyA'], { onlyA: { grantFixtureApplications: false } }));
  await grantApplication(db, REQUEST_A, [onlyA.id]);
  const actor: ItemActor = { userId: admin.id, isAdministrator: true, language: 'pt-BR' };
  // A project in each application the user is a member of: they would see B's items but for the grant.
  const make = async (componentId: number, title: string, projectId?: number, parentId?: number) =>
    (await buildItem(db, actor, { componentId, title, projectId, parentId, data: { nome: title } })).id;
  const projectA = (await buildItem(db, actor, { componentId: BASE_A + 1, title: 'Projeto A' })).id;
  const projectB = (await buildItem(db, actor, { componentId: BASE_B + 1, title: 'Projeto B' })).id;
  await grantProjectAccess(db, projectA, [{ userId: onlyA.id }]);
  await grantProjectAccess(db, projectB, [{ userId: onlyA.id }]);
  items.a1 = await make(REQUEST_A, 'A1', projectA);
  items.a2 = await make(REQUEST_A, 'A2', projectA, items.a1);
  items.b1 = await make(REQUEST_B, 'B1', projectB);
  items.b2 = await make(REQUEST_B, 'B2', projectB, items.b1);
});

afterAll(async () => {
  await app.close();
});

const post = (path: string, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: bearer(onlyA.token),
    payload,
  });

describe('linked-data routes answer 404 for an item of an ungranted application', () => {
  const calls: Array<[string, (one: number, other: number, component: number) => Record<string, unknown>]> = [
    ['loadItemLinksFormData', (one) => ({ itemId: one })],
    ['loadOneToManyFormData', (one, _other, component) => ({ itemId: one, childComponentId: component })],
    [
      'loadOneToManyTimelineFormData',
      (one, _other, component) => ({ itemId: one, childComponentId: component }),
    ],
    ['saveItemLink', (one, other) => ({ itemId: one, linkedItemId: other })],
    ['searchLinkableItems', (one) => ({ itemId: one, relation: 'link' })],
    ['loadPredecessorActivities', (one) => ({ itemId: one })],
    ['loadItemNotifications', (one) => ({ itemId: one })],
  ];

  it.each(calls)('%s', async (path, body) => {
    const granted = await post(path, body(items.a1, items.a2, REQUEST_A));
    expect(granted.statusCode, granted.body).toBe(200);
    const ungranted = await post(path, body(items.b1, items.b2, REQUEST_B));
    expect(ungranted.statusCode, ungranted.body).toBe(404);
  });

  it('a link from a granted item to an ungranted one answers 404 and is not written', async () => {
    expect((await post('saveItemLink', { itemId: items.a2, linkedItemId: items.b1 })).statusCode).toBe(404);
    const links = await post('loadItemLinksFormData', { itemId: items.a2 });
    expect(links.json().links.map((link: { item: { id: number } }) => link.item.id)).toEqual([items.a1]);
  });
});
