import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';

async function samplePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText('Termo de uso v2');
  return Buffer.from(await document.save());
}

describe('administration: terms of use', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let requerenteToken: string;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const admin = await buildUser(app.database.db, { isAdministrator: true, hasPanelAdminPermission: true });
    const requerente = await buildUser(app.database.db, { kind: 'requerente', loginPage: '/aet' });
    adminToken = await signIn(app, admin);
    requerenteToken = await signIn(app, requerente);
  });
  afterAll(() => app.close());

  it.each([
    ['POST', '/api/admin/terms/publish', { contentBase64: 'JVBERi0=' }],
    ['GET', '/api/admin/terms/list', undefined],
    ['GET', '/api/admin/terms/download?version=1', undefined],
  ] as const)(
    'refuses %s %s to a requerente (403) and to anonymous callers (401)',
    async (method, url, payload) => {
      const asRequerente = await app.inject({ method, url, headers: bearer(requerenteToken), payload });
      expect(asRequerente.statusCode).toBe(403);
      const anonymous = await app.inject({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  const publish = (contentBase64: string) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/terms/publish',
      headers: bearer(adminToken),
      payload: { fileName: 'termo.pdf', contentBase64 },
    });

  it('refuses content that is not a PDF, whatever its name', async () => {
    const text = await publish(Buffer.from('não sou um PDF').toString('base64'));
    expect(text.statusCode).toBe(400);
    expect(text.json().details).toEqual([expect.objectContaining({ field: 'body.contentBase64' })]);
    // Starts like a PDF but does not parse.
    const fake = await publish(Buffer.from('%PDF-1.7\nlixo').toString('base64'));
    expect(fake.statusCode).toBe(400);
    expect(await app.services.terms.currentVersion()).toBe(1);
  });

  it('publishes a PDF as the next version and lists versions with acceptance counts', async () => {
    const pdf = await samplePdf();
    const published = await publish(`data:application/pdf;base64,${pdf.toString('base64')}`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      version: 2,
      current: true,
      acceptances: 0,
      sizeBytes: pdf.length,
    });
    expect(await app.services.terms.currentVersion()).toBe(2);

    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/terms/list',
      headers: bearer(adminToken),
    });
    expect(list.statusCode).toBe(200);
    const versions = list.json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[1]).toMatchObject({ version: 1, current: false });
    expect(versions[1].acceptances).toBeGreaterThanOrEqual(0);
    expect(typeof versions[0].publishedAt).toBe('string');

    const download = await app.inject({
      method: 'GET',
      url: '/api/admin/terms/download?version=2',
      headers: bearer(adminToken),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });
});
