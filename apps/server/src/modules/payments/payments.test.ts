import type { AddressInfo } from 'node:net';
import { evaluateRuleExpression, referenceTableSource } from '@der/contracts';
import { AET_DEFINITION, AET_FEE_EXPRESSION } from '@der/definitions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../../../test/build-test-app.ts';
import {
  type AetPerson,
  type AetWho,
  aetComponent,
  aetDraft,
  aetPeople,
} from '../../../test/factories/aet.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import {
  type PaymentProviderPeer,
  startPaymentProviderPeer,
} from '../../../test/helpers/payment-provider-peer.ts';
import { runtimeItems } from '../../engine/items/items.table.ts';
import { isAppError } from '../../infra/http/app-error.ts';
import { paymentsServiceFromConfig } from './payments.service.ts';
import { paymentCharges } from './payments.table.ts';
import {
  PAYMENT_WEBHOOK_PATH,
  SIGNATURE_HEADER,
  signWebhook,
  TIMESTAMP_HEADER,
} from './webhook-signature.ts';

const SECRET = 'segredo-do-provedor-de-testes-0123456789abcdef';

let app: FastifyInstance;
let peer: PaymentProviderPeer;
let people: Record<AetWho, AetPerson>;
let origin: string;

beforeAll(async () => {
  peer = await startPaymentProviderPeer(SECRET);
  app = await buildTestApp({
    demoData: true,
    config: {
      payments: {
        provider: { url: peer.url, secret: SECRET },
        merchantName: 'DER-SP',
        merchantCity: 'Sao Paulo',
      },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  people = await aetPeople(app);
}, 180_000);
afterAll(async () => {
  await app.close();
  await peer.close();
});

async function itemRow(id: number) {
  const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, id));
  return row!;
}
const data = (row: { data: unknown }) => row.data as Record<string, unknown>;

const post = (who: AetWho, url: string, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(people[who].token), 'accept-language': 'pt-BR' },
    payload,
  });

async function act(who: AetWho, itemId: number, action: string, reason?: string) {
  const { version, componentId } = await itemRow(itemId);
  return post(who, '/api/genericItem/executeTaskAction', { itemId, componentId, action, version, reason });
}

async function sentRequest() {
  const draft = await aetDraft(app, people);
  const sent = await act('requerente', draft.id, 'enviar');
  expect(sent.statusCode, sent.body).toBe(200);
  return itemRow(draft.id);
}

