import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { actorOf, buildComponents, buildItem, grantProjectAccess } from '../../../test/factories/runtime.ts';
import { buildGroup } from '../../../test/factories/shell.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { itemAccess } from './item-access.ts';

const BASE = 7_100;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;
/** A request component of a second application whose definition names a project nobody created. */
const ORPHAN_BASE = 7_200;
const INTAKE = 'Solicitações de teste';

let app: FastifyInstance;
const people = {} as Record<
  'admin' | 'analyst' | 'requerente' | 'otherRequerente' | 'permissionario',
  number
>;
let intake: number;
let works: number;

beforeAll(async () => {
  app = await buildTestApp();
  const db = app.database.db;
  const withIntake = (base: number, projectTitle: string) => {
    const [project, request] = testComponents(base);
    return [project!, { ...request!, externalRequests: { projectTitle } }];
  };
  await buildComponents(app, BASE, { components: withIntake(BASE, INTAKE) });
  await buildComponents(app, ORPHAN_BASE, { components: withIntake(ORPHAN_BASE, 'Projeto que não existe') });
  people.admin = (await buildUser(db, { isAdministrator: true })).id;
  people.analyst = (await buildUser(db)).id;
  people.requerente = (await buildUser(db, { kind: 'requerente' })).id;
  people.otherRequerente = (await buildUser(db, { kind: 'requerente' })).id;
  people.permissionario = (await buildUser(db, { kind: 'permissionario' })).id;
  const analysts = await buildGroup(db, { memberIds: [people.analyst] });
  // Requerentes share a group, as in the portals: a group that is no project member shows nothing.
  await buildGroup(db, { memberIds: [people.requerente, people.otherRequerente] });
  const admin = actorOf({ id: people.admin }, { isAdministrator: true });
  intake = (await buildItem(db, admin, { componentId: PROJECT, title: INTAKE })).id;
  // A later project with the same title does not take the requests: the oldest one keeps them.
  await buildItem(db, admin, { componentId: PROJECT, title: INTAKE });
  works = (await buildItem(db, admin, { componentId: PROJECT, title: 'Obras' })).id;
  await grantProjectAccess(db, intake, [{ groupId: analysts.id }]);
  await grantProjectAccess(db, works, [{ userId: people.requerente }]);
}, 60_000);
afterAll(() => app.close());

const accessOf = (who: keyof typeof people, itemId: number) =>
  itemAccess(app.database.db, { userId: people[who], isAdministrator: false }, itemId);

describe('requests filed without a project', () => {
  it('land in the project the definition names: its analysts see them, other applicants do not', async () => {
    const request = await buildItem(app.database.db, actorOf({ id: people.requerente }), {
      componentId: REQUEST,
      projectId: 0,
      data: { nome: 'Carga indivisível' },
    });
    expect(request.projectId).toBe(intake);
    expect(await accessOf('requerente', request.id)).toBe('write');
    expect(await accessOf('analyst', request.id)).toBe('write');
    expect(await accessOf('otherRequerente', request.id)).toBe('none');
    expect(await accessOf('permissionario', request.id)).toBe('none');
    // The applicant is still no member of the intake project.
    expect(await accessOf('requerente', intake)).toBe('none');
  });

  it('keep a project the writer chose', async () => {
    const request = await buildItem(app.database.db, actorOf({ id: people.requerente }), {
      componentId: REQUEST,
      projectId: works,
      data: { nome: 'Na obra' },
    });
    expect(request.projectId).toBe(works);
    expect(await accessOf('analyst', request.id)).toBe('none');
  });

  it('stay without a project when no project has the title the definition names', async () => {
    const request = await buildItem(app.database.db, actorOf({ id: people.requerente }), {
      componentId: ORPHAN_BASE + 2,
      data: { nome: 'Sem destino' },
    });
    expect(request.projectId).toBeNull();
    expect(await accessOf('requerente', request.id)).toBe('write');
    expect(await accessOf('analyst', request.id)).toBe('none');
  });
});
