import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { pdfToText, rgbImages } from '../../../test/helpers/pdf.ts';
import { aetValidationUrl, buildDemoAet, formatAetNumber, type IssuedAetDocument } from './aet-document.ts';
import { describeConditions, renderAetPdf } from './aet-pdf.ts';

const PUBLIC_URL = 'https://aet.der.example.gov.br';
const issuedAt = new Date('2026-11-20T17:32:00Z');

async function render(aet: IssuedAetDocument, maskPersonalData = false) {
  const bytes = await renderAetPdf(aet, { publicUrl: PUBLIC_URL, maskPersonalData });
  const raw = await pdfToText(bytes);
  // Table cells wrap: compare against the text with runs of whitespace collapsed.
  return { bytes, doc: await PDFDocument.load(bytes), raw, text: raw.replace(/\s+/g, ' ') };
}

describe('buildDemoAet', () => {
  it('uses the uid given by the caller and dates from the issue instant', () => {
    const uid = randomBytes(16).toString('hex');
    const aet = buildDemoAet(uid, issuedAt);
    expect(aet.uid).toBe(uid);
    expect(aet.year).toBe(2026);
    expect(aet.validFrom).toBe('2026-11-20');
    expect(aet.validUntil).toBe('2027-11-19');
    expect(aet.issuedAt).toBe(issuedAt.toISOString());
    expect(JSON.parse(JSON.stringify(aet))).toEqual(aet);
  });

  it('keeps the validity within 12 months from 29 February', () => {
    const aet = buildDemoAet('x', new Date('2028-02-29T15:00:00Z'));
    expect([aet.validFrom, aet.validUntil]).toEqual(['2028-02-29', '2029-02-28']);
  });
});

describe('aetValidationUrl', () => {
  it('joins the public address and the uid', () => {
    expect(aetValidationUrl('http://localhost:3000/', 'ab12')).toBe(
      'http://localhost:3000/validarAET?uid=ab12',
    );
  });
});

describe('renderAetPdf', () => {
  const uid = randomBytes(16).toString('hex');
  const aet = buildDemoAet(uid, issuedAt);
  const url = `${PUBLIC_URL}/validarAET?uid=${uid}`;

  it('produces a loadable PDF with the number, requerente, plates, dimensions and route', async () => {
    const { doc, text } = await render(aet);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe(`AET nº ${formatAetNumber(aet)}`);
    expect(text).toContain(`AUTORIZAÇÃO ESPECIAL DE TRÂNSITO Nº ${formatAetNumber(aet)}`);
    expect(text).toContain('001287/2026');
    expect(text).toContain('Por período');
    expect(text).toContain('Resolução CONTRAN nº 882/2021');
    expect(text).toContain('de 20/11/2026 a 19/11/2027');
    expect(text).toContain('TRANSLOG CERRADO TRANSPORTES RODOVIÁRIOS LTDA');
    expect(text).toContain('CNPJ 48.271.653/0001-31');
    for (const unit of aet.combination) {
      expect(text).toContain(unit.plate);
      expect(text).toContain(unit.renavam);
    }
    expect(text).toContain('25,00 m');
    expect(text).toContain('74,00 t');
    expect(text).toContain('Soja em grãos, a granel');
    for (const segment of aet.route.segments) {
      expect(text).toContain(segment.road);
      expect(text).toContain(segment.segment);
    }
    expect(text).toContain('318');
    expect(text).toContain('Ribeirão Preto/SP (Distrito Industrial)');
    expect(text).toContain('20/11/2026 14:32');
    expect(text).toContain(aet.issuer.authority);
    expect(text).toContain('verificável digitalmente');
  });

  it('prints the conditions as given', async () => {
    const { text: flat } = await render(aet);
    for (const sentence of describeConditions(aet.conditions)) expect(flat).toContain(sentence);
    expect(flat).toContain('somente no período diurno');
    expect(flat).toContain('não superior a 60 km/h');
  });

  it('prints the validation URL, with the given uid, alone on the line beneath the QR code', async () => {
    const { raw } = await render(aet);
    const lines = raw.split('\n').map((line) => line.trim());
    expect(lines).toContain(url);
    expect(lines.filter((line) => line.includes('validarAET'))).toEqual([url]);
  });

  it('embeds a QR code image that encodes exactly the validation URL', async () => {
    const { doc } = await render(aet);
    const images = rgbImages(doc);
    expect(images).toHaveLength(1);
    const image = images[0]!;
    // No QR decoder is installed: compare the image's modules with the QR matrix of the expected URL,
    // using the same parameters as the renderer (margin 2, scale 6, level M).
    const matrix = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    const margin = 2;
    const scale = image.width / (matrix.size + 2 * margin);
    expect(image.width).toBe(image.height);
    expect(Number.isInteger(scale)).toBe(true);
    let mismatches = 0;
    for (let row = 0; row < matrix.size; row++) {
      for (let col = 0; col < matrix.size; col++) {
        const x = Math.floor((col + margin + 0.5) * scale);
        const y = Math.floor((row + margin + 0.5) * scale);
        const dark = (image.pixels[(y * image.width + x) * 3] ?? 255) < 128;
        if (dark !== Boolean(matrix.get(row, col))) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
    // And not the QR of another uid.
    const other = QRCode.create(aetValidationUrl(PUBLIC_URL, randomBytes(16).toString('hex')), {
      errorCorrectionLevel: 'M',
    }).modules;
    expect(Buffer.from(other.data).equals(Buffer.from(matrix.data))).toBe(false);
  });

  it('masks a person’s CPF on request and shows it whole otherwise', async () => {
    const person: IssuedAetDocument = {
      ...aet,
      requerente: { name: 'JOÃO DA SILVA', document: '52998224725' },
    };
    expect((await render(person)).text).toContain('CPF 529.982.247-25');
    const masked = (await render(person, true)).text;
    expect(masked).toContain('CPF ***.982.247-**');
    expect(masked).not.toContain('529.982.247-25');
  });

  it('renders escorts, optional fields and long routes across pages', async () => {
    const long: IssuedAetDocument = {
      ...aet,
      kind: 'viagem-unica',
      protocol: null,
      cargo: { description: 'Transformador de potência', indivisible: true, weightT: 120, unNumber: '2794' },
      conditions: { ...aet.conditions, escort: { kind: 'policial', vehicles: 2 }, centred: true, other: [] },
      issuer: { ...aet.issuer, officer: null },
      route: {
        ...aet.route,
        segments: Array.from({ length: 40 }, (_, i) => ({
          road: `SP-${String(100 + i)}`,
          kmStart: i * 10,
          kmEnd: i * 10 + 9.5,
          segment: `Trecho ${i + 1}`,
        })),
      },
    };
    const { doc, text } = await render(long);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Viagem única');
    expect(text).toContain('escolta policial (2 veículos)');
    expect(text).toContain('Sim - ONU 2794');
    expect(text).toContain('SP-139');
    expect(text).toContain('9,5');
    expect(text).toContain(`Página ${doc.getPageCount()} de ${doc.getPageCount()}`);
  });
});
