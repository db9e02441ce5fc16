import { ApplicationDefinitionSchema, evaluateRuleExpression, referenceTableSource } from '@der/contracts';
import { FAIXA_DE_DOMINIO_DEFINITION, TPEU_ANNUAL_PRICE_EXPRESSION } from '@der/definitions';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { insertItems } from '../../test/fixtures/query-test-fixture.ts';
import { bearer, signIn } from '../../test/helpers/auth.ts';
import { runtimeAttachments } from '../engine/attachments/attachments.table.ts';
import { createItem } from '../engine/items/items.service.ts';
import { runtimeItems } from '../engine/items/items.table.ts';
import { users } from '../modules/accounts/accounts.table.ts';
import { messages } from '../modules/messages/messages.table.ts';
import { runTpeuDailySteps } from '../modules/tpeu/tpeu-expiry.ts';
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
import { demoTpeuDocuments, demoTriage } from './demo-tpeu.seed.ts';
import { createDemoRandom } from './demo-values.ts';

/**
 * The shipped TPEU process (apps/definitions faixa-de-dominio/tpeu-workflow.ts) through the workflow calls on
 * the demo data: protocolling needs the checklist's documents and fixes the price and exemption by the table; the
 * analyst screens, asks for a correction, sends the request to an inspector chosen among the analysts, reviews,
 * approves, charges a priced request and issues the TPEU once paid; the permissionário is told at each turn and
 * never writes a department field. The seeded requests went the same way and agree with the price table.
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

const permissionario = {
  name: 'ENERGIA SUL',
  cnpj: DEMO_PERMISSIONARIO_CNPJ,
  email: DEMO_PERMISSIONARIO_LOGIN,
};
/** The n-th demo request's values: 0 is a power line (exempt by the price table), 6 a substation access (priced). */
const demo = (index: number) =>
  demoTpeuRequests(createDemoRandom(5), permissionario, new Date(), index + 1)[index]!;
const EXEMPT = 0;
const PRICED = 6;

const portalActor = () => ({
  userId: people.permissionario.id,
  isAdministrator: false,
  language: 'pt-BR' as const,
  kind: 'permissionario' as const,
});

/** A draft as the portal saves it, with its checklist's documents or without any. */
async function draft(
  index: number,
  withDocuments = true,
): Promise<{ id: number; formattedId: string; documents: Record<string, number[]> }> {
  const request = demo(index);
  const documents = withDocuments
    ? await demoTpeuDocuments(app.database.db, people.permissionario.id, request)
    : {};
  const row = await createItem(app.database.db, portalActor(), {
    componentId: TPEU,
    projectId: 0,
    title: request.title,
    data: { ...request.data, ...documents },
  });
  return { id: row.id, formattedId: row.formattedId, documents };
}

/** A draft protocolled by the permissionário through the workflow call. */
async function filed(index: number) {
  const request = await draft(index);
  const response = await act('permissionario', request.id, 'protocolar');
  expect(response.statusCode, response.body).toBe(200);
  return request;
}

async function inspectAndApprove(itemId: number, documents: Record<string, unknown>) {
  for (const [action, extra] of [
    ['iniciarTriagem', {}],
    ['agendarVistoria', { responsibleId: people.analyst.id, changes: demoTriage(documents) }],
    ['concluirVistoria', {}],
    ['aprovar', {}],
  ] as const) {
    const response = await act('analyst', itemId, action, extra);
    expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
  }
}

const TERM = { inicioVigencia: '2026-07-01T03:00:00.000Z', fimVigencia: '2031-07-01T03:00:00.000Z' };

