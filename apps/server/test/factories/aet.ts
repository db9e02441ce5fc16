import type { ComponentDefinition } from '@der/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createItem } from '../../src/engine/items/create-items.ts';
import type { ItemActor } from '../../src/engine/items/item-actor.ts';
import { type RuntimeItemRow, runtimeItems } from '../../src/engine/items/items.table.ts';
import { driveRequest } from '../../src/engine/workflow/process-driver.ts';
import { requerenteProfiles, users } from '../../src/modules/accounts/accounts.table.ts';
import { findAetRequestComponent } from '../../src/modules/aet/aet-component.ts';
import { demoCombination } from '../../src/modules/aet/demo-combination.ts';
import { demoAetDocuments } from '../../src/modules/aet/demo-documents.ts';
import { DEMO_GROUP_REQUERENTES } from '../../src/modules/groups/groups.seed.ts';
import { groupMembers, userGroups } from '../../src/modules/groups/groups.table.ts';
import {
  DEMO_ADMIN_LOGIN,
  DEMO_ADMIN_PASSWORD,
  DEMO_ANALYST_LOGIN,
  DEMO_ANALYST_PASSWORD,
  DEMO_REQUERENTE_CNPJ,
  DEMO_REQUERENTE_LOGIN,
  DEMO_REQUERENTE_PASSWORD,
} from '../../src/seed/demo-accounts.ts';
import { demoAetRequests } from '../../src/seed/demo-aet.data.ts';
import { createDemoRandom, daysFrom } from '../../src/seed/demo-values.ts';
import { signIn } from '../helpers/auth.ts';
import { buildUser } from './users.ts';

export interface AetPerson {
  id: number;
  token: string;
  actor: ItemActor;
}
export type AetWho = 'requerente' | 'analyst' | 'admin' | 'otherRequerente';

/** The demo app's people of the AET process (buildTestApp({ demoData: true })), signed in, and a second carrier. */
export async function aetPeople(app: FastifyInstance): Promise<Record<AetWho, AetPerson>> {
  const db = app.database.db;
  const person = async (login: string, password: string, kind: ItemActor['kind']): Promise<AetPerson> => {
    const [user] = await db
      .select({ id: users.id, isAdministrator: users.isAdministrator })
      .from(users)
      .where(eq(users.login, login));
    return {
      id: user!.id,
      token: await signIn(app, { login, password }),
      actor: { userId: user!.id, isAdministrator: user!.isAdministrator, language: 'pt-BR', kind },
    };
  };
  const other = await buildUser(db, { kind: 'requerente', loginPage: '/aet' });
  const [requerentes] = await db.select().from(userGroups).where(eq(userGroups.name, DEMO_GROUP_REQUERENTES));
  await db.insert(groupMembers).values({ groupId: requerentes!.id, userId: other.id });
  return {
    requerente: await person(DEMO_REQUERENTE_LOGIN, DEMO_REQUERENTE_PASSWORD, 'requerente'),
    analyst: await person(DEMO_ANALYST_LOGIN, DEMO_ANALYST_PASSWORD, 'staff'),
    admin: await person(DEMO_ADMIN_LOGIN, DEMO_ADMIN_PASSWORD, 'staff'),
    otherRequerente: {
      id: other.id,
      token: await signIn(app, other),
      actor: { userId: other.id, isAdministrator: false, language: 'pt-BR', kind: 'requerente' },
    },
  };
}

export interface TestAetOptions {
  /** The requerente as the request names them (default: the demo carrier, a company). */
  requerente?: { tipoPessoa: 'fisica' | 'juridica'; name: string; document: string };
  tipoAutorizacao?: 'periodo' | 'viagemUnica';
  /** Days of validity from today (default 30). */
  validDays?: number;
}

export async function aetComponent(app: FastifyInstance): Promise<ComponentDefinition> {
  const component = await findAetRequestComponent(app.database.db);
  if (!component) throw new Error('no AET application installed (buildTestApp({ demoData: true }))');
  return component;
}

