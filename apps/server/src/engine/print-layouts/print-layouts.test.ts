import { AET_DEFINITION } from '@der/definitions';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { grantApplication } from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { insertItems } from '../../../test/fixtures/query-test-fixture.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { pdfToText } from '../../../test/helpers/pdf.ts';

/** The shipped AET: component 1 the request (print layout 1, the AET), component 6 its vehicles. */
const AET = 1;
const VEICULO = 6;
const UID = '9f3c2a7b41d84e0fa1b2c3d4e5f60718';

let app: FastifyInstance;
let tokenA = '';
let tokenB = '';
let aetOfA = 0;
let adminToken = '';

const AET_VALUES = {
  tipoAutorizacao: 'periodo',
  enquadramento: 'cvc',
  requerenteNome: 'TRANSLOG CERRADO TRANSPORTES RODOVIÁRIOS LTDA',
  requerenteCpfCnpj: '48271653000131',
  placaCavalo: 'FTR4G21',
  comprimentoTotal: 25,
  larguraTotal: 2.6,
  alturaTotal: 4.4,
  pbtc: 74,
  numeroEixos: 9,
  cargaDescricao: 'Soja em grãos, a granel',
  cargaIndivisivel: false,
  cargaPerigosa: false,
  cargaPeso: 48.5,
  origem: 'Ribeirão Preto/SP',
  destino: 'Guarujá/SP',
  rodovia: 'SP-330',
  kmInicial: 318,
  kmFinal: 103,
  trajeto: '<p>SP-330 km 318 ao km 103</p><p>SP-348 km 93 ao km 22</p>',
  retornoVazio: true,
  dataInicioValidade: '2026-05-20T03:00:00.000Z',
  dataFimValidade: '2027-05-19T03:00:00.000Z',
  numeroAet: 'AET-2026-000123',
  uidValidacao: UID,
  condicoesTransito:
    '<ul><li>Trânsito somente no período diurno.</li><li>Velocidade máxima de 60 km/h.</li></ul>',
};

beforeAll(async () => {
  app = await buildTestApp({ now: () => new Date('2026-05-20T15:00:00Z') });
  await app.ready();
  const db = app.database.db;
  await app.services.definitions.importDefinition(AET_DEFINITION, { userId: null });
  const a = await buildUser(db, { kind: 'requerente', loginPage: '/aet' });
  const b = await buildUser(db, { kind: 'requerente', loginPage: '/aet' });
  await grantApplication(db, AET, [a.id, b.id]);
  tokenA = await signIn(app, a);
  tokenB = await signIn(app, b);
  adminToken = await signIn(app, await buildUser(db, { isAdministrator: true }));
  const vehicles = await insertItems(db, [
    {
      componentId: VEICULO,
      creatorId: a.id,
      data: {
        tipoVeiculo: 'cavaloTrator',
        placa: 'FTR4G21',
        renavam: '11873455202',
        numeroEixos: 3,
        pbt: 23.5,
      },
    },
    {
      componentId: VEICULO,
      creatorId: a.id,
      data: {
        tipoVeiculo: 'semirreboque',
        placa: 'BSE2J47',
        renavam: '11873455385',
        numeroEixos: 3,
        pbt: 25.25,
      },
    },
  ]);
  const [created] = await insertItems(db, [
    { componentId: AET, status: 'emitida', creatorId: a.id, data: { ...AET_VALUES, composicao: vehicles } },
  ]);
  aetOfA = created ?? 0;
});
afterAll(() => app.close());

const view = (token: string, query: string) =>
  app.inject({ method: 'GET', url: `/api/PrintLayoutViewer?${query}`, headers: bearer(token) });