describe('the TPEU process on the demo data', () => {
  it("is protocolled only with its checklist's required documents, each named", async () => {
    const bare = await draft(3, false);
    const refused = await act('permissionario', bare.id, 'protocolar');
    expect(refused.statusCode).toBe(400);
    const named = (refused.json().details as Array<{ field: string }>).map((detail) => detail.field);
    expect(named).toEqual(
      expect.arrayContaining([
        'requerimento',
        'projetoDesenhos',
        'arquivoArt',
        'contratoSocial',
        'procuracao',
      ]),
    );
    expect((await itemRow(bare.id)).status).toBe('rascunho');
  });

  it('gets its process number, and the price and exemption of the table, on protocolling', async () => {
    const exempt = await filed(EXEMPT);
    expect(await itemRow(exempt.id)).toMatchObject({ status: 'protocolada', responsibleId: null });
    expect((await itemRow(exempt.id)).data).toMatchObject({
      numeroProcesso: exempt.formattedId,
      isentoRemuneracao: true,
      motivoIsencao: expect.stringMatching(/energia elétrica/),
      precoPublicoAnual: 0,
      valorTotal: 0,
    });
    const priced = await filed(PRICED);
    const { data } = await itemRow(priced.id);
    expect(data).toMatchObject({ isentoRemuneracao: false, precoPublicoAnual: 1800 });
    expect(data.valorTotal).toBe(Math.round(1800 * Number(data.prazoMeses) * 100) / 1200);
  });

  it('is screened, corrected, inspected by an analyst the dialog offers, reviewed and approved', async () => {
    const request = await filed(EXEMPT);
    expect((await act('analyst', request.id, 'iniciarTriagem')).statusCode).toBe(200);
    expect(await itemRow(request.id)).toMatchObject({ status: 'triagem', responsibleId: people.analyst.id });

    // Sending to inspection needs every document accepted in the screening.
    const unscreened = await act('analyst', request.id, 'agendarVistoria', {
      responsibleId: people.analyst.id,
    });
    expect(unscreened.statusCode).toBe(400);
    expect(JSON.stringify(unscreened.json())).toContain('Aceite na triagem todos os documentos');

    const refusal = 'A ART não traz a assinatura do responsável técnico.';
    expect((await act('analyst', request.id, 'solicitarCorrecao')).statusCode).toBe(400);
    const corrected = await act('analyst', request.id, 'solicitarCorrecao', {
      reason: 'Documento recusado na triagem.',
      changes: demoTriage(request.documents, refusal),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await lastMessageTitle('permissionario')).toBe(
      `Correção solicitada na solicitação ${request.formattedId}`,
    );
    expect((await itemRow(request.id)).data).toMatchObject({
      triagem_arquivoArt: 'recusado',
      motivoRecusa_arquivoArt: refusal,
      triagem_requerimento: 'aceito',
    });

    // The permissionário replaces only what was refused: an accepted document stays as it was.
    const replace = async (field: string) => {
      const [file] = await demoTpeuDocuments(app.database.db, people.permissionario.id, demo(EXEMPT)).then(
        (documents) => documents[field] ?? [],
      );
      return post('permissionario', 'updateItemField', {
        componentId: TPEU,
        itemId: request.id,
        version: (await itemRow(request.id)).version,
        field,
        value: [file],
      });
    };
    const accepted = await replace('requerimento');
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json().details[0]).toMatchObject({ field: 'requerimento', code: 'fieldNotEditable' });
    const refused = await replace('arquivoArt');
    expect(refused.statusCode, refused.body).toBe(200);
    expect((await act('permissionario', request.id, 'reenviar')).statusCode).toBe(200);
    expect(await lastMessageTitle('analyst')).toBe(`Solicitação ${request.formattedId} corrigida`);
    // Screening again: nothing but the department's fields is the permissionário's to change now.
    const locked = await post('permissionario', 'updateItemField', {
      componentId: TPEU,
      itemId: request.id,
      version: (await itemRow(request.id)).version,
      field: 'kmFinal',
      value: 999,
    });
    expect(locked.statusCode).toBe(400);

    const candidates = await post('analyst', 'loadResponsibles', {
      itemId: request.id,
      componentId: TPEU,
      action: 'agendarVistoria',
    });
    expect(candidates.json().responsibles.map((person: { id: number }) => person.id)).toEqual([
      people.analyst.id,
    ]);
    const inspection = await act('analyst', request.id, 'agendarVistoria', {
      responsibleId: people.analyst.id,
      changes: demoTriage(request.documents),
    });
    expect(inspection.statusCode, inspection.body).toBe(200);
    expect((await act('analyst', request.id, 'concluirVistoria')).statusCode).toBe(200);
    expect((await act('permissionario', request.id, 'aprovar')).statusCode).not.toBe(200);
    expect((await act('analyst', request.id, 'aprovar')).statusCode).toBe(200);
    expect((await itemRow(request.id)).status).toBe('aprovada');
    expect(await lastMessageTitle('permissionario')).toBe(
      `Sua solicitação ${request.formattedId} foi aprovada`,
    );
    // Exempt: nothing to charge; issued with the term.
    const charge = await act('analyst', request.id, 'cobrarRemuneracao');
    expect(charge.statusCode).toBe(400);
    expect(JSON.stringify(charge.json())).toContain('Não há remuneração a cobrar');
    const issued = await act('analyst', request.id, 'emitir', { changes: TERM });
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await itemRow(request.id)).data.numeroTpeu).toBe(request.formattedId);
  });

  it('charges a priced request and issues its TPEU only once paid', async () => {
    const request = await filed(PRICED);
    await inspectAndApprove(request.id, request.documents);
    const early = await act('analyst', request.id, 'emitir', { changes: TERM });
    expect(early.statusCode).toBe(400);
    expect(JSON.stringify(early.json())).toContain('receba a remuneração');

    expect((await act('analyst', request.id, 'cobrarRemuneracao')).statusCode).toBe(200);
    expect((await itemRow(request.id)).status).toBe('aguardandoPagamento');
    expect(await lastMessageTitle('permissionario')).toBe(`Remuneração do TPEU ${request.formattedId}`);
    expect(
      (await act('permissionario', request.id, 'confirmarPagamento', { reason: 'Paguei.' })).statusCode,
    ).not.toBe(200);
    const paid = await act('analyst', request.id, 'confirmarPagamento', { reason: 'Conferido no extrato.' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await itemRow(request.id)).data.dataPagamento).toEqual(expect.any(String));
    const issued = await act('analyst', request.id, 'emitir', { changes: TERM });
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await itemRow(request.id)).status).toBe('emitida');
  });
});

