import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories/users.ts';
import { bearer, signIn } from '../../test/helpers/auth.ts';
import { createItem } from '../engine/items/items.service.ts';
import { runtimeItems } from '../engine/items/items.table.ts';
import { users } from '../modules/accounts/accounts.table.ts';
import { demoAetDocuments } from '../modules/aet/demo-documents.ts';
import { applications } from '../modules/applications/applications.table.ts';
import { DEMO_GROUP_ANALISTAS, DEMO_GROUP_REQUERENTES } from '../modules/groups/groups.seed.ts';
import { groupMembers, userGroups } from '../modules/groups/groups.table.ts';
import { messages } from '../modules/messages/messages.table.ts';
import {
  DEMO_ANALYST_LOGIN,
  DEMO_ANALYST_PASSWORD,
  DEMO_PERMISSIONARIO_LOGIN,
  DEMO_PERMISSIONARIO_PASSWORD,
  DEMO_REQUERENTE_CNPJ,
  DEMO_REQUERENTE_LOGIN,
  DEMO_REQUERENTE_PASSWORD,
} from './demo-accounts.ts';
import { demoAetRequests } from './demo-aet.data.ts';
import { DEMO_COMPONENTS } from './demo-runtime.seed.ts';
import { createDemoRandom } from './demo-values.ts';

/**
 * The shipped AET process (apps/definitions aet/*.ts) run through the workflow calls on the demo data, as the
 * issue's scenario: the requerente sends, the payment is confirmed, the envelope check finds the route outside
 * it and hands the request to the analysts, who find it in the queue, ask for a correction with a reason; the
 * requerente corrects and resends, the analyst approves; each is told.
 */
type Who = 'requerente' | 'analyst' | 'permissionario' | 'otherRequerente';
const AET = DEMO_COMPONENTS.aetRequest;

let app: FastifyInstance;
const people = {} as Record<Who, { id: number; token: string }>;
let aetApplicationId: number;
let analystsGroupId: number;

beforeAll(async () => {
  app = await buildTestApp({ demoData: true });
  const db = app.database.db;
  for (const [who, login, password] of [
    ['requerente', DEMO_REQUERENTE_LOGIN, DEMO_REQUERENTE_PASSWORD],
    ['analyst', DEMO_ANALYST_LOGIN, DEMO_ANALYST_PASSWORD],
    ['permissionario', DEMO_PERMISSIONARIO_LOGIN, DEMO_PERMISSIONARIO_PASSWORD],
  ] as const) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.login, login));
    people[who] = { id: user!.id, token: await signIn(app, { login, password }) };
  }
  // A second carrier granted the AET application like any requerente.
  const other = await buildUser(db, { kind: 'requerente', loginPage: '/aet' });
  const [requerentes] = await db.select().from(userGroups).where(eq(userGroups.name, DEMO_GROUP_REQUERENTES));
  await db.insert(groupMembers).values({ groupId: requerentes!.id, userId: other.id });
  people.otherRequerente = { id: other.id, token: await signIn(app, other) };
  const [aet] = await db.select().from(applications).where(eq(applications.name, 'AET'));
  aetApplicationId = aet!.id;
  const [analysts] = await db.select().from(userGroups).where(eq(userGroups.name, DEMO_GROUP_ANALISTAS));
  analystsGroupId = analysts!.id;
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

async function act(who: Who, itemId: number, action: string, reason?: string) {
  const { version } = await itemRow(itemId);
  return post(who, 'executeTaskAction', { itemId, componentId: AET, action, version, reason });
}

async function actionKeys(who: Who, itemId: number): Promise<string[]> {
  const response = await post(who, 'getActions', { itemId, componentId: AET });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().actions as Array<{ key: string }>).map((entry) => entry.key);
}

async function pendingIds(who: Who): Promise<number[]> {
  const response = await post(who, 'loadPendingWork', { applicationId: aetApplicationId });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Array<{ id: number }>).map((entry) => entry.id);
}

async function messagesOf(who: Who, formattedId: string) {
  const rows = await app.database.db
    .select({ title: messages.title, text: messages.messageText })
    .from(messages)
    .where(eq(messages.userId, people[who].id))
    .orderBy(asc(messages.id));
  return rows.filter((row) => row.title.includes(formattedId) || row.text.includes(formattedId));
}

/** A draft as the requerente's portal saves it: their own session, no project, a combination of their fleet. */
async function newDraft(): Promise<{ id: number; formattedId: string }> {
  const db = app.database.db;
  const fleet = await db
    .select()
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.componentId, DEMO_COMPONENTS.vehicle),
        eq(runtimeItems.creatorId, people.requerente.id),
      ),
    )
    .orderBy(asc(runtimeItems.id));
  const tractor = fleet.find((vehicle) => vehicle.data.tipoVeiculo === 'cavaloTrator')!;
  const trailer = fleet.find((vehicle) => vehicle.data.tipoVeiculo === 'semirreboque')!;
  // The requerente's name comes from their account (the field is bound to it).
  const [account] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, people.requerente.id));
  const requerente = { name: account!.name, cnpj: DEMO_REQUERENTE_CNPJ, email: DEMO_REQUERENTE_LOGIN };
  const draft = demoAetRequests(createDemoRandom(11), requerente, new Date(), 3)[2]!;
  expect(draft.status).toBe('rascunho');
  const row = await createItem(
    db,
    { userId: people.requerente.id, isAdministrator: false, language: 'pt-BR', kind: 'requerente' },
    {
      componentId: AET,
      projectId: 0,
      title: draft.title,
      data: {
        ...draft.data,
        composicao: [tractor.id, trailer.id],
        placaCavalo: tractor.data.placa,
        // A highway outside the automatic issuance's envelope: once paid, the request goes to the analysts.
        trechos: [{ rodovia: 'SP-099', kmInicial: 10, kmFinal: 60 }],
        ...(await demoAetDocuments(db, people.requerente.id, draft.data)),
      },
    },
  );
  expect(row.formattedId).toMatch(/^RASCUNHO-\d{6}$/);
  return { id: row.id, formattedId: row.formattedId };
}

