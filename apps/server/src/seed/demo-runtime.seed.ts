import { type ComponentDefinition, lockedStatusesOf } from '@der/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { findActiveComponent } from '../engine/definitions/components.repo.ts';
import { type CreateItemInput, createItem, type ItemActor } from '../engine/items/items.service.ts';
import { type RuntimeItemRow, runtimeItems, runtimeItemVersions } from '../engine/items/items.table.ts';
import { runtimeItemLinks } from '../engine/links/links.table.ts';
import { PREDECESSOR_RELATION } from '../engine/links/predecessors.ts';
import { runtimeProjectPermissions } from '../engine/projects/project-permissions.table.ts';
import { workCalendarIdsByName } from '../engine/work-calendars/work-calendars.seed.ts';
import type { ProcessPeople } from '../engine/workflow/process-driver.ts';
import type { Db } from '../infra/db/database.ts';
import { users } from '../modules/accounts/accounts.table.ts';
import { demoAetDocuments, demoCrlv } from '../modules/aet/demo-documents.ts';
import { DEMO_GROUP_ANALISTAS } from '../modules/groups/groups.seed.ts';
import { userGroups } from '../modules/groups/groups.table.ts';
import { unitIdsByAcronym } from '../modules/organizational-units/organizational-units.seed.ts';
import {
  DEMO_ADMIN_LOGIN,
  DEMO_ANALYST_LOGIN,
  DEMO_PERMISSIONARIO_CNPJ,
  DEMO_PERMISSIONARIO_LOGIN,
  DEMO_REQUERENTE_CNPJ,
  DEMO_REQUERENTE_LOGIN,
} from './demo-accounts.ts';
import { demoAetRequests, demoVehicles } from './demo-aet.data.ts';
import {
  DEMO_ACTIVITY_PREDECESSORS,
  DEMO_PROJECTS,
  demoActivities,
  demoTasks,
} from './demo-projects.data.ts';
import { seedRepositoryFolders } from './demo-repository.seed.ts';
import { demoTpeuRequests } from './demo-tpeu.data.ts';
import { seedDemoTpeuRequest } from './demo-tpeu.seed.ts';
import { createDemoRandom, daysBefore } from './demo-values.ts';
import type { SeedContext } from './seed-context.ts';

/** Component ids of the shipped definitions (apps/definitions). */
export const DEMO_COMPONENTS = {
  aetRequest: 1,
  tpeuRequest: 2,
  project: 3,
  task: 4,
  activity: 5,
  vehicle: 6,
} as const;

/** Items of each portal component (requests, vehicles); works projects get 10 activities and 10 tasks each. */
const DEMO_ITEMS_PER_COMPONENT = 30;
const PER_WORKS_PROJECT = 10;

/**
 * The seed writes on behalf of the demo users: each item's creator is the account that would have filed it
 * (the requerente's AETs and vehicles, the permissionário's TPEUs, the analyst's projects and tasks), with the
 * checks a department user's save would skip waived (`isAdministrator`: the demo data holds issued requests
 * with department fields filled in). Portal requests are created without a project, as the portals create
 * them, and land in the intake project their definition names (externalRequests) — the requerente is no member
 * of it, yet sees them as their creator.
 */
const onBehalfOf = (userId: number): ItemActor => ({ userId, isAdministrator: true, language: 'pt-BR' });

/**
 * Creates demo items already in their status. A status the component locks (by default a final one: every
 * field read-only, entered only through workflow actions) cannot be written by a save, so such an item is saved
 * in the workflow's initial status with its values and then put in its status directly (its history shows it
 * created so), until the AET and TPEU issues carry their demo requests through the processes themselves.
 */
function demoItemCreator(tx: Db) {
  const components = new Map<number, Promise<ComponentDefinition | null>>();
  const lockedStatus = async (input: CreateItemInput): Promise<string | null> => {
    if (!input.status) return null;
    let component = components.get(input.componentId);
    if (!component) {
      component = findActiveComponent(tx, input.componentId);
      components.set(input.componentId, component);
    }
    const definition = await component;
    return definition && lockedStatusesOf(definition).has(input.status) ? input.status : null;
  };
  return async (actor: ItemActor, input: CreateItemInput, at: Date): Promise<RuntimeItemRow> => {
    const status = await lockedStatus(input);
    if (status === null) return createItem(tx, actor, input, at);
    const { status: _locked, ...unlocked } = input;
    const row = await createItem(tx, actor, unlocked, at);
    const [settled] = await tx
      .update(runtimeItems)
      .set({ status })
      .where(eq(runtimeItems.id, row.id))
      .returning();
    // The update made the create version keep the row as it was (migration 0012); the item is still at its
    // first version, so its row is again that version's snapshot: created in its status, as the history shows.
    await tx
      .update(runtimeItemVersions)
      .set({ snapshot: {} })
      .where(and(eq(runtimeItemVersions.itemId, row.id), eq(runtimeItemVersions.version, 1)));
    return settled!;
  };
}