/** An exempt request carried to its issued TPEU through the calls, its term from yesterday for five years. */
async function issued() {
  const request = await filed(EXEMPT);
  await inspectAndApprove(request.id, request.documents);
  const response = await act('analyst', request.id, 'emitir', { changes: TERM });
  expect(response.statusCode, response.body).toBe(200);
  return request;
}

const DAY_MS = 86_400_000;
const isoDaysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe('the issued TPEU', () => {
  it('is received with its signed Termo de Recebimento once the works end, with the as-built', async () => {
    const request = await issued();
    expect((await act('permissionario', request.id, 'concluirObras')).statusCode).toBe(400);
    // Issued, the permissionário writes only the as-built and the withdrawal date.
    const field = (name: string, value: unknown) =>
      itemRow(request.id).then(({ version }) =>
        post('permissionario', 'updateItemField', {
          componentId: TPEU,
          itemId: request.id,
          version,
          field: name,
          value,
        }),
      );
    expect((await field('kmFinal', 999)).statusCode).toBe(400);
    const asBuilt = await demoTpeuDocuments(app.database.db, people.permissionario.id, demo(EXEMPT));
    expect((await field('asBuilt', asBuilt.projetoDesenhos)).statusCode).toBe(200);
    expect((await act('permissionario', request.id, 'concluirObras')).statusCode).toBe(200);
    expect((await itemRow(request.id)).status).toBe('vistoriaFinal');

    const unreported = await act('analyst', request.id, 'receberObras');
    expect(unreported.statusCode).toBe(400);
    expect(JSON.stringify(unreported.json())).toContain('Registre o relatório da vistoria final.');
    const received = await act('analyst', request.id, 'receberObras', {
      changes: { laudoVistoriaFinal: '<p>Obra executada conforme o projeto; faixa recomposta.</p>' },
    });
    expect(received.statusCode, received.body).toBe(200);
    const row = await itemRow(request.id);
    expect(row.status).toBe('vigente');
    expect(row.data.dataRecebimento).toEqual(expect.any(String));
    const attached = await app.database.db
      .select()
      .from(runtimeAttachments)
      .where(eq(runtimeAttachments.itemId, request.id));
    // The TPEU at issuing, the Termo de Recebimento now.
    expect(attached).toHaveLength(2);
    expect(await lastMessageTitle('permissionario')).toBe(`Obras do TPEU ${row.data.numeroTpeu} recebidas`);
  });

  it("is given up only with 60 days' notice, and ended by the daily job on that day", async () => {
    const request = await issued();
    const notice = (days: number) =>
      act('permissionario', request.id, 'desistir', {
        reason: 'A rede será remanejada para fora da faixa.',
        changes: { dataEncerramento: isoDaysFromNow(days) },
      });
    const short = await notice(30);
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('aviso de 60 dias');
    expect((await notice(61)).statusCode).toBe(200);
    expect((await itemRow(request.id)).status).toBe('desistenciaComunicada');
    // The job leaves it in force until the date, and ends it the day after.
    expect((await runTpeuDailySteps(app.database.db, new Date(Date.now() + 30 * DAY_MS))).tpeusEnded).toBe(0);
    expect(
      (await runTpeuDailySteps(app.database.db, new Date(Date.now() + 63 * DAY_MS))).tpeusEnded,
    ).toBeGreaterThan(0);
    expect((await itemRow(request.id)).status).toBe('encerrada');
  });

  it('expires by the daily job once its term is over, and is revoked by the department with a reason', async () => {
    const expiring = await issued();
    const revoked = await issued();
    expect((await act('permissionario', revoked.id, 'revogar', { reason: 'x' })).statusCode).not.toBe(200);
    expect((await act('analyst', revoked.id, 'revogar')).statusCode).toBe(400);
    expect(
      (await act('analyst', revoked.id, 'revogar', { reason: 'Obra fora do projeto aprovado.' })).statusCode,
    ).toBe(200);
    expect((await itemRow(revoked.id)).status).toBe('revogada');
    await runTpeuDailySteps(app.database.db, new Date(Date.parse(TERM.fimVigencia) + 2 * DAY_MS));
    expect((await itemRow(expiring.id)).status).toBe('expirada');
    expect((await itemRow(revoked.id)).status).toBe('revogada');
  });
});

