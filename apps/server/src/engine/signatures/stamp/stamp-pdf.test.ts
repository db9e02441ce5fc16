import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPdf } from '../pades/sign-pdf.ts';
import { pdfsig, pdftotext, samplePdf } from '../testing/pdf-tools.ts';
import { makeTestPki, type TestPki } from '../testing/test-pki.ts';
import { fillStampTemplate, stampPdf, stampUidOf } from './stamp-pdf.ts';

let pki: TestPki;
beforeAll(() => {
  pki = makeTestPki();
});
afterAll(() => pki.cleanup());

const stamp = {
  lines: ['APROVADO — DER — processo nº 2026/0042', 'analista MARIA DA SILVA — 25/11/2026 14:03'],
  uid: 'k3J9xQ',
  checkUrl: 'https://portal.example/validarDocumento?uid=k3J9xQ',
};

describe('stampPdf', () => {
  it('puts the stamp on every page, where pdftotext reads it, and marks the document', async () => {
    const stamped = await stampPdf(await samplePdf(3), stamp);
    for (const page of [1, 2, 3]) {
      const text = pdftotext(stamped, page);
      expect(text).toContain('APROVADO — DER — processo nº 2026/0042');
      expect(text).toContain('analista MARIA DA SILVA');
    }
    expect(stampUidOf(await PDFDocument.load(stamped))).toBe('k3J9xQ');
  });

  it('refuses an already stamped PDF, a non-PDF, a PDF without pages and a signed PDF', async () => {
    const stamped = await stampPdf(await samplePdf(1), stamp);
    await expect(stampPdf(stamped, { ...stamp, fileName: 'a.pdf' })).rejects.toMatchObject({
      code: 'STAMP_ALREADY_STAMPED',
      details: { params: { name: 'a.pdf' } },
    });
    await expect(stampPdf(Buffer.from('PK\u0003\u0004 a zip'), stamp)).rejects.toMatchObject({
      code: 'STAMP_NOT_PDF',
    });
    // Starts like a PDF, but has no pages to stamp.
    const pageless = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
    await expect(stampPdf(pageless, stamp)).rejects.toMatchObject({ code: 'STAMP_NOT_PDF' });
    const signed = await signPdf(await samplePdf(1), {
      reason: 'r',
      location: 'l',
      p12: pki.p12,
      password: pki.password,
    });
    await expect(stampPdf(signed.pdf, stamp)).rejects.toMatchObject({ code: 'STAMP_AFTER_SIGNATURE' });
  });

  it('stamp first, then sign: the signature is valid and the stamp stays', async () => {
    const stamped = await stampPdf(await samplePdf(2), stamp);
    const signed = await signPdf(stamped, {
      reason: 'r',
      location: 'l',
      p12: pki.p12,
      password: pki.password,
    });
    expect(pdfsig(signed.pdf, pki.nssDir())).toContain('Signature is Valid');
    expect(pdftotext(signed.pdf, 2)).toContain('APROVADO');
    expect(stampUidOf(await PDFDocument.load(signed.pdf))).toBe('k3J9xQ');
  });
});

describe('fillStampTemplate', () => {
  it('fills {{key}} placeholders line by line and leaves unknown keys empty', () => {
    const values: Record<string, string> = { FormattedID: '2026/7', ActorName: 'ANA' };
    expect(
      fillStampTemplate(
        'APROVADO — processo nº {{FormattedID}}\nanalista {{ ActorName }} {{Missing}}',
        (key) => values[key] ?? '',
      ),
    ).toEqual(['APROVADO — processo nº 2026/7', 'analista ANA']);
  });
});
