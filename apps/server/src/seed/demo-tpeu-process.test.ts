import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { bearer, signIn } from '../../test/helpers/auth.ts';
import { createItem } from '../engine/items/items.service.ts';
import { runtimeItems } from '../engine/items/items.table.ts';
import { users } from '../modules/accounts/accounts.table.ts';
import { messages } from '../modules/messages/messages.table.ts';
import {
  DEMO_ADMIN_LOGIN,
  DEMO_ADMIN_PASSWORD,
  DEMO_ANALYST_LOGIN,
  DEMO_ANALYST_PASSWORD,
  DEMO_PERMISSIONARIO_CNPJ,
  DEMO_PERMISSIONARIO_LOGIN,
  DEMO_PERMISSIONARIO_PASSWORD,
} from './demo-accounts.ts';
import { DEMO_COMPONENTS } from './demo-runtime.seed.ts';
import { demoTpeuRequests } from './demo-tpeu.data.ts';
import { createDemoRandom } from './demo-values.ts';

/**
 * The shipped TPEU process (apps/definitions faixa-de-dominio/tpeu-workflow.ts) through the workflow calls on
 * the demo data: protocolling needs the documents; the analyst screens, asks for a correction, sends the request
 * to an inspector chosen among the analysts, reviews and approves; the permissionário is told at each turn.
 */
type Who = 'permissionario' | 'analyst' | 'admin';
const TPEU = DEMO_COMPONENTS.tpeuRequest;

let app: FastifyInstance;
const people = {} as Record<Who, { id: number; token: string }>;

beforeAll(async () => {
  app = await buildTestApp({ demoData: true });
  for (const [who, login, password] of [
    ['permissionario', DEMO_PERMISSIONARIO_LOGIN, DEMO_PERMISSIONARIO_PASSWORD],
    ['analyst', DEMO_ANALYST_LOGIN, DEMO_ANALYST_PASSWORD],
    ['admin', DEMO_ADMIN_LOGIN, DEMO_ADMIN_PASSWORD],
  ] as const) {
    const [user] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.login, login));
    people[who] = { id: user!.id, token: await signIn(app, { login, password }) };
  }
}, 120_000);
afterAll(() => app.close());

const post = (who: Who, path: string, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(people[who].token), 'accept-language': 'pt-BR' },
    payload,
  });

async function itemRow(id: number) {
  const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, id));
  return row!;
}

async function act(who: Who, itemId: number, action: string, extra: Record<string, unknown> = {}) {
  const { version } = await itemRow(itemId);
  const response = await post(who, 'executeTaskAction', {
    itemId,
    componentId: TPEU,
    action,
    version,
    ...extra,
  });
  return response;
}

async function lastMessageTitle(who: Who): Promise<string | undefined> {
  const rows = await app.database.db
    .select({ title: messages.title })
    .from(messages)
    .where(eq(messages.userId, people[who].id))
    .orderBy(asc(messages.id));
  return rows.at(-1)?.title;
}

/** A request of the permissionário's in `status` (the n-th demo request's values), landing in the intake project. */
async function request(index: number, status?: string): Promise<{ id: number; formattedId: string }> {
  const permissionario = {
    name: 'ENERGIA SUL',
    cnpj: DEMO_PERMISSIONARIO_CNPJ,
    email: DEMO_PERMISSIONARIO_LOGIN,
  };
  const demo = demoTpeuRequests(createDemoRandom(5), permissionario, new Date(), index + 1)[index]!;
  // A draft as the portal saves it; a request further on as the seed files it (the department's checks waived).
  const actor = status
    ? { userId: people.permissionario.id, isAdministrator: true, language: 'pt-BR' as const }
    : {
        userId: people.permissionario.id,
        isAdministrator: false,
        language: 'pt-BR' as const,
        kind: 'permissionario' as const,
      };
  const row = await createItem(app.database.db, actor, {
    componentId: TPEU,
    title: demo.title,
    ...(status ? { status } : {}),
    data: demo.data,
  });
  return { id: row.id, formattedId: row.formattedId };
}

describe('the TPEU process on the demo data', () => {
  it('is protocolled only with its documents', async () => {
    const draft = await request(3);
    expect((await itemRow(draft.id)).status).toBe('rascunho');
    const check = await post('permissionario', 'validateByRule', {
      itemId: draft.id,
      componentId: TPEU,
      action: 'protocolar',
    });
    expect(check.json()).toEqual({ valid: false, message: 'Anexe os documentos antes de protocolar.' });
    expect((await act('permissionario', draft.id, 'protocolar')).statusCode).toBe(400);
    expect((await itemRow(draft.id)).status).toBe('rascunho');
  });

  it('is screened, corrected, inspected by an analyst the dialog offers, reviewed and approved', async () => {
    const filed = await request(0, 'protocolada');
    expect((await act('analyst', filed.id, 'iniciarTriagem')).statusCode).toBe(200);
    expect(await itemRow(filed.id)).toMatchObject({ status: 'triagem', responsibleId: people.analyst.id });

    expect((await act('analyst', filed.id, 'solicitarCorrecao')).statusCode).toBe(400);
    const corrected = await act('analyst', filed.id, 'solicitarCorrecao', {
      reason: 'Falta a ART do projeto.',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await lastMessageTitle('permissionario')).toBe(
      `Correção solicitada na solicitação ${filed.formattedId}`,
    );
    expect((await act('permissionario', filed.id, 'reenviar')).statusCode).toBe(200);
    expect(await lastMessageTitle('analyst')).toBe(`Solicitação ${filed.formattedId} corrigida`);

    const candidates = await post('analyst', 'loadResponsibles', {
      itemId: filed.id,
      componentId: TPEU,
      action: 'agendarVistoria',
    });
    expect(candidates.json().responsibles.map((person: { id: number }) => person.id)).toEqual([
      people.analyst.id,
    ]);
    const inspection = await act('analyst', filed.id, 'agendarVistoria', {
      responsibleId: people.analyst.id,
    });
    expect(inspection.statusCode, inspection.body).toBe(200);
    expect((await act('analyst', filed.id, 'concluirVistoria')).statusCode).toBe(200);
    expect((await act('permissionario', filed.id, 'aprovar')).statusCode).not.toBe(200);
    expect((await act('analyst', filed.id, 'aprovar')).statusCode).toBe(200);
    expect((await itemRow(filed.id)).status).toBe('aprovada');
    expect(await lastMessageTitle('permissionario')).toBe(
      `Sua solicitação ${filed.formattedId} foi aprovada`,
    );
  });
});
