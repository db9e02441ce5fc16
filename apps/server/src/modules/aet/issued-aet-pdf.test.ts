import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { pdfToText } from '../../../test/helpers/pdf.ts';
import type { Db } from '../../infra/db/database.ts';
import {
  buildDemoAet,
  describeConditions,
  formatAetNumber,
  type IssuedAetDocument,
} from '../documents/aet-document.ts';
import { renderIssuedAetPdf } from './issued-aet-pdf.ts';

const PUBLIC_URL = 'https://aet.der.example.gov.br';
const issuedAt = new Date('2026-11-20T17:32:00Z');

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  // No AET application installed: the shipped AET definition's layout draws the document.
  app = await buildTestApp();
  db = app.database.db;
});
afterAll(() => app.close());

async function render(aet: IssuedAetDocument, maskPersonalData = false, signed = false) {
  const { pdf } = await renderIssuedAetPdf(db, aet, { publicUrl: PUBLIC_URL, maskPersonalData, signed });
  const raw = await pdfToText(pdf);
  return { doc: await PDFDocument.load(pdf), raw, text: raw.replace(/\s+/g, ' ') };
}

describe('the issued AET drawn by the AET definition’s print layout', () => {
  const uid = randomBytes(16).toString('hex');
  const aet = buildDemoAet(uid, issuedAt);
  const url = `${PUBLIC_URL}/validarAET?uid=${uid}`;

  it('has the number, type, validity, requerente, combination, dimensions, cargo, route and issue', async () => {
    const { doc, text } = await render(aet);
    expect(doc.getTitle()).toBe('Autorização Especial de Trânsito');
    expect(doc.getSubject()).toBe(`AET nº ${formatAetNumber(aet)}`);
    expect(text).toContain('AUTORIZAÇÃO ESPECIAL DE TRÂNSITO Nº 001287/2026');
    expect(text).toContain('Por período');
    expect(text).toContain(aet.legalFraming);
    expect(text).toContain('Validade: de 20/11/2026 a 19/11/2027');
    expect(text).toContain(`Protocolo: ${aet.protocol}`);
    expect(text).toContain('TRANSLOG CERRADO TRANSPORTES RODOVIÁRIOS LTDA');
    expect(text).toContain('CPF / CNPJ: 48.271.653/0001-31');
    for (const unit of aet.combination) {
      expect(text).toContain(unit.plate);
      expect(text).toContain(unit.renavam);
      expect(text).toContain(unit.kind);
    }
    expect(text).toContain('Comprimento total: 25,00 m');
    expect(text).toContain('PBTC: 74,00 t');
    expect(text).toContain('Soja em grãos, a granel');
    expect(text).toContain('Peso da carga: 48,50 t');
    for (const segment of aet.route.segments) {
      expect(text).toContain(segment.road);
      expect(text).toContain(segment.segment);
    }
    expect(text).toContain('Origem: Ribeirão Preto/SP (Distrito Industrial)');
    expect(text).toContain('Retorno vazio: Sim');
    expect(text).toContain('Emitida em: 20/11/2026 14:32 (horário de Brasília)');
    expect(text).toContain('verificável digitalmente');
  });

  it('prints the conditions as given and the validation URL beneath the QR code', async () => {
    const { raw, text } = await render(aet);
    // A long sentence wraps: compare without the spaces pdftotext puts at line ends.
    const compact = text.replace(/\s/g, '');
    for (const sentence of describeConditions(aet.conditions))
      expect(compact).toContain(sentence.replace(/\s/g, ''));
    expect(text).toContain('não superior a 60 km/h');
    const lines = raw.split('\n').map((line) => line.trim());
    expect(lines).toContain(url);
  });

  it('says it is signed only when it will be', async () => {
    expect((await render(aet)).text).not.toContain('assinado digitalmente');
    expect((await render(aet, false, true)).text).toContain('Documento assinado digitalmente pelo DER');
  });

  it('masks a person’s CPF on request and shows it whole otherwise', async () => {
    const person: IssuedAetDocument = {
      ...aet,
      requerente: { name: 'JOÃO DA SILVA', document: '52998224725' },
    };
    expect((await render(person)).text).toContain('CPF / CNPJ: 529.982.247-25');
    const masked = (await render(person, true)).text;
    expect(masked).toContain('CPF / CNPJ: ***.982.247-**');
    expect(masked).not.toContain('529.982.247-25');
  });

  it('continues a long route on the next pages, numbered', async () => {
    const long: IssuedAetDocument = {
      ...aet,
      kind: 'viagem-unica',
      cargo: { description: 'Transformador de potência', indivisible: true, weightT: 120, unNumber: '2794' },
      conditions: { ...aet.conditions, escort: { kind: 'policial', vehicles: 2 }, centred: true, other: [] },
      route: {
        ...aet.route,
        segments: Array.from({ length: 60 }, (_, i) => ({
          road: `SP-${String(100 + i)}`,
          kmStart: i * 10,
          kmEnd: i * 10 + 9.5,
          segment: `Trecho ${i + 1}`,
        })),
      },
    };
    const { doc, text, raw } = await render(long);
    const pages = doc.getPageCount();
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(raw.split('\f').filter((page) => page.trim() !== '')).toHaveLength(pages);
    expect(text).toContain('Viagem única');
    expect(text).toContain('escolta policial (2 veículos)');
    expect(text).toContain('Nº ONU: 2794');
    expect(text).toContain('SP-159, km 590 a 599,5: Trecho 60');
    expect(text).toContain(`Página ${pages} de ${pages}`);
  });
});