const webhook = (body: string, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: PAYMENT_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
const signed = (body: string, timestamp = Math.floor(Date.now() / 1000)) => ({
  [TIMESTAMP_HEADER]: String(timestamp),
  [SIGNATURE_HEADER]: signWebhook(SECRET, timestamp, body),
});

describe('AET fee and payment through the provider', () => {
  it('refuses the fee written by the requerente, and fixes it from the table at sending', async () => {
    const draft = await aetDraft(app, people);
    const forged = await post('requerente', '/api/genericItem/saveItem', {
      componentId: draft.componentId,
      formId: 2,
      itemId: draft.id,
      version: draft.version,
      values: { valorTaxa: 0.01 },
    });
    expect(forged.statusCode).toBe(400);
    expect(JSON.stringify(forged.json())).toContain('valorTaxa');
    expect(data(await itemRow(draft.id)).valorTaxa ?? null).toBeNull();

    const sent = await act('requerente', draft.id, 'enviar');
    expect(sent.statusCode, sent.body).toBe(200);
    const row = await itemRow(draft.id);
    expect(row.status).toBe('aguardandoPagamento');
    const expected = await evaluateRuleExpression(AET_FEE_EXPRESSION, data(row), {
      tables: referenceTableSource(AET_DEFINITION.referenceTables ?? []),
    });
    expect(typeof expected).toBe('number');
    expect(Number(data(row).valorTaxa)).toBe(expected);
  });

  it("lets the department change the fixed fee only by 'Alterar a taxa', with its reason", async () => {
    const request = await sentRequest();
    const fee = Number(data(request).valorTaxa);
    const ordinary = await post('analyst', '/api/genericItem/saveItem', {
      componentId: request.componentId,
      formId: 1,
      itemId: request.id,
      version: request.version,
      values: { valorTaxa: fee + 10 },
    });
    expect(ordinary.statusCode).toBe(400);
    expect(ordinary.json().details).toEqual([
      expect.objectContaining({
        field: 'valorTaxa',
        code: 'changeByAction',
        message: 'Só muda pela ação “Alterar a taxa”, que registra o motivo',
      }),
    ]);
    expect(Number(data(await itemRow(request.id)).valorTaxa)).toBe(fee);

    const changed = await post('analyst', '/api/genericItem/executeTaskAction', {
      itemId: request.id,
      componentId: request.componentId,
      action: 'alterarTaxa',
      version: request.version,
      reason: 'Combinação de 9 eixos: taxa da classe superior.',
      changes: { valorTaxa: fee + 10 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const row = await itemRow(request.id);
    expect(Number(data(row).valorTaxa)).toBe(fee + 10);
    expect(row).toMatchObject({
      status: 'aguardandoPagamento',
      reason: 'Combinação de 9 eixos: taxa da classe superior.',
    });
  });

  it('charges by PIX at the provider, and the signed webhook makes the request Paga in one step', async () => {
    const request = await sentRequest();
    const fee = Number(data(request).valorTaxa);
    const charged = await post('requerente', '/api/payments/charge', {
      componentId: request.componentId,
      itemId: request.id,
      method: 'pix',
    });
    expect(charged.statusCode, charged.body).toBe(200);
    const charge = charged.json();
    expect(charge.pixPayload).toContain(
      `54${String(fee.toFixed(2).length).padStart(2, '0')}${fee.toFixed(2)}`,
    );
    expect(charge.pixQrDataUrl).toMatch(/^data:image\/png;base64,/);
    // The same charge again while it stands.
    const again = await post('requerente', '/api/payments/charge', {
      componentId: request.componentId,
      itemId: request.id,
      method: 'pix',
    });
    expect(again.json().pixPayload).toBe(charge.pixPayload);
    expect(peer.charges.filter((c) => c.reference === request.formattedId)).toHaveLength(1);

    const [stored] = await app.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.itemId, request.id));
    const paid = await peer.pay(stored!.providerChargeId, origin);
    expect(paid.status).toBe(204);
    const row = await itemRow(request.id);
    // Paid, then checked against the envelope at once: this draft's route is outside it, so to the analysts.
    expect(row.status).toBe('emAnalise');
    expect(data(row).dataPagamento).toBeTruthy();
    const state = await app.inject({
      method: 'GET',
      url: `/api/payments/state?componentId=${request.componentId}&itemId=${request.id}`,
      headers: bearer(people.requerente.token),
    });
    expect(state.json()).toMatchObject({
      providerConfigured: true,
      awaitingPayment: false,
      charge: { paid: true },
    });

    // The same notification again (a replay, even within the time allowed): refused, nothing changed.
    const replay = await webhook(paid.body, signed(paid.body, paid.timestamp));
    expect(replay.statusCode).toBe(401);
    expect((await itemRow(request.id)).version).toBe(row.version);
  });

  it('refuses forged, stale and unknown notifications with nothing changed', async () => {
    const request = await sentRequest();
    await post('requerente', '/api/payments/charge', {
      componentId: request.componentId,
      itemId: request.id,
      method: 'boleto',
    });
    const [stored] = await app.database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.itemId, request.id));
    expect(stored!.boletoLine).toMatch(/^[\d. ]{47,60}$/);
    const body = JSON.stringify({
      eventId: 'evt_forjado_1',
      chargeId: stored!.providerChargeId,
      status: 'paid',
    });
    const now = Math.floor(Date.now() / 1000);
    const forged = await webhook(body, {
      [TIMESTAMP_HEADER]: String(now),
      [SIGNATURE_HEADER]: signWebhook('outro-segredo-qualquer-0123456789abcdef', now, body),
    });
    expect(forged.statusCode).toBe(401);
    expect((await webhook(body, {})).statusCode).toBe(401);
    const stale = await webhook(body, signed(body, now - 600));
    expect(stale.statusCode).toBe(401);
    const unknown = JSON.stringify({
      eventId: 'evt_desconhecido',
      chargeId: 'chg_nao_existe',
      status: 'paid',
    });
    expect((await webhook(unknown, signed(unknown))).statusCode).toBe(404);
    const row = await itemRow(request.id);
    expect(row.status).toBe('aguardandoPagamento');
    expect(row.version).toBe(request.version);
    // The forged event id was not spent: the provider's real notification with it still goes through.
    expect((await webhook(body, signed(body))).statusCode).toBe(204);
    expect((await itemRow(request.id)).status).toBe('emAnalise');
  });

  it('lets an analyst, and not the requerente, confirm by hand, and only with a reason', async () => {
    const request = await sentRequest();
    expect((await act('requerente', request.id, 'confirmarPagamento', 'Paguei')).statusCode).not.toBe(200);
    const noReason = await act('analyst', request.id, 'confirmarPagamento');
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain('reason');
    expect((await itemRow(request.id)).status).toBe('aguardandoPagamento');
    const confirmed = await act('analyst', request.id, 'confirmarPagamento', 'Comprovante de GRU conferido.');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const row = await itemRow(request.id);
    // Paid, then checked against the envelope at once: this draft's route is outside it, so to the analysts.
    expect(row.status).toBe('emAnalise');
    expect(data(row).dataPagamento).toBeTruthy();
  });

  it("hides another requerente's charge and refuses a charge of a request not awaiting payment", async () => {
    const request = await sentRequest();
    const other = await post('otherRequerente', '/api/payments/charge', {
      componentId: request.componentId,
      itemId: request.id,
      method: 'pix',
    });
    expect(other.statusCode).toBe(404);
    const draft = await aetDraft(app, people);
    const early = await post('requerente', '/api/payments/charge', {
      componentId: draft.componentId,
      itemId: draft.id,
      method: 'pix',
    });
    expect(early.statusCode).toBe(409);
  });

  it("answers 'nothing owed' for an item of a process without a fee, and 404 for another requerente's request", async () => {
    const state = (who: AetWho, componentId: number, itemId: number) =>
      app.inject({
        method: 'GET',
        url: `/api/payments/state?componentId=${componentId}&itemId=${itemId}`,
        headers: bearer(people[who].token),
      });
    const vehicles = (await aetComponent(app)).fields.find((field) => field.key === 'composicao')!;
    const vehicle = await state('requerente', vehicles.targetComponentId!, 1);
    expect(vehicle.statusCode, vehicle.body).toBe(200);
    expect(vehicle.json()).toMatchObject({ awaitingPayment: false, amount: null, charge: null });
    const request = await sentRequest();
    expect((await state('otherRequerente', request.componentId, request.id)).statusCode).toBe(404);
    expect((await state('requerente', request.componentId, request.id)).json()).toMatchObject({
      awaitingPayment: true,
    });
  });

  it('without a provider: says so and creates no charge (manual confirmation only)', async () => {
    const config = testConfig();
    expect(config.payments.provider).toBeNull();
    const warnings: string[] = [];
    const service = paymentsServiceFromConfig(
      config,
      app.database.db,
      () => new Date(),
      (m) => warnings.push(m),
    );
    expect(warnings.join()).toContain('PAYMENT_PROVIDER_URL');
    const request = await sentRequest();
    const state = await service.state(people.analyst.actor, request.componentId, request.id);
    expect(state).toMatchObject({ providerConfigured: false, awaitingPayment: true, charge: null });
    // The fee is shown before any charge exists: the item's amount field.
    const fee = data(await itemRow(request.id)).valorTaxa;
    expect(typeof fee).toBe('number');
    expect(state.amount).toBe(fee);
    const refused = await service
      .charge(people.requerente.actor, request.componentId, request.id, 'pix')
      .catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe('PAYMENT_PROVIDER_NOT_CONFIGURED');
  });
});
