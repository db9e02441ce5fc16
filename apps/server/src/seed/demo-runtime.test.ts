import { INTAKE_PROJECTS } from '@der/definitions';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { wireTestDocumentGeneration } from '../../test/helpers/document-generation.ts';
import { applicationDefinitions } from '../engine/definitions/definitions.table.ts';
import { createItem } from '../engine/items/items.service.ts';
import { runtimeItems, runtimeItemVersions } from '../engine/items/items.table.ts';
import { itemAccess } from '../engine/projects/item-access.ts';
import { runtimeProjectPermissions } from '../engine/projects/project-permissions.table.ts';
import {
  type ItemViewer,
  visibleItemCondition,
  writableItemCondition,
} from '../engine/query/item-visibility.ts';
import type { Database } from '../infra/db/database.ts';
import { users } from '../modules/accounts/accounts.table.ts';
import { DEMO_ISSUED_AETS } from '../modules/aet/aet.seed.ts';
import { applications } from '../modules/applications/applications.table.ts';
import { DEMO_GROUP_REQUERENTES } from '../modules/groups/groups.seed.ts';
import { groupMembers, userGroups } from '../modules/groups/groups.table.ts';
import { organizationalUnits } from '../modules/organizational-units/organizational-units.table.ts';
import {
  DEMO_ADMIN_LOGIN,
  DEMO_ANALYST_LOGIN,
  DEMO_PERMISSIONARIO_LOGIN,
  DEMO_REQUERENTE_LOGIN,
} from './demo-accounts.ts';
import { demoAetRequests } from './demo-aet.data.ts';
import { DEMO_FOLDER_COMPONENT } from './demo-repository.seed.ts';
import { DEMO_COMPONENTS } from './demo-runtime.seed.ts';
import { createDemoRandom } from './demo-values.ts';
import { runSeeds } from './seed.ts';

const NOW = new Date('2026-06-15T13:00:00Z');
/**
 * The generator's 30 AET requests less its 9 issued ones, which the AET seed replaces by a few issued through
 * the workflow itself (modules/aet/aet.seed.ts).
 */
const DEMO_AET_REQUESTS = 30 - 9 + DEMO_ISSUED_AETS;
let database: Database;
const viewers = {} as Record<'admin' | 'analyst' | 'permissionario' | 'requerente', ItemViewer>;

beforeAll(async () => {
  database = await openTestDatabase();
  wireTestDocumentGeneration('https://der.example.gov.br');
  await runSeeds(database, { demoData: true, publicUrl: 'https://der.example.gov.br', now: () => NOW });
  const rows = await database.db.select().from(users);
  const byLogin = (login: string) => rows.find((row) => row.login === login)!;
  viewers.admin = { userId: byLogin(DEMO_ADMIN_LOGIN).id, isAdministrator: true };
  viewers.analyst = { userId: byLogin(DEMO_ANALYST_LOGIN).id, isAdministrator: false };
  viewers.permissionario = { userId: byLogin(DEMO_PERMISSIONARIO_LOGIN).id, isAdministrator: false };
  viewers.requerente = { userId: byLogin(DEMO_REQUERENTE_LOGIN).id, isAdministrator: false };
}, 120_000);
afterAll(() => database.close());

/** Items of each component the viewer may see (or change). */
async function countsFor(viewer: ItemViewer, writable = false): Promise<Record<number, number>> {
  const rows = await database.db
    .select({ componentId: runtimeItems.componentId, n: count() })
    .from(runtimeItems)
    .where(writable ? writableItemCondition(viewer) : visibleItemCondition(viewer))
    .groupBy(runtimeItems.componentId);
  return Object.fromEntries(rows.map((row) => [row.componentId, row.n]));
}