async function demoUserIds(tx: Db) {
  const logins = [DEMO_ADMIN_LOGIN, DEMO_ANALYST_LOGIN, DEMO_PERMISSIONARIO_LOGIN, DEMO_REQUERENTE_LOGIN];
  const rows = await tx
    .select({ id: users.id, login: users.login, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.login, logins));
  const byLogin = new Map(rows.map((row) => [row.login, row]));
  const get = (login: string) => {
    const user = byLogin.get(login);
    if (!user) throw new Error(`demo seed: the account ${login} is missing`);
    return user;
  };
  return {
    admin: get(DEMO_ADMIN_LOGIN),
    analyst: get(DEMO_ANALYST_LOGIN),
    permissionario: get(DEMO_PERMISSIONARIO_LOGIN),
    requerente: get(DEMO_REQUERENTE_LOGIN),
  };
}

/**
 * Demo step (after the applications): projects with their permissions, and items of every demo component
 * with plausible pt-BR data — the requerente's vehicles and AET requests and the permissionário's TPEU
 * requests (kept in the analysts' intake projects, so analysts see them too), and the activities and tasks
 * of the works projects. 'Duplicação BR-116 km 10–45' has the analyst as manager, the analysts' group as
 * member and the permissionário as a read-only entry.
 */
export async function seedDemoRuntime(tx: Db, context: SeedContext): Promise<void> {
  const now = context.now();
  const random = createDemoRandom(20_260_615);
  const people = await demoUserIds(tx);
  const [analysts] = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(inArray(userGroups.name, [DEMO_GROUP_ANALISTAS]));
  const units = await unitIdsByAcronym(
    tx,
    DEMO_PROJECTS.map((demo) => demo.unit),
  );
  const calendars = await workCalendarIdsByName(
    tx,
    DEMO_PROJECTS.flatMap((demo) => (demo.calendar ? [demo.calendar] : [])),
  );
  const createDemoItem = demoItemCreator(tx);
  const create = (userId: number, input: CreateItemInput, createdDaysAgo: number): Promise<RuntimeItemRow> =>
    createDemoItem(onBehalfOf(userId), input, daysBefore(now, createdDaysAgo));

  const projects = new Map<string, RuntimeItemRow>();
  for (const [index, demo] of DEMO_PROJECTS.entries()) {
    const project = await create(
      people.analyst.id,
      {
        componentId: DEMO_COMPONENTS.project,
        title: demo.title,
        status: demo.status,
        responsibleId: people.analyst.id,
        data: {
          gerente: people.analyst.id,
          // A step list without the structure (tests) leaves the unit empty.
          ...(units.has(demo.unit) ? { unidade: units.get(demo.unit) } : {}),
          ...(demo.calendar && calendars.has(demo.calendar)
            ? { calendario: calendars.get(demo.calendar) }
            : {}),
          ...demo.data(now),
        },
      },
      300 - index * 20,
    );
    projects.set(demo.holds ?? demo.title, project);
    const grants: Array<typeof runtimeProjectPermissions.$inferInsert> = analysts
      ? [{ projectId: project.id, groupId: analysts.id }]
      : [];
    if (index === 0) grants.push({ projectId: project.id, userId: people.permissionario.id, readOnly: true });
    if (grants.length > 0) await tx.insert(runtimeProjectPermissions).values(grants);

    if (!demo.works) continue;
    const progressCap = demo.status === 'planejamento' ? 0 : 100;
    const activities: RuntimeItemRow[] = [];
    for (const [position, activity] of demoActivities(
      random,
      now,
      PER_WORKS_PROJECT,
      progressCap,
    ).entries()) {
      activities.push(
        await create(
          people.analyst.id,
          {
            componentId: DEMO_COMPONENTS.activity,
            projectId: project.id,
            title: activity.title,
            position,
            data: activity.data,
          },
          200 - position,
        ),
      );
    }
    // The WBS's predecessors, as the activity form's predecessor component keeps them (the schedule's links).
    await tx.insert(runtimeItemLinks).values(
      DEMO_ACTIVITY_PREDECESSORS.filter(
        ([item, predecessor]) => item < activities.length && predecessor < activities.length,
      ).map(([item, predecessor]) => ({
        fromItemId: activities[item]!.id,
        toItemId: activities[predecessor]!.id,
        relation: PREDECESSOR_RELATION,
        createdBy: people.analyst.id,
        createdAt: daysBefore(now, 200),
      })),
    );
    for (const [position, task] of demoTasks(
      random,
      now,
      PER_WORKS_PROJECT,
      demo.status === 'concluido',
    ).entries()) {
      await create(
        people.analyst.id,
        {
          componentId: DEMO_COMPONENTS.task,
          projectId: project.id,
          title: task.title,
          status: task.status,
          position,
          responsibleId: position % 4 === 3 ? people.admin.id : people.analyst.id,
          data: {
            ...task.data,
            atividade: activities[position % activities.length]!.id,
            observadores: [people.admin.id],
          },
        },
        60 - position * 3,
      );
    }
  }

  const aetProject = projects.get('aet')!;
  /** The request landed where its definition sends portal requests (a renamed intake project would not). */
  const landedIn = (project: RuntimeItemRow, row: RuntimeItemRow): RuntimeItemRow => {
    if (row.projectId !== project.id)
      throw new Error(`demo seed: ${row.formattedId} did not land in the project '${project.title}'`);
    return row;
  };
  const vehicles: RuntimeItemRow[] = [];
  for (const [index, vehicle] of demoVehicles(
    random,
    DEMO_REQUERENTE_CNPJ,
    DEMO_ITEMS_PER_COMPONENT,
  ).entries()) {
    vehicles.push(
      landedIn(
        aetProject,
        await create(
          people.requerente.id,
          {
            componentId: DEMO_COMPONENTS.vehicle,
            title: vehicle.title,
            data: { ...vehicle.data, crlv: await demoCrlv(tx, people.requerente.id, vehicle.data) },
          },
          160 - index,
        ),
      ),
    );
  }
  const tractors = vehicles.filter((vehicle) => vehicle.data.tipoVeiculo === 'cavaloTrator');
  const trailers = vehicles.filter((vehicle) => vehicle.data.tipoVeiculo === 'semirreboque');
  const requerente = {
    name: people.requerente.name,
    cnpj: DEMO_REQUERENTE_CNPJ,
    email: people.requerente.email,
  };
  for (const [index, request] of demoAetRequests(
    random,
    requerente,
    now,
    DEMO_ITEMS_PER_COMPONENT,
  ).entries()) {
    // Issued AETs are issued through the workflow itself, with their signed PDF (modules/aet/aet.seed.ts).
    if (request.status === 'emitida') continue;
    const tractor = tractors[request.combination.tractor % tractors.length]!;
    const trailer = trailers[request.combination.trailer % trailers.length]!;
    const data = { ...request.data, composicao: [tractor.id, trailer.id], placaCavalo: tractor.data.placa };
    const created = await create(
      people.requerente.id,
      {
        componentId: DEMO_COMPONENTS.aetRequest,
        title: request.title,
        status: request.status,
        responsibleId: request.status === 'rascunho' ? null : people.analyst.id,
        data: { ...data, ...(await demoAetDocuments(tx, people.requerente.id, data)) },
      },
      150 - index * 5,
    );
    landedIn(aetProject, created);
  }

  const tpeuProject = projects.get('tpeu')!;
  const permissionario = {
    name: people.permissionario.name,
    cnpj: DEMO_PERMISSIONARIO_CNPJ,
    email: people.permissionario.email,
  };
  const tpeuComponent = await findActiveComponent(tx, DEMO_COMPONENTS.tpeuRequest);
  if (!tpeuComponent) throw new Error('demo seed: the Faixa de Domínio application is not installed');
  const tpeuPeople: ProcessPeople = {
    applicant: {
      userId: people.permissionario.id,
      isAdministrator: false,
      language: 'pt-BR',
      kind: 'permissionario',
    },
    analyst: { userId: people.analyst.id, isAdministrator: false, language: 'pt-BR', kind: 'staff' },
  };
  for (const [index, request] of demoTpeuRequests(
    random,
    permissionario,
    now,
    DEMO_ITEMS_PER_COMPONENT,
  ).entries()) {
    const createdAt = daysBefore(now, 150 - index * 5);
    landedIn(tpeuProject, await seedDemoTpeuRequest(tx, tpeuComponent, tpeuPeople, request, createdAt, now));
  }

  // Each works project's document repository starts with a few folders (demo-repository.seed.ts).
  for (const demo of DEMO_PROJECTS.filter((entry) => entry.works))
    await seedRepositoryFolders(create, people.analyst.id, projects.get(demo.title)!);
}