/**
 * The requerente sends; an analyst confirms the payment; the envelope check hands it to the analysts. Answers
 * the protocol number sending gave the request (its draft ID gave way to it).
 */
async function sendAndPay(itemId: number): Promise<string> {
  const sent = await act('requerente', itemId, 'enviar');
  expect(sent.statusCode, sent.body).toBe(200);
  const row = await itemRow(itemId);
  expect(row.status).toBe('aguardandoPagamento');
  expect(row.formattedId).toMatch(/^AET-\d{4}-\d{6}$/);
  const paid = await act('analyst', itemId, 'confirmarPagamento', 'Comprovante conferido.');
  expect(paid.statusCode, paid.body).toBe(200);
  return row.formattedId;
}

describe('the AET process on the demo data', () => {
  it("sends the requerente's draft and, paid and outside the envelope, into the analysts' queue, hidden from other applicants", async () => {
    const draft = await newDraft();
    expect(await actionKeys('requerente', draft.id)).toEqual(['enviar']);
    expect(await actionKeys('analyst', draft.id)).toEqual([]);

    const protocol = await sendAndPay(draft.id);
    expect(await itemRow(draft.id)).toMatchObject({
      status: 'emAnalise',
      responsibleId: null,
      responsibleGroupId: analystsGroupId,
    });
    expect(await pendingIds('analyst')).toContain(draft.id);
    expect(await pendingIds('requerente')).not.toContain(draft.id);
    expect((await messagesOf('analyst', protocol)).map((message) => message.title)).toContain(
      `AET ${protocol} fora do envelope`,
    );
    // Once sent, the requerente has nothing to run until the analyst asks for something.
    expect(await actionKeys('requerente', draft.id)).toEqual([]);
    expect(
      (await post('otherRequerente', 'getActions', { itemId: draft.id, componentId: AET })).statusCode,
    ).toBe(404);
    expect(
      (await post('permissionario', 'getActions', { itemId: draft.id, componentId: AET })).statusCode,
    ).not.toBe(200);
  });

  it('goes back and forth with a correction and its reason, then is approved; each side is told', async () => {
    const draft = await newDraft();
    const protocol = await sendAndPay(draft.id);
    expect(await actionKeys('analyst', draft.id)).toEqual(['solicitarCorrecao', 'deferir', 'indeferir']);

    const withoutReason = await act('analyst', draft.id, 'solicitarCorrecao');
    expect(withoutReason.statusCode).toBe(400);
    const reason = 'Anexe o CRLV do semirreboque.';
    expect((await act('analyst', draft.id, 'solicitarCorrecao', reason)).statusCode).toBe(200);
    // The analyst who asked holds the request: the resubmission comes back to them.
    expect(await itemRow(draft.id)).toMatchObject({
      status: 'pendenteCorrecao',
      responsibleId: people.analyst.id,
      responsibleGroupId: null,
    });
    const told = await messagesOf('requerente', protocol);
    expect(told.at(-1)).toEqual({
      title: `Correção solicitada na AET ${protocol}`,
      text: `O analista pediu correções na sua solicitação: ${reason}. Corrija e reenvie.`,
    });

    expect((await act('requerente', draft.id, 'deferir')).statusCode).not.toBe(200);
    expect(await actionKeys('requerente', draft.id)).toEqual(['reenviar']);
    expect((await act('requerente', draft.id, 'reenviar')).statusCode).toBe(200);
    expect((await itemRow(draft.id)).status).toBe('emAnalise');
    expect((await messagesOf('analyst', protocol)).at(-1)?.title).toBe(`AET ${protocol} corrigida`);
    expect(await pendingIds('analyst')).toContain(draft.id);

    expect((await act('analyst', draft.id, 'deferir')).statusCode).toBe(200);
    expect(await itemRow(draft.id)).toMatchObject({ status: 'deferida', responsibleId: people.analyst.id });
    expect((await messagesOf('requerente', protocol)).at(-1)?.title).toBe(
      `Sua solicitação ${protocol} foi deferida`,
    );
    // Issuing needs the validity and the fee first: the definition's rule answers, naming what is missing.
    const issue = await act('analyst', draft.id, 'emitir');
    expect(issue.statusCode).toBe(400);
    expect(JSON.stringify(issue.json())).toContain('Informe a validade e o valor da taxa antes de emitir.');
  });

  it('is rejected with a reason the requerente reads', async () => {
    const draft = await newDraft();
    const protocol = await sendAndPay(draft.id);
    expect((await act('analyst', draft.id, 'indeferir')).statusCode).toBe(400);
    expect(
      (await act('analyst', draft.id, 'indeferir', 'Rota atravessa ponte interditada.')).statusCode,
    ).toBe(200);
    expect((await itemRow(draft.id)).status).toBe('indeferida');
    expect((await messagesOf('requerente', protocol)).at(-1)).toEqual({
      title: `Sua solicitação ${protocol} foi indeferida`,
      text: 'Motivo do indeferimento: Rota atravessa ponte interditada.',
    });
    expect(await actionKeys('analyst', draft.id)).toEqual([]);
  });
});
