import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXEMPT, PRICED, TERM, useTpeuProcess } from '../../test/fixtures/tpeu-process-fixture.ts';
import { bearer } from '../../test/helpers/auth.ts';
import {
  type PaymentProviderPeer,
  startPaymentProviderPeer,
} from '../../test/helpers/payment-provider-peer.ts';
import { runtimeAttachments, runtimeAttachmentVersions } from '../engine/attachments/attachments.table.ts';
import { findFileContent } from '../engine/files/files.repo.ts';
import { runtimeFiles } from '../engine/files/files.table.ts';
import { publicDocuments } from '../engine/signatures/signatures.table.ts';
import { pdftotext } from '../engine/signatures/testing/pdf-tools.ts';
import { paymentCharges } from '../modules/payments/payments.table.ts';
import { runTpeuDailySteps } from '../modules/tpeu/tpeu-expiry.ts';
import { storeDemoFile } from './demo-files.ts';

/**
 * The renewal of a TPEU in force (apps/definitions tpeu-renovacao.ts): asked by the permissionário before the
 * term ends, priced by the server from the table of the day, charged through the provider as a fee of its own,
 * then granted — the term moved by the months asked and the TPEU reissued, signed, its QR kept — or refused with
 * the reason. While the department decides the permit stays in force: the daily job does not expire it.
 */
const SECRET = 'segredo-do-provedor-de-testes-0123456789abcdef';
let peer: PaymentProviderPeer;
let origin = '';