describe('demo load (first start)', () => {
  it('imports the shipped definitions as applications 1 AET, 2 Faixa de Domínio, 3 Gestão de Projetos', async () => {
    const installed = await database.db
      .select({ key: applicationDefinitions.key, applicationId: applicationDefinitions.applicationId })
      .from(applicationDefinitions)
      .orderBy(applicationDefinitions.applicationId);
    expect(installed).toEqual([
      { key: 'aet', applicationId: 1 },
      { key: 'faixa-de-dominio', applicationId: 2 },
      { key: 'gestao-de-projetos', applicationId: 3 },
    ]);
    const names = await database.db
      .select({ id: applications.id, name: applications.name })
      .from(applications);
    expect(names.sort((a, b) => a.id - b.id).map((row) => row.name)).toEqual([
      'AET',
      'Faixa de Domínio',
      'Gestão de Projetos',
    ]);
  });

  it('seeds about 30 items of each demo component, each with its version row', async () => {
    const all = await countsFor(viewers.admin);
    expect(all).toEqual({
      [DEMO_COMPONENTS.aetRequest]: DEMO_AET_REQUESTS,
      [DEMO_COMPONENTS.tpeuRequest]: 30,
      [DEMO_COMPONENTS.project]: 5,
      [DEMO_COMPONENTS.task]: 30,
      [DEMO_COMPONENTS.activity]: 30,
      [DEMO_COMPONENTS.vehicle]: 30,
      // The three works projects' repositories: five folders and two subfolders each.
      [DEMO_FOLDER_COMPONENT]: 21,
    });
    const [versions] = await database.db
      .select({ n: count() })
      .from(runtimeItemVersions)
      .where(eq(runtimeItemVersions.action, 'create'));
    expect(versions!.n).toBe(176 - 30 + DEMO_AET_REQUESTS);
    const [aet] = await database.db
      .select()
      .from(runtimeItems)
      .where(eq(runtimeItems.componentId, DEMO_COMPONENTS.aetRequest))
      .orderBy(runtimeItems.id)
      .limit(1);
    expect(aet!.formattedId).toMatch(/^AET-2026-\d{6}$/);
    // An item seeded in a final status reads so in its history too (its first version's snapshot is its row).
    const [issued] = await database.db
      .select({ id: runtimeItems.id, status: runtimeItems.status, version: runtimeItems.version })
      .from(runtimeItems)
      .where(
        and(eq(runtimeItems.componentId, DEMO_COMPONENTS.aetRequest), eq(runtimeItems.status, 'indeferida')),
      )
      .limit(1);
    const [created] = await database.db
      .select({ snapshot: runtimeItemVersions.snapshot })
      .from(runtimeItemVersions)
      .where(eq(runtimeItemVersions.itemId, issued!.id));
    expect([issued!.version, created!.snapshot]).toEqual([1, {}]);
    expect(aet!.data).toMatchObject({ tipoPessoa: 'juridica', declaracaoVeracidade: true });
  });

  it('shows the requerente and the permissionário their own requests, and analysts everything they work on', async () => {
    expect(await countsFor(viewers.requerente)).toEqual({
      [DEMO_COMPONENTS.aetRequest]: DEMO_AET_REQUESTS,
      [DEMO_COMPONENTS.vehicle]: 30,
    });
    // The permissionário also follows the BR-116 works, read-only.
    expect(await countsFor(viewers.permissionario)).toEqual({
      [DEMO_COMPONENTS.tpeuRequest]: 30,
      [DEMO_COMPONENTS.project]: 1,
      [DEMO_COMPONENTS.task]: 10,
      [DEMO_COMPONENTS.activity]: 10,
      [DEMO_FOLDER_COMPONENT]: 7,
    });
    expect(await countsFor(viewers.permissionario, true)).toEqual({ [DEMO_COMPONENTS.tpeuRequest]: 30 });
    expect(await countsFor(viewers.analyst)).toEqual(await countsFor(viewers.admin));
  });

  it("loads the DER's organisational structure and gives each demo project its unit", async () => {
    const units = await database.db.select().from(organizationalUnits);
    const byAcronym = new Map(units.map((unit) => [unit.acronym, unit]));
    expect(byAcronym.get('DFD')?.parentId).toBe(byAcronym.get('DO')?.id);
    expect(byAcronym.get('DO')?.parentId).toBe(byAcronym.get('SUP')?.id);
    const projects = await database.db
      .select({ title: runtimeItems.title, data: runtimeItems.data })
      .from(runtimeItems)
      .where(eq(runtimeItems.componentId, DEMO_COMPONENTS.project));
    const unitOf = (title: string) => projects.find((project) => project.title === title)?.data.unidade;
    expect(unitOf(INTAKE_PROJECTS.aet)).toBe(byAcronym.get('DCE')?.id);
    expect(unitOf(INTAKE_PROJECTS.tpeu)).toBe(byAcronym.get('DFD')?.id);
    expect(projects.every((project) => typeof project.data.unidade === 'number')).toBe(true);
  });

  it("makes the analyst manager of 'Duplicação BR-116 km 10–45' with the analysts' group and a read-only entry", async () => {
    const [project] = await database.db
      .select()
      .from(runtimeItems)
      .where(
        and(
          eq(runtimeItems.componentId, DEMO_COMPONENTS.project),
          sql`${runtimeItems.title} like 'Duplicação BR-116%'`,
        ),
      );
    expect(project).toMatchObject({ responsibleId: viewers.analyst.userId, status: 'execucao' });
    expect(project!.data.gerente).toBe(viewers.analyst.userId);
    const grants = await database.db
      .select()
      .from(runtimeProjectPermissions)
      .where(eq(runtimeProjectPermissions.projectId, project!.id));
    expect(grants.map((grant) => [grant.userId === null ? 'group' : 'user', grant.readOnly])).toEqual([
      ['group', false],
      ['user', true],
    ]);
  });
});