describe('the department fields of a TPEU', () => {
  const departmentFields = FAIXA_DE_DOMINIO_DEFINITION.components[0]!.fields.filter(
    (field) => 'departmentOnly' in field && field.departmentOnly,
  ).map((field) => field.key);

  it('lists the decisions: price, exemption, process and TPEU numbers, term, opinion, payment', () => {
    expect(departmentFields).toEqual(
      expect.arrayContaining([
        'isentoRemuneracao',
        'motivoIsencao',
        'precoPublicoAnual',
        'valorTotal',
        'numeroProcesso',
        'numeroTpeu',
        'inicioVigencia',
        'fimVigencia',
        'parecerTecnico',
        'dataPagamento',
      ]),
    );
  });

  it('are never written by the permissionário, in any status of their own request', async () => {
    const statuses = FAIXA_DE_DOMINIO_DEFINITION.components[0]!.workflow.statuses.map((status) => status.key);
    const ids = await insertItems(
      app.database.db,
      statuses.map((status) => ({
        componentId: TPEU,
        status,
        creatorId: people.permissionario.id,
        data: {},
      })),
    );
    for (const [index, itemId] of ids.entries())
      for (const field of departmentFields) {
        const response = await post('permissionario', 'updateItemField', {
          componentId: TPEU,
          itemId,
          version: 1,
          field,
          value:
            field === 'isentoRemuneracao'
              ? true
              : field.endsWith('Vigencia') || field === 'dataPagamento'
                ? TERM.inicioVigencia
                : field === 'precoPublicoAnual' || field === 'valorTotal'
                  ? 0.01
                  : 'FORJADO',
        });
        expect(response.statusCode, `${statuses[index]} ${field}`).toBe(400);
        expect(response.json().details[0]).toMatchObject({ field, code: 'fieldNotEditable' });
      }
  });
});

describe('the demo TPEU requests', () => {
  it('were filed through the workflow and agree with the price table', async () => {
    const rows = await app.database.db
      .select()
      .from(runtimeItems)
      .where(eq(runtimeItems.componentId, TPEU))
      .orderBy(asc(runtimeItems.id));
    // The seed backdates its requests (filed days to months ago); this file's own were filed just now.
    const seeded = rows.filter(
      (row) => row.creatorId === people.permissionario.id && row.createdAt.getTime() < Date.now() - DAY_MS,
    );
    expect(new Set(seeded.map((row) => row.status))).toEqual(
      new Set([
        'rascunho',
        'protocolada',
        'triagem',
        'pendenteCorrecao',
        'vistoria',
        'analiseTecnica',
        'aprovada',
        'emitida',
        'indeferida',
      ]),
    );
    const tables = referenceTableSource(
      ApplicationDefinitionSchema.parse(FAIXA_DE_DOMINIO_DEFINITION).referenceTables,
    );
    for (const row of seeded.filter((candidate) => candidate.status !== 'rascunho')) {
      const data = row.data as Record<string, unknown>;
      const price = await evaluateRuleExpression(TPEU_ANNUAL_PRICE_EXPRESSION, data, { tables });
      expect(data.precoPublicoAnual, row.formattedId).toBe(price);
      expect(data.numeroProcesso, row.formattedId).toBe(row.formattedId);
      const total = data.isentoRemuneracao
        ? 0
        : Math.round((Number(price) * Number(data.prazoMeses) * 100) / 12) / 100;
      expect(data.valorTotal, row.formattedId).toBe(total);
    }
    const issued = seeded.filter((row) => row.status === 'emitida');
    expect(issued.length).toBeGreaterThan(0);
    for (const row of issued) expect((row.data as Record<string, unknown>).numeroTpeu).toBe(row.formattedId);
  });
});