/** A draft of the demo requerente, filed as the portal files it, with a combination from their fleet. */
export async function aetDraft(
  app: FastifyInstance,
  people: Record<AetWho, AetPerson>,
  options: TestAetOptions = {},
): Promise<RuntimeItemRow> {
  const db = app.database.db;
  const component = await aetComponent(app);
  const vehicleComponent = component.fields.find((field) => field.key === 'composicao')!.targetComponentId!;
  const fleet = await db
    .select()
    .from(runtimeItems)
    .where(
      and(eq(runtimeItems.componentId, vehicleComponent), eq(runtimeItems.creatorId, people.requerente.id)),
    )
    .orderBy(asc(runtimeItems.id));
  const company = { name: 'TRANSLOG', cnpj: DEMO_REQUERENTE_CNPJ, email: DEMO_REQUERENTE_LOGIN };
  // The generator's data hold within its framing's limits: a period AET is taken from one it made a period one.
  const generated = demoAetRequests(createDemoRandom(11), company, app.now(), 10);
  const draft = options.tipoAutorizacao
    ? generated.find((request) => request.data.tipoAutorizacao === options.tipoAutorizacao)!
    : generated[2]!;
  // The requerente's name, CPF/CNPJ and person type come from their account (fromAccount): a test about a
  // person makes the demo carrier's account a person's for this request.
  if (options.requerente) {
    await db.update(users).set({ name: options.requerente.name }).where(eq(users.id, people.requerente.id));
    await db
      .update(requerenteProfiles)
      .set({ tipo: options.requerente.tipoPessoa, cpfCnpj: options.requerente.document })
      .where(eq(requerenteProfiles.userId, people.requerente.id));
  }
  const {
    tipoPessoa: _t,
    requerenteNome: _n,
    requerenteCpfCnpj: _c,
    requerenteEmail: _e,
    // What the department writes (an issued demo request's extras).
    numeroAet: _a,
    condicoesTransito: _k,
    valorTaxa: _v,
    dataPagamento: _p,
    ...ownData
  } = draft.data;
  const data = {
    ...ownData,
    dataInicioValidade: daysFrom(app.now(), 0, 0),
    dataFimValidade: daysFrom(app.now(), options.validDays ?? 30, 0),
    ...demoCombination(fleet, 0, Number(draft.data.pbtc)),
  };
  return createItem(db, people.requerente.actor, {
    componentId: component.id,
    projectId: 0,
    title: draft.title,
    // The checklist's uploads (the units' CRLVs come with the seeded fleet).
    data: { ...data, ...(await demoAetDocuments(db, people.requerente.id, data)) },
  }).catch((error: unknown) => {
    // A refusal names the fields: say which, so a test broken by a new rule tells what to fill in.
    throw new Error(`AET draft refused: ${JSON.stringify((error as { details?: unknown }).details)}`);
  });
}

/** An AET issued through the product's path: the requerente's draft, sent, approved and issued by the analyst. */
export async function issueTestAet(
  app: FastifyInstance,
  people: Record<AetWho, AetPerson>,
  options: TestAetOptions = {},
): Promise<RuntimeItemRow> {
  const db = app.database.db;
  const [account] = await db.select().from(users).where(eq(users.id, people.requerente.id));
  const [profile] = await db
    .select()
    .from(requerenteProfiles)
    .where(eq(requerenteProfiles.userId, people.requerente.id));
  try {
    const draft = await aetDraft(app, people, options);
    return await driveRequest(db, await aetComponent(app), draft.id, 'emitida', {
      people: { applicant: people.requerente.actor, analyst: people.analyst.actor },
      now: app.now,
      reason: 'Documentação conferida.',
      // The fee was fixed at sending: issuing writes the conditions only.
      values: { emitir: { condicoesTransito: 'Trânsito somente durante o dia.' } },
    });
  } finally {
    if (options.requerente) {
      await db.update(users).set({ name: account!.name }).where(eq(users.id, account!.id));
      await db
        .update(requerenteProfiles)
        .set({ tipo: profile!.tipo, cpfCnpj: profile!.cpfCnpj })
        .where(eq(requerenteProfiles.userId, account!.id));
    }
  }
}
