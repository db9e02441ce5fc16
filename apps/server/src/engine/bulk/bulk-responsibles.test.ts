import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  actorOf,
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
} from '../../../test/factories/runtime.ts';
import { buildGroup } from '../../../test/factories/shell.ts';
import {
  ANALYSTS,
  BOARD,
  workflowComponents,
  workflowOperations,
} from '../../../test/fixtures/workflow-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';

const BASE = 1800;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;

type Who = 'analyst' | 'other' | 'guest' | 'admin' | 'external' | 'ungranted';

let app: FastifyInstance;
const people = {} as Record<Who, { id: number; name: string; token: string }>;
const projects = {} as Record<'first' | 'second' | 'hidden', number>;
const items = {} as Record<'first' | 'second' | 'hidden', number[]>;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  Object.assign(
    people,
    await buildPeople(app, ['analyst', 'other', 'guest', 'admin', 'external'], {
      analyst: { name: 'Ana Analista' },
      other: { name: 'Otávio Outro' },
      guest: { name: 'Gina Convidada' },
      admin: { isAdministrator: true },
      external: { kind: 'requerente' },
    }),
  );
  const analysts = await buildGroup(db, { name: ANALYSTS, memberIds: [people.analyst.id, people.other.id] });
  await buildGroup(db, { name: BOARD, memberIds: [] });
  await buildComponents(app, BASE, {
    components: workflowComponents(BASE),
    operations: workflowOperations(BASE),
  });
  Object.assign(
    people,
    await buildPeople(app, ['ungranted'], { ungranted: { grantFixtureApplications: false } }),
  );
  const admin = actorOf(people.admin, { isAdministrator: true });
  for (const name of ['first', 'second', 'hidden'] as const)
    projects[name] = (await buildItem(db, admin, { componentId: PROJECT, title: name })).id;
  // The first project's team is the analysts and a guest; the second's the analysts only; the hidden one's nobody's.
  await grantProjectAccess(db, projects.first, [{ groupId: analysts.id }, { userId: people.guest.id }]);
  await grantProjectAccess(db, projects.second, [{ groupId: analysts.id }]);
  for (const name of ['first', 'second', 'hidden'] as const) {
    items[name] = [];
    for (let index = 0; index < 2; index++)
      items[name].push(
        (
          await buildItem(db, admin, {
            componentId: REQUEST,
            projectId: projects[name],
            data: { nome: 'Pedido', tipo: 'unica', ativo: true },
          })
        ).id,
      );
  }
}, 120_000);
afterAll(() => app.close());

const ask = (who: Who, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/genericItem/loadBulkResponsibles',
    headers: bearer(people[who].token),
    payload: { componentId: REQUEST, ...payload },
  });

async function responsibles(who: Who, payload: Record<string, unknown>) {
  const response = await ask(who, payload);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { responsibles: Array<{ id: number; name: string }>; differ: boolean };
  return { names: body.responsibles.map((candidate) => candidate.name), differ: body.differ };
}

describe('loadBulkResponsibles', () => {
  it("offers the project's members for items of one project (the action names no candidates)", async () => {
    expect(
      await responsibles('analyst', { action: 'pedirCorrecao', filter: { projectId: projects.first } }),
    ).toEqual({ names: ['Ana Analista', 'Gina Convidada', 'Otávio Outro'], differ: false });
    expect(await responsibles('analyst', { action: 'pedirCorrecao', itemIds: items.second })).toEqual({
      names: ['Ana Analista', 'Otávio Outro'],
      differ: false,
    });
  });

  it('offers only the people valid for every item when the items of the filter are in different projects', async () => {
    expect(await responsibles('analyst', { action: 'pedirCorrecao', filter: {} })).toEqual({
      names: ['Ana Analista', 'Otávio Outro'],
      differ: true,
    });
    expect(
      await responsibles('analyst', {
        action: 'pedirCorrecao',
        itemIds: [items.first[0], items.second[0]],
      }),
    ).toEqual({ names: ['Ana Analista', 'Otávio Outro'], differ: true });
  });

  it('counts no item the caller cannot see: a hidden project changes nothing', async () => {
    expect(
      await responsibles('analyst', {
        action: 'pedirCorrecao',
        itemIds: [...items.first, ...items.hidden],
      }),
    ).toEqual({ names: ['Ana Analista', 'Gina Convidada', 'Otávio Outro'], differ: false });
  });

  it("offers the action's group alike for every item", async () => {
    expect(await responsibles('analyst', { action: 'emitir', filter: {} })).toEqual({
      names: ['Ana Analista', 'Otávio Outro'],
      differ: false,
    });
  });

  it('refuses as executeBulkOperation does: no selection nor filter, an unknown action, no right, no grant', async () => {
    const empty = await ask('analyst', { action: 'pedirCorrecao', itemIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('itemIds');
    const unknown = await ask('analyst', { action: 'voar', filter: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('action');
    expect((await ask('external', { action: 'pedirCorrecao', filter: {} })).statusCode).toBe(403);
    expect((await ask('ungranted', { action: 'pedirCorrecao', filter: {} })).statusCode).toBe(404);
  });
});
