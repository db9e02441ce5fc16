import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  type AetPerson,
  type AetWho,
  aetDraft,
  aetPeople,
  issueTestAet,
} from '../../../test/factories/aet.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { runtimeAttachments } from '../../engine/attachments/attachments.table.ts';
import { runtimeItems } from '../../engine/items/items.table.ts';
import { pdfsig, pdftotext } from '../../engine/signatures/testing/pdf-tools.ts';
import { makeTestPki, type TestPki } from '../../engine/signatures/testing/test-pki.ts';
import { runHousekeepingRound } from '../../housekeeping/housekeeping-round.ts';
import { messages } from '../messages/messages.table.ts';
import { expireAets } from './aet-expiry.ts';

/** The clock of the app: the expiry tests move it past an AET's last day. */
const clock = { now: new Date('2026-05-20T15:00:00Z') };
const DAY = 24 * 60 * 60 * 1000;
const PERSON = { tipoPessoa: 'fisica' as const, name: 'JOÃO DA SILVA', document: '52998224725' };

let app: FastifyInstance;
let pki: TestPki;
let people: Record<AetWho, AetPerson>;

beforeAll(async () => {
  pki = makeTestPki();
  app = await buildTestApp({ demoData: true, now: () => clock.now });
  people = await aetPeople(app);
  // The department's A1: the issued AET and its public copy are signed with it.
  const saved = await app.inject({
    method: 'POST',
    url: '/api/admin/departmentCertificate',
    headers: bearer(people.admin.token),
    payload: { certificate: pki.secondP12.toString('base64'), password: pki.password },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 180_000);
afterAll(async () => {
  await app.close();
  pki.cleanup();
});

const validate = async (uid: string) =>
  (
    await app.inject({ method: 'GET', url: `/api/requerente/validarAET?uid=${encodeURIComponent(uid)}` })
  ).json();
const publicPdf = (uid: string) =>
  app.inject({ method: 'GET', url: `/api/requerente/aetPdf?uid=${encodeURIComponent(uid)}` });

const post = (who: AetWho, url: string, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(people[who].token), 'accept-language': 'pt-BR' },
    payload,
  });

async function itemRow(id: number) {
  const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, id));
  return row!;
}

async function act(who: AetWho, itemId: number, action: string, reason?: string) {
  const { version, componentId } = await itemRow(itemId);
  return post(who, '/api/genericItem/executeTaskAction', { itemId, componentId, action, version, reason });
}

async function messagesOf(who: AetWho) {
  return app.database.db
    .select({ title: messages.title, text: messages.messageText })
    .from(messages)
    .where(eq(messages.userId, people[who].id))
    .orderBy(asc(messages.id));
}

/** The signed AET as its requerente downloads it from the request's attachments. */
async function downloadAttachedAet(who: AetWho, itemId: number) {
  const [attachment] = await app.database.db
    .select()
    .from(runtimeAttachments)
    .where(and(eq(runtimeAttachments.itemId, itemId)));
  const list = await app.inject({
    method: 'GET',
    url: `/api/genericItem/loadAttachments?itemId=${itemId}&widgetKey=${attachment!.widgetKey}`,
    headers: bearer(people[who].token),
  });
  if (list.statusCode !== 200) return { status: list.statusCode, pdf: null };
  const link = await app.inject({
    method: 'GET',
    url: `/api/genericItem/getAttachmentLink?attachmentId=${attachment!.id}`,
    headers: bearer(people[who].token),
  });
  expect(link.statusCode, link.body).toBe(200);
  const file = await app.inject({ method: 'GET', url: link.json().url, headers: bearer(people[who].token) });
  return { status: file.statusCode, pdf: file.rawPayload };
}