describe('GET /api/PrintLayoutViewer', () => {
  it('renders the AET layout of the requerente’s own request as a PDF', async () => {
    const response = await view(tokenA, `itemId=${aetOfA}&printLayoutId=1&token=ignored&language=pt-BR`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('inline');
    const text = (await pdfToText(response.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('AUTORIZAÇÃO ESPECIAL DE TRÂNSITO Nº AET-2026-000123');
    expect(text).toContain('Por período');
    expect(text).toContain('TRANSLOG CERRADO TRANSPORTES RODOVIÁRIOS LTDA');
    expect(text).toContain('CPF / CNPJ: 48.271.653/0001-31');
    expect(text).toContain('Validade: de 20/05/2026 a 19/05/2027');
    // The combination's vehicles, in the order the request links them, formatted.
    expect(text).toMatch(
      /Cavalo-trator FTR4G21 11873455202 3 23,50 Semirreboque BSE2J47 11873455385 3 25,25/,
    );
    expect(text).toContain('Comprimento total: 25,00 m');
    expect(text).toContain('PBTC: 74,00 t');
    expect(text).toContain('Soja em grãos, a granel');
    expect(text).toContain('SP-330 km 318 ao km 103 SP-348 km 93 ao km 22');
    expect(text).toContain('• Trânsito somente no período diurno.');
    expect(text).toContain(`/validarAET?uid=${UID}`);
    expect(text).toContain('Emitida em: 20/05/2026 12:00 (horário de Brasília)');
    expect(text).toContain('Página 1 de 1');
    const doc = await PDFDocument.load(response.rawPayload);
    expect(doc.getTitle()).toBe('Autorização Especial de Trânsito');
  });

  it('writes the layout in the language asked for', async () => {
    const response = await view(tokenA, `itemId=${aetOfA}&printLayoutId=1&language=en`);
    const text = (await pdfToText(response.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('SPECIAL TRANSIT AUTHORISATION No. AET-2026-000123');
    expect(text).toContain('Page 1 of 1');
  });

  it('answers 404 to another requerente, as for an unknown item or layout', async () => {
    const other = await view(tokenB, `itemId=${aetOfA}&printLayoutId=1`);
    expect(other.statusCode).toBe(404);
    expect((await view(tokenA, 'itemId=999999&printLayoutId=1')).statusCode).toBe(404);
    expect((await view(tokenA, `itemId=${aetOfA}&printLayoutId=77`)).statusCode).toBe(404);
  });

  it('refuses a bad query naming the parameter and an anonymous caller', async () => {
    const bad = await view(tokenA, 'itemId=abc&printLayoutId=1');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('itemId');
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/PrintLayoutViewer?itemId=${aetOfA}&printLayoutId=1`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/admin/printLayouts/preview', () => {
  const edited = (title: string) => ({
    id: 1,
    name: { 'pt-BR': 'Rascunho', en: 'Draft' },
    template: {
      basePdf: { width: 210, height: 297, padding: [10, 10, 10, 10] },
      schemas: [
        [
          {
            type: 'text',
            name: 'titulo',
            position: { x: 10, y: 10 },
            width: 190,
            height: 10,
            binding: { kind: 'template', text: { 'pt-BR': `${title} {{requerenteNome}}`, en: title } },
          },
        ],
      ],
    },
  });
  const preview = (token: string, payload: object) =>
    app.inject({ method: 'POST', url: '/api/admin/printLayouts/preview', headers: bearer(token), payload });

  it('draws an unsaved layout over a real item for an administrator', async () => {
    const response = await preview(adminToken, { itemId: aetOfA, layout: edited('Prévia de') });
    expect(response.statusCode, response.body).toBe(200);
    const text = (await pdfToText(response.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Prévia de TRANSLOG CERRADO TRANSPORTES RODOVIÁRIOS LTDA');
  });

  it('refuses a layout that breaks the schema, naming the field, and anyone but an administrator', async () => {
    const broken = edited('x');
    (broken.template.schemas[0]![0] as { width: number }).width = -5;
    const bad = await preview(adminToken, { itemId: aetOfA, layout: broken });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('width');
    expect((await preview(tokenA, { itemId: aetOfA, layout: edited('x') })).statusCode).toBe(403);
  });
});
