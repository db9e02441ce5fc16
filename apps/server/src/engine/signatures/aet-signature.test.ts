import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildIssuedAet } from '../../../test/factories/accounts.ts';
import { buildPeople } from '../../../test/factories/runtime.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { pdfsig, pdftotext } from './testing/pdf-tools.ts';
import { makeTestPki, type TestPki } from './testing/test-pki.ts';

let app: FastifyInstance;
let pki: TestPki;
beforeAll(async () => {
  pki = makeTestPki();
  app = await buildTestApp({ now: () => new Date('2026-05-20T15:00:00Z') });
});
afterAll(async () => {
  await app.close();
  pki.cleanup();
});

describe('the AET PDF and the department A1', () => {
  it('claims no signature while no department certificate is set, and is really signed once one is', async () => {
    const aet = await buildIssuedAet(app);
    const fetchPdf = async () =>
      (await app.inject({ method: 'GET', url: `/api/requerente/aetPdf?uid=${aet.uid}` })).rawPayload;

    const unsigned = await fetchPdf();
    expect(pdfsig(unsigned, pki.nssDir())).toContain('does not contain any signatures');
    const unsignedText = pdftotext(unsigned).replace(/\s+/g, ' ');
    expect(unsignedText).toContain('Documento emitido eletronicamente pelo DER');
    expect(unsignedText).not.toContain('assinado digitalmente');

    const { admin } = await buildPeople(app, ['admin'], { admin: { isAdministrator: true } });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/admin/departmentCertificate',
      headers: bearer(admin.token),
      payload: { certificate: pki.secondP12.toString('base64'), password: pki.password },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const signed = await fetchPdf();
    const report = pdfsig(signed, pki.nssDir());
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Certificate is Trusted');
    expect(pdftotext(signed).replace(/\s+/g, ' ')).toContain('assinado digitalmente pelo DER');
  });
});
