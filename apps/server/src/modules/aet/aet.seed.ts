import { and, asc, eq, inArray } from 'drizzle-orm';
import { createItem } from '../../engine/items/create-items.ts';
import { runtimeItems } from '../../engine/items/items.table.ts';
import { driveRequest, type ProcessPeople } from '../../engine/workflow/process-driver.ts';
import type { Db } from '../../infra/db/database.ts';
import { DEMO_ANALYST_LOGIN, DEMO_REQUERENTE_CNPJ, DEMO_REQUERENTE_LOGIN } from '../../seed/demo-accounts.ts';
import { demoAetRequests } from '../../seed/demo-aet.data.ts';
import { createDemoRandom, daysFrom } from '../../seed/demo-values.ts';
import type { SeedContext } from '../../seed/seed-context.ts';
import { users } from '../accounts/accounts.table.ts';
import { findAetRequestComponent } from './aet-component.ts';
import { demoCombination } from './demo-combination.ts';
import { demoAetDocuments } from './demo-documents.ts';

/** The demo's issued AETs: how many, and which of them the department then suspends. */
export const DEMO_ISSUED_AETS = 3;
const SUSPENDED_INDEX = 2;
export const DEMO_SUSPENSION_REASON = 'Interdição da ponte sobre o Rio Pardo (SP-330, km 350) para obras.';

/** What the department writes before issuing (the requerente cannot): the travel conditions (the fee was fixed at sending). */
const DEPARTMENT_VALUES = {
  condicoesTransito:
    'Trânsito somente entre o nascer e o pôr do sol; travessia de pontes isoladamente, centralizado e em velocidade reduzida.',
};

/** The fields a requerente's draft holds: the demo generator's issued-request extras are the department's. */
function draftData(data: Record<string, unknown>, periodo: boolean, now: Date): Record<string, unknown> {
  const { numeroAet: _n, condicoesTransito: _c, valorTaxa: _v, dataPagamento: _p, ...draft } = data;
  return {
    ...draft,
    // Valid from today: up to a year for a period AET, a few days for a single trip (domain.md).
    dataInicioValidade: daysFrom(now, 0, 0),
    dataFimValidade: daysFrom(now, periodo ? 180 : 10, 0),
    dataHoraPartida: daysFrom(now, 1, 7),
  };
}

async function demoUser(tx: Db, login: string) {
  const [user] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.login, login));
  if (!user) throw new Error(`demo seed: the account ${login} is missing`);
  return user;
}

/**
 * Demo step (after the runtime's): a handful of AETs issued through the product's own path — the demo
 * requerente files each request with their fleet through the items service, then every workflow action runs
 * as whoever runs it (the requerente sends, the analyst decides and issues), so each AET is numbered, gets its
 * random QR token and its signed PDF attached (unsigned, and saying so, until an administrator sets the
 * department's A1); the last one is then suspended, with its reason. The first one's public address is logged.
 */
export async function seedDemoAet(tx: Db, context: SeedContext): Promise<void> {
  const component = await findAetRequestComponent(tx);
  if (!component) throw new Error('demo seed: the AET application is not installed');
  const requerente = await demoUser(tx, DEMO_REQUERENTE_LOGIN);
  const analyst = await demoUser(tx, DEMO_ANALYST_LOGIN);
  const people: ProcessPeople = {
    applicant: { userId: requerente.id, isAdministrator: false, language: 'pt-BR', kind: 'requerente' },
    analyst: { userId: analyst.id, isAdministrator: false, language: 'pt-BR', kind: 'staff' },
  };
  const fleet = await tx
    .select()
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.creatorId, requerente.id),
        inArray(runtimeItems.componentId, [
          component.fields.find((field) => field.key === 'composicao')?.targetComponentId ?? -1,
        ]),
      ),
    )
    .orderBy(asc(runtimeItems.id));
  const now = context.now();
  const company = { name: requerente.name, cnpj: DEMO_REQUERENTE_CNPJ, email: requerente.email };
  const issued = demoAetRequests(createDemoRandom(20_261_120), company, now, 20)
    .filter((request) => request.status === 'emitida')
    .slice(0, DEMO_ISSUED_AETS);
  for (const [index, request] of issued.entries()) {
    const periodo = request.data.tipoAutorizacao === 'periodo';
    const data = {
      ...draftData(request.data, periodo, now),
      ...demoCombination(fleet, index, Number(request.data.pbtc)),
    };
    const draft = await createItem(tx, people.applicant, {
      componentId: component.id,
      projectId: 0,
      title: request.title,
      data: { ...data, ...(await demoAetDocuments(tx, requerente.id, data)) },
    });
    const aet = await driveRequest(tx, component, draft.id, 'emitida', {
      people,
      now: context.now,
      reason: 'Documentação conferida.',
      values: { emitir: DEPARTMENT_VALUES },
    });
    if (index === SUSPENDED_INDEX)
      await driveRequest(tx, component, aet.id, 'suspensa', {
        people,
        now: context.now,
        reason: DEMO_SUSPENSION_REASON,
      });
    if (index === 0) {
      const url = `${context.publicUrl.replace(/\/+$/, '')}/validarAET?uid=${String(aet.data.uidValidacao)}`;
      context.log?.info({ url }, `demo AET issued: validate it at ${url}`);
    }
  }
}