beforeAll(async () => {
  peer = await startPaymentProviderPeer(SECRET);
});
const tpeu = useTpeuProcess(() => ({
  config: {
    payments: {
      provider: { url: peer.url, secret: SECRET },
      merchantName: 'DER-SP',
      merchantCity: 'Sao Paulo',
    },
  },
}));
beforeAll(async () => {
  await tpeu.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(tpeu.app.server.address() as AddressInfo).port}`;
});
afterAll(() => peer.close());

const { people, itemRow, act, setField, filed, inspectAndApprove, lastMessageTitle } = tpeu;
const PERMIT = 'Termo de Permissão Especial de Uso';

/** The permissionário pays the item's current fee by PIX at the provider, which notifies the server. */
async function payByPix(itemId: number) {
  const response = await tpeu.app.inject({
    method: 'POST',
    url: '/api/payments/charge',
    headers: bearer(people.permissionario.token),
    payload: { componentId: (await itemRow(itemId)).componentId, itemId, method: 'pix' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [latest] = await tpeu.app.database.db
    .select()
    .from(paymentCharges)
    .where(eq(paymentCharges.itemId, itemId))
    .orderBy(desc(paymentCharges.id))
    .limit(1);
  expect((await peer.pay(latest!.providerChargeId, origin)).status).toBe(204);
  return { amount: response.json().amount as number, stage: latest!.stage };
}

/** Filed, reviewed, issued (its fee paid at the provider when priced), the works done and accepted: Vigente. */
async function inForce(index: number) {
  const request = await filed(index);
  await inspectAndApprove(request.id, request.documents);
  if (index === PRICED) {
    expect((await act('analyst', request.id, 'cobrarRemuneracao')).statusCode).toBe(200);
    await payByPix(request.id);
    expect((await itemRow(request.id)).status).toBe('paga');
  }
  const issued = await act('analyst', request.id, 'emitir', { changes: TERM });
  expect(issued.statusCode, issued.body).toBe(200);
  const asBuilt = await storeDemoFile(
    tpeu.app.database.db,
    people.permissionario.id,
    'as-built.pdf',
    Buffer.from('%PDF-1.4\n%%EOF\n'),
  );
  expect((await setField('permissionario', request.id, 'asBuilt', [asBuilt])).statusCode).toBe(200);
  expect((await act('permissionario', request.id, 'concluirObras')).statusCode).toBe(200);
  const accepted = await act('analyst', request.id, 'receberObras', {
    changes: { laudoVistoriaFinal: '<p>Obra conforme o projeto.</p>' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect((await itemRow(request.id)).status).toBe('vigente');
  return request;
}

/** The TPEU document of the item: its attachment, current version, public uid and text. */
async function permitOf(itemId: number) {
  const { db } = tpeu.app.database;
  const rows = await db
    .select({
      attachmentId: runtimeAttachments.id,
      version: runtimeAttachmentVersions.version,
      fileId: runtimeAttachmentVersions.fileId,
      fileName: runtimeFiles.fileName,
      uid: publicDocuments.uid,
    })
    .from(runtimeAttachments)
    .innerJoin(runtimeAttachmentVersions, eq(runtimeAttachmentVersions.attachmentId, runtimeAttachments.id))
    .innerJoin(runtimeFiles, eq(runtimeFiles.id, runtimeAttachmentVersions.fileId))
    .innerJoin(publicDocuments, eq(publicDocuments.attachmentId, runtimeAttachments.id))
    .where(eq(runtimeAttachments.itemId, itemId));
  const current = rows
    .filter((row) => row.fileName.startsWith(PERMIT))
    .sort((a, b) => b.version - a.version)[0]!;
  const content = await findFileContent(db, tpeu.app.fileStore, current.fileId);
  return { ...current, text: pdftotext(new Uint8Array(content!)).replace(/\s+/g, ' ') };
}

describe('the renewal of a TPEU in force', () => {
  it('renews an exempt permit: the term moves by the months asked, the TPEU reissued and signed, its QR kept', async () => {
    const request = await inForce(EXEMPT);
    const before = await permitOf(request.id);

    // The months are asked, within the limits; the price is the department's, never the permissionário's.
    const missing = await act('permissionario', request.id, 'solicitarRenovacao');
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('Renovar por (meses)');
    expect((await setField('permissionario', request.id, 'valorRenovacao', 0)).statusCode).toBe(400);
    expect((await setField('permissionario', request.id, 'prazoRenovacaoMeses', 121)).statusCode).toBe(400);
    expect((await setField('permissionario', request.id, 'prazoRenovacaoMeses', 24)).statusCode).toBe(200);
    const asked = await act('permissionario', request.id, 'solicitarRenovacao');
    expect(asked.statusCode, asked.body).toBe(200);
    const waiting = await itemRow(request.id);
    expect(waiting).toMatchObject({ status: 'renovacaoSolicitada' });
    expect(waiting.data.valorRenovacao).toBe(0);
    // The months are fixed while the department decides (the price was computed for them).
    expect((await setField('permissionario', request.id, 'prazoRenovacaoMeses', 120)).statusCode).toBe(400);

    const renewed = await act('analyst', request.id, 'renovar');
    expect(renewed.statusCode, renewed.body).toBe(200);
    const row = await itemRow(request.id);
    expect(row.status).toBe('vigente');
    expect(row.data.fimVigencia).toBe('2033-07-01T03:00:00.000Z');
    expect(row.data.dataRenovacao).toBeTruthy();
    expect(await lastMessageTitle('permissionario')).toBe(`O TPEU ${request.formattedId} foi renovado`);
    const after = await permitOf(request.id);
    expect(after).toMatchObject({
      attachmentId: before.attachmentId,
      uid: before.uid,
      version: before.version + 1,
    });
    expect(after.text).toContain('01/07/2033');
  });

  it("charges a priced renewal at the table's price through the provider, as a fee of its own", async () => {
    const request = await inForce(PRICED);
    const { data } = await itemRow(request.id);
    expect((await setField('permissionario', request.id, 'prazoRenovacaoMeses', 12)).statusCode).toBe(200);
    expect((await act('permissionario', request.id, 'solicitarRenovacao')).statusCode).toBe(200);
    const asked = await itemRow(request.id);
    // Twelve months at the annual price of the table (the same as the permit's: the table has not changed).
    expect(asked.data.valorRenovacao).toBe(data.precoPublicoAnual);

    const unpaid = await act('analyst', request.id, 'renovar');
    expect(unpaid.statusCode).toBe(400);
    expect(JSON.stringify(unpaid.json())).toContain('Cobre a renovação e receba o pagamento');
    expect((await act('analyst', request.id, 'cobrarRenovacao')).statusCode).toBe(200);
    expect((await itemRow(request.id)).status).toBe('renovacaoAguardandoPagamento');
    const chargesBefore = peer.charges.length;
    const paid = await payByPix(request.id);
    // A new charge, for the renewal: the first fee's charge, paid, is not offered again.
    expect(peer.charges.length).toBe(chargesBefore + 1);
    expect(paid).toEqual({ amount: asked.data.valorRenovacao, stage: 'renovacaoAguardandoPagamento' });
    const afterPayment = await itemRow(request.id);
    expect(afterPayment.status).toBe('renovacaoPaga');
    expect(afterPayment.data.dataPagamentoRenovacao).toBeTruthy();

    expect((await act('analyst', request.id, 'renovar')).statusCode).toBe(200);
    expect((await itemRow(request.id)).data.fimVigencia).toBe('2032-07-01T03:00:00.000Z');
  });

  it('refuses a renewal with its reason, keeping the term; a renewal asked in time does not expire', async () => {
    const refused = await inForce(EXEMPT);
    expect((await setField('permissionario', refused.id, 'prazoRenovacaoMeses', 12)).statusCode).toBe(200);
    expect((await act('permissionario', refused.id, 'solicitarRenovacao')).statusCode).toBe(200);
    expect((await act('analyst', refused.id, 'negarRenovacao')).statusCode).toBe(400);
    const denied = await act('analyst', refused.id, 'negarRenovacao', {
      reason: 'Há obra de duplicação prevista no trecho.',
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(await itemRow(refused.id)).toMatchObject({ status: 'vigente' });
    expect((await itemRow(refused.id)).data.fimVigencia).toBe(TERM.fimVigencia);
    expect(await lastMessageTitle('permissionario')).toBe(`Renovação do TPEU ${refused.formattedId} negada`);

    const pending = await inForce(EXEMPT);
    expect((await setField('permissionario', pending.id, 'prazoRenovacaoMeses', 12)).statusCode).toBe(200);
    expect((await act('permissionario', pending.id, 'solicitarRenovacao')).statusCode).toBe(200);
    // A month after the term: the refused one expires, the one whose renewal waits does not.
    await runTpeuDailySteps(tpeu.app.database.db, new Date('2031-08-01T12:00:00.000Z'));
    expect((await itemRow(refused.id)).status).toBe('expirada');
    expect((await itemRow(pending.id)).status).toBe('renovacaoSolicitada');
  });
});