describe('issuing an AET', () => {
  it('numbers it, draws a 128-bit token, attaches the signed PDF and answers vigente publicly', async () => {
    const aet = await issueTestAet(app, people);
    expect(aet.status).toBe('emitida');
    expect(aet.data.numeroAet).toBe(aet.formattedId);
    expect(aet.data.uidValidacao).toMatch(/^[0-9a-f]{32}$/);
    expect(aet.data.dataEmissao).toBe(clock.now.toISOString());

    const uid = String(aet.data.uidValidacao);
    expect(await validate(uid)).toEqual({
      valid: true,
      fileName: `/api/requerente/aetPdf?uid=${uid}`,
      situation: 'vigente',
      number: aet.formattedId,
      validFrom: '2026-05-20',
      validUntil: '2026-06-19',
      reason: null,
      // A company's name and CNPJ are public records.
      requerente: { name: aet.data.requerenteNome, document: '48.271.653/0001-31' },
    });

    const { status, pdf } = await downloadAttachedAet('requerente', aet.id);
    expect(status).toBe(200);
    const report = pdfsig(pdf!, pki.nssDir());
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Certificate is Trusted');
    const text = pdftotext(pdf!).replace(/\s+/g, ' ');
    expect(text).toContain(`AUTORIZAÇÃO ESPECIAL DE TRÂNSITO Nº ${aet.formattedId}`);
    expect(text).toContain(`/validarAET?uid=${uid}`);
    expect(text).toContain('assinado digitalmente pelo DER');
  });

  it('serves the public copy signed, drawn from what was issued', async () => {
    const aet = await issueTestAet(app, people);
    const response = await publicPdf(String(aet.data.uidValidacao));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const report = pdfsig(response.rawPayload, pki.nssDir());
    expect(report).toContain('Signature is Valid');
    const text = pdftotext(response.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`Nº ${aet.formattedId}`);
    expect(text).toContain('Trânsito somente durante o dia.');
  });

  it("masks a person's name and CPF on the public page and PDF; the requerente's own copy is whole", async () => {
    const aet = await issueTestAet(app, people, { requerente: PERSON });
    const uid = String(aet.data.uidValidacao);
    expect((await validate(uid)).requerente).toEqual({ name: 'J*** D* S****', document: '***.982.247-**' });
    const text = pdftotext((await publicPdf(uid)).rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('CPF / CNPJ: ***.982.247-**');
    expect(text).toContain('J*** D* S****');
    expect(text).not.toContain('529.982.247-25');
    expect(text).not.toContain('JOÃO DA SILVA');
    const own = pdftotext((await downloadAttachedAet('requerente', aet.id)).pdf!).replace(/\s+/g, ' ');
    expect(own).toContain('529.982.247-25');
    expect(own).toContain('JOÃO DA SILVA');
  });

  it("keeps 'not found' for an unknown uid, the sequential number, or a request not issued", async () => {
    const draft = await aetDraft(app, people);
    for (const uid of ['uid-que-nao-existe-0000', String(draft.id), draft.formattedId])
      expect(await validate(uid)).toMatchObject({
        valid: false,
        fileName: '',
        situation: null,
        requerente: null,
      });
    expect((await publicPdf('desconhecido')).statusCode).toBe(404);
    const missing = await app.inject({ method: 'GET', url: '/api/requerente/validarAET' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('validity', () => {
  it('expires by the daily job after the last day, once, and says since when', async () => {
    const aet = await issueTestAet(app, people, { validDays: 3 });
    const uid = String(aet.data.uidValidacao);
    const saved = clock.now;
    try {
      // The last day (2026-05-23 in São Paulo) is still valid; the next day it is over.
      clock.now = new Date(saved.getTime() + 3 * DAY + 8 * 60 * 60 * 1000);
      expect((await expireAets(app.database.db, clock.now)).aetsExpired).toBe(0);
      expect((await validate(uid)).situation).toBe('vigente');
      clock.now = new Date(saved.getTime() + 4 * DAY);
      // Before the job runs the page already says expired; the job then records it as the request's status.
      expect(await validate(uid)).toMatchObject({
        valid: false,
        situation: 'expirada',
        validUntil: '2026-05-23',
      });
      const counts = await runHousekeepingRound(app.database.db, clock.now);
      expect(counts.aetsExpired).toBeGreaterThanOrEqual(1);
      expect((await itemRow(aet.id)).status).toBe('expirada');
      expect((await expireAets(app.database.db, clock.now)).aetsExpired).toBe(0);
      expect(await validate(uid)).toMatchObject({
        situation: 'expirada',
        fileName: `/api/requerente/aetPdf?uid=${uid}`,
      });
    } finally {
      clock.now = saved;
    }
  });

  it('is suspended with a reason the requerente is told, lifted, then cancelled with a reason', async () => {
    const aet = await issueTestAet(app, people);
    const uid = String(aet.data.uidValidacao);
    expect((await act('analyst', aet.id, 'suspender')).statusCode).toBe(400);
    const reason = 'Interdição da ponte do km 120 para obras.';
    expect((await act('analyst', aet.id, 'suspender', reason)).statusCode).toBe(200);
    expect(await validate(uid)).toMatchObject({ valid: false, situation: 'suspensa', reason });
    expect((await messagesOf('requerente')).at(-1)).toEqual({
      title: `Sua AET ${aet.formattedId} foi suspensa`,
      text: `A AET ${aet.formattedId} (${aet.formattedId}) está suspensa e não autoriza o trânsito. Motivo: ${reason}`,
    });

    expect((await act('analyst', aet.id, 'revogarSuspensao', 'Ponte liberada.')).statusCode).toBe(200);
    const lifted = await itemRow(aet.id);
    // Lifting does not issue again: same number, token and document.
    expect(lifted.data.uidValidacao).toBe(uid);
    expect(await validate(uid)).toMatchObject({ valid: true, situation: 'vigente', reason: null });

    const cancel = 'Dados da combinação divergentes do CRLV.';
    expect((await act('analyst', aet.id, 'cancelar', cancel)).statusCode).toBe(200);
    expect(await validate(uid)).toMatchObject({ valid: false, situation: 'cancelada', reason: cancel });
    expect((await messagesOf('requerente')).at(-1)?.text).toContain(`Motivo: ${cancel}`);
  });

  it('lets neither the requerente suspend, cancel or expire it, nor another requerente see it', async () => {
    const aet = await issueTestAet(app, people);
    for (const action of ['suspender', 'cancelar', 'expirar']) {
      const refused = await act('requerente', aet.id, action, 'Quero.');
      expect(refused.statusCode, action).toBe(400);
      expect(JSON.stringify(refused.json())).toContain('permissão');
    }
    // The department cannot expire an AET within its validity either (the action's rule).
    expect((await act('admin', aet.id, 'expirar')).statusCode).toBe(400);
    expect((await itemRow(aet.id)).status).toBe('emitida');
    const actions = await post('otherRequerente', '/api/genericItem/getActions', {
      itemId: aet.id,
      componentId: aet.componentId,
    });
    expect(actions.statusCode).toBe(404);
    expect((await downloadAttachedAet('otherRequerente', aet.id)).status).toBe(404);
    expect((await act('otherRequerente', aet.id, 'cancelar', 'x')).statusCode).toBe(404);
  });
});

describe('copy and renewal', () => {
  it('copies a request into a new draft without numbers, payment, issuance or status', async () => {
    const aet = await issueTestAet(app, people);
    const response = await post('requerente', '/api/aet/copiarSolicitacao', { itemId: aet.id });
    expect(response.statusCode, response.body).toBe(200);
    const copy = await itemRow(response.json().itemId);
    expect(response.json()).toEqual({
      componentId: aet.componentId,
      itemId: copy.id,
      formattedId: copy.formattedId,
    });
    expect(copy).toMatchObject({ status: 'rascunho', creatorId: people.requerente.id, title: aet.title });
    expect(copy.formattedId).not.toBe(aet.formattedId);
    for (const key of ['numeroAet', 'uidValidacao', 'dataEmissao', 'valorTaxa', 'condicoesTransito'])
      expect(copy.data[key], key).toBeUndefined();
    for (const key of ['composicao', 'pbtc', 'origem', 'destino', 'requerenteCpfCnpj', 'enquadramento'])
      expect(copy.data[key], key).toEqual(aet.data[key]);
  });

  it('renews a period AET into a draft for the next period, linked to it; a single trip is not renewed', async () => {
    const aet = await issueTestAet(app, people, { tipoAutorizacao: 'periodo', validDays: 30 });
    const response = await post('requerente', '/api/aet/renovarAet', { itemId: aet.id });
    expect(response.statusCode, response.body).toBe(200);
    const renewal = await itemRow(response.json().itemId);
    expect(renewal).toMatchObject({ status: 'rascunho', creatorId: people.requerente.id });
    expect(renewal.data).toMatchObject({
      renovaAet: aet.data.numeroAet,
      tipoAutorizacao: 'periodo',
      dataInicioValidade: '2026-06-20T12:00:00.000Z',
      dataFimValidade: '2026-07-20T12:00:00.000Z',
    });
    expect(renewal.data.uidValidacao).toBeUndefined();

    const trip = await issueTestAet(app, people, { tipoAutorizacao: 'viagemUnica', validDays: 5 });
    const refused = await post('requerente', '/api/aet/renovarAet', { itemId: trip.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details?.[0] ?? refused.json()).toMatchObject({ field: 'itemId' });
    const draft = await aetDraft(app, people, { tipoAutorizacao: 'periodo' });
    expect((await post('requerente', '/api/aet/renovarAet', { itemId: draft.id })).statusCode).toBe(400);
  });

  it("refuses another requerente's request by id", async () => {
    const aet = await issueTestAet(app, people, { tipoAutorizacao: 'periodo' });
    for (const path of ['copiarSolicitacao', 'renovarAet'])
      expect((await post('otherRequerente', `/api/aet/${path}`, { itemId: aet.id })).statusCode, path).toBe(
        404,
      );
  });
});
