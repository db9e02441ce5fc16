import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildIssuedAet } from '../../../test/factories/accounts.ts';
import { pdfToText } from '../../../test/helpers/pdf.ts';

const NOW = new Date('2026-05-20T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
});
afterAll(() => app.close());

function validate(uid: string) {
  return app.inject({ method: 'GET', url: `/api/requerente/validarAET?uid=${encodeURIComponent(uid)}` });
}

describe('GET /api/requerente/validarAET', () => {
  it('answers valid with the address of the PDF for a vigente AET within its dates, without a session', async () => {
    const aet = await buildIssuedAet(app);
    const response = await validate(aet.uid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      valid: true,
      fileName: `/api/requerente/aetPdf?uid=${encodeURIComponent(aet.uid)}`,
    });
  });

  it('answers not valid, without an error, for an unknown uid', async () => {
    const response = await validate('uid-que-nao-existe-0000');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ valid: false, fileName: '' });
  });

  it('answers not valid for an AET past its dates, not yet valid, suspended, cancelled or expired', async () => {
    const pastDates = await buildIssuedAet(app, {
      validFrom: new Date(NOW.getTime() - 200 * DAY),
      validUntil: new Date(NOW.getTime() - 1000),
    });
    const future = await buildIssuedAet(app, { validFrom: new Date(NOW.getTime() + DAY) });
    const suspended = await buildIssuedAet(app, { status: 'suspensa' });
    const cancelled = await buildIssuedAet(app, { status: 'cancelada' });
    const expired = await buildIssuedAet(app, { status: 'expirada' });
    for (const aet of [pastDates, future, suspended, cancelled, expired]) {
      const body = (await validate(aet.uid)).json();
      expect(body.valid).toBe(false);
      // The authentic document stays visible to whoever checks it.
      expect(body.fileName).toBe(`/api/requerente/aetPdf?uid=${encodeURIComponent(aet.uid)}`);
    }
  });

  it('does not take the sequential number for the uid', async () => {
    const aet = await buildIssuedAet(app);
    expect((await validate(String(aet.number))).json()).toEqual({ valid: false, fileName: '' });
    expect((await validate(String(aet.id))).json()).toEqual({ valid: false, fileName: '' });
  });

  it('requires the uid', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/requerente/validarAET' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/requerente/aetPdf', () => {
  it('serves the PDF with personal data masked (LGPD)', async () => {
    const aet = await buildIssuedAet(app);
    const response = await app.inject({ method: 'GET', url: `/api/requerente/aetPdf?uid=${aet.uid}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="AET-001287-${aet.year}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfToText(response.rawPayload);
    expect(text).toContain('001287');
    expect(text).toContain('CPF / CNPJ: ***.982.247-**');
    expect(text).not.toContain('529.982.247-25');
  });

  it('answers 404 NOT_FOUND for an unknown uid', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/requerente/aetPdf?uid=desconhecido' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