describe('portal requests reach the department', () => {
  async function intakeProject(title: string) {
    const [project] = await database.db
      .select()
      .from(runtimeItems)
      .where(and(eq(runtimeItems.componentId, DEMO_COMPONENTS.project), eq(runtimeItems.title, title)));
    return project!;
  }

  it('keeps every seeded request and vehicle in the intake project its definition names', async () => {
    const aet = await intakeProject(INTAKE_PROJECTS.aet);
    const tpeu = await intakeProject(INTAKE_PROJECTS.tpeu);
    const rows = await database.db
      .select({ componentId: runtimeItems.componentId, projectId: runtimeItems.projectId, n: count() })
      .from(runtimeItems)
      .where(sql`${runtimeItems.componentId} in (1, 2, 6)`)
      .groupBy(runtimeItems.componentId, runtimeItems.projectId);
    expect(rows.toSorted((a, b) => a.componentId - b.componentId)).toEqual([
      { componentId: DEMO_COMPONENTS.aetRequest, projectId: aet.id, n: DEMO_AET_REQUESTS },
      { componentId: DEMO_COMPONENTS.tpeuRequest, projectId: tpeu.id, n: 30 },
      { componentId: DEMO_COMPONENTS.vehicle, projectId: aet.id, n: 30 },
    ]);
    // The analysts' group is a member that may write; no applicant is a member.
    for (const project of [aet, tpeu]) {
      const grants = await database.db
        .select({
          group: userGroups.name,
          userId: runtimeProjectPermissions.userId,
          readOnly: runtimeProjectPermissions.readOnly,
        })
        .from(runtimeProjectPermissions)
        .leftJoin(userGroups, eq(userGroups.id, runtimeProjectPermissions.groupId))
        .where(eq(runtimeProjectPermissions.projectId, project.id));
      expect(grants).toEqual([{ group: 'Analistas DER', userId: null, readOnly: false }]);
    }
  });

  it("shows a requerente's new AET to the analysts, not to another requerente nor to a permissionário", async () => {
    const db = database.db;
    const [other] = await db
      .insert(users)
      .values({
        kind: 'requerente',
        login: 'outra@demo.der.test',
        name: 'OUTRA TRANSPORTADORA',
        email: 'outra@demo.der.test',
        passwordHash: 'x',
        activated: true,
      })
      .returning({ id: users.id });
    const [requerentes] = await db
      .select()
      .from(userGroups)
      .where(eq(userGroups.name, DEMO_GROUP_REQUERENTES));
    await db.insert(groupMembers).values({ groupId: requerentes!.id, userId: other!.id });
    const draft = demoAetRequests(
      createDemoRandom(7),
      { name: 'TRANSLOG', cnpj: '48271653000131', email: 'transportes@demo.der.test' },
      NOW,
      3,
    )[2]!;
    expect(draft.status).toBe('rascunho');
    // As the portal saves it: the requerente's own session, no project chosen.
    const created = await createItem(
      db,
      { ...viewers.requerente, language: 'pt-BR' },
      {
        componentId: DEMO_COMPONENTS.aetRequest,
        projectId: 0,
        title: draft.title,
        data: { ...draft.data, placaCavalo: 'ABC1D23' },
      },
      NOW,
    );
    expect(created.projectId).toBe((await intakeProject(INTAKE_PROJECTS.aet)).id);
    expect(await itemAccess(db, viewers.requerente, created.id)).toBe('write');
    expect(await itemAccess(db, viewers.analyst, created.id)).toBe('write');
    expect(await itemAccess(db, { userId: other!.id, isAdministrator: false }, created.id)).toBe('none');
    expect(await itemAccess(db, viewers.permissionario, created.id)).toBe('none');
    expect(
      (await countsFor({ userId: other!.id, isAdministrator: false }))[DEMO_COMPONENTS.aetRequest],
    ).toBeUndefined();
    expect((await countsFor(viewers.permissionario))[DEMO_COMPONENTS.aetRequest]).toBeUndefined();
  });
});
