import { AET_DEFINITION } from '@der/definitions';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildPeople, type Person } from '../../../test/factories/runtime.ts';
import { insertItems } from '../../../test/fixtures/query-test-fixture.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { demoAetDocuments, demoCrlv } from '../../modules/aet/demo-documents.ts';
import { runtimeAttachments, runtimeAttachmentVersions } from '../attachments/attachments.table.ts';
import { findFileContent } from '../files/files.repo.ts';
import { runtimeItems } from '../items/items.table.ts';
import { pdfsig, pdftotext } from '../signatures/testing/pdf-tools.ts';
import { makeTestPki, type TestPki } from '../signatures/testing/test-pki.ts';

/** The shipped AET request (component 1): 'emitir' numbers it, draws its QR token and generates print layout 1. */
const AET = 1;

let app: FastifyInstance;
let pki: TestPki;
let admin: Person;

beforeAll(async () => {
  pki = makeTestPki();
  app = await buildTestApp({ now: () => new Date('2026-05-20T15:00:00Z') });
  await app.ready();
  await app.services.definitions.importDefinition(AET_DEFINITION, { userId: null });
  ({ admin } = await buildPeople(app, ['admin'], {
    admin: { isAdministrator: true, name: 'Carla Menezes' },
  }));
});
afterAll(async () => {
  await app.close();
  pki.cleanup();
});

/** The AET definition's vehicle (the fleet a request's combination is drawn from). */
const VEHICLE = 6;

/** An approved request ready to be issued (validity and fee given, as the action's rule asks). */
async function approvedRequest(): Promise<number> {
  const db = app.database.db;
  // Each unit with its CRLV and the request with its drawing: the checklist items sending required.
  const vehicle = async (data: Record<string, unknown>) => ({
    componentId: VEHICLE,
    creatorId: admin.id,
    data: { ...data, crlv: await demoCrlv(db, admin.id, data) },
  });
  const fleet = await insertItems(db, [
    await vehicle({ tipoVeiculo: 'cavaloTrator', placa: 'ABC1D23', tara: 9, pbt: 23, cmt: 80 }),
    await vehicle({ tipoVeiculo: 'semirreboque', placa: 'DEF4G56', tara: 12, pbt: 60 }),
  ]);
  const [id] = await insertItems(db, [
    {
      componentId: AET,
      status: 'deferida',
      creatorId: admin.id,
      data: {
        tipoPessoa: 'juridica',
        qualificacaoRequerente: 'transportador',
        engenheiroNome: 'Eng. Paulo Lima',
        engenheiroCrea: 'PR-12345',
        numeroArt: '1720260001234',
        declaracaoVeracidade: true,
        tipoAutorizacao: 'viagemUnica',
        enquadramento: 'cargaIndivisivel',
        requerenteNome: 'GUINDASTES PARANÁ LTDA',
        requerenteCpfCnpj: '11222333000181',
        composicao: fleet,
        placaCavalo: 'ABC1D23',
        comprimentoTotal: 28,
        larguraTotal: 3.2,
        alturaTotal: 4.7,
        pbtc: 74,
        cargaDescricao: 'Transformador de potência',
        origem: 'Curitiba/PR',
        destino: 'Santos/SP',
        trechos: [{ rodovia: 'SP-055', kmInicial: 10, kmFinal: 250 }],
        trajeto: '<p>SP-055 do km 10 ao km 250</p>',
        dataInicioValidade: '2026-05-21T03:00:00.000Z',
        dataFimValidade: '2026-05-28T03:00:00.000Z',
        valorTaxa: 1234.56,
        crlvDasUnidades: true,
        ...(await demoAetDocuments(db, admin.id, { placaCavalo: 'ABC1D23', comprimentoTotal: 28 })),
      },
    },
  ]);
  return id!;
}

async function issue(itemId: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/genericItem/executeTaskAction',
    headers: bearer(admin.token),
    payload: { itemId, componentId: AET, action: 'emitir', version: 1 },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function attachedDocuments(itemId: number) {
  const db = app.database.db;
  const rows = await db
    .select({
      attachmentId: runtimeAttachments.id,
      widgetKey: runtimeAttachments.widgetKey,
      fileId: runtimeAttachmentVersions.fileId,
    })
    .from(runtimeAttachments)
    .innerJoin(runtimeAttachmentVersions, eq(runtimeAttachmentVersions.attachmentId, runtimeAttachments.id))
    .where(and(eq(runtimeAttachments.itemId, itemId), isNull(runtimeAttachments.deletedAt)));
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      pdf: new Uint8Array((await findFileContent(db, app.fileStore, row.fileId))!),
    })),
  );
}

async function historyOf(itemId: number) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/genericItem/getHistoryFull?itemId=${itemId}`,
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().history ?? response.json();
}

describe('the generateDocument effect of issuing an AET', () => {
  it('attaches the AET rendered from the item as saved, unsigned without a department A1, and the history says so', async () => {
    const itemId = await approvedRequest();
    await issue(itemId);
    const [item] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, itemId));
    expect(item!.status).toBe('emitida');
    const uid = String(item!.data.uidValidacao);
    expect(uid).toMatch(/^[0-9a-f]{32}$/);

    const documents = await attachedDocuments(itemId);
    expect(documents).toHaveLength(1);
    expect(documents[0]!.widgetKey).toBe('anexos');
    const pdf = documents[0]!.pdf;
    const text = pdftotext(pdf).replace(/\s+/g, ' ');
    // numeroAet and uidValidacao were set by the same action, before the document was drawn.
    expect(text).toContain(`AUTORIZAÇÃO ESPECIAL DE TRÂNSITO Nº ${item!.formattedId}`);
    expect(text).toContain(`/validarAET?uid=${uid}`);
    expect(text).toContain('GUINDASTES PARANÁ LTDA');
    expect(text).toContain('CPF / CNPJ: 11.222.333/0001-81');
    expect(pdfsig(pdf, pki.nssDir())).toContain('does not contain any signatures');

    const history = JSON.stringify(await historyOf(itemId));
    expect(history).toContain('Documento gerado');
    expect(history).toContain(`Autorização Especial de Trânsito - ${item!.formattedId}.pdf`);
    expect(history).toContain('não assinado: o DER não tem certificado A1 configurado');
  });

  it('signs it with the department A1 once one is set (pdfsig valid and trusted)', async () => {
    const saved = await app.inject({
      method: 'POST',
      url: '/api/admin/departmentCertificate',
      headers: bearer(admin.token),
      payload: { certificate: pki.secondP12.toString('base64'), password: pki.password },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const itemId = await approvedRequest();
    await issue(itemId);
    const [document] = await attachedDocuments(itemId);
    const report = pdfsig(document!.pdf, pki.nssDir());
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Certificate is Trusted');
    expect(JSON.stringify(await historyOf(itemId))).toContain('assinado digitalmente pelo DER');
  });
});
