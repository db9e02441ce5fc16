import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { insertFile } from '../../engine/files/files.repo.ts';
import { runtimeFiles } from '../../engine/files/files.table.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { applications } from '../applications/applications.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { BYTES_PER_MIB, storageUsedBytes } from './plan-usage.ts';

/** A valid one-page PDF padded (in its metadata) to about `bytes`. */
async function pdfOfSize(bytes: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText('Termo de uso');
  document.setSubject('x'.repeat(bytes));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

describe('administration: contracted plan', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let requerenteToken: string;

  const call = (method: 'GET' | 'POST', url: string, payload?: object, language = 'pt-BR') =>
    app.inject({ method, url, payload, headers: { ...bearer(adminToken), 'accept-language': language } });
  const getPlan = async () => (await call('GET', '/api/admin/getPlan')).json();
  /** Saves the current plan with some limits changed. */
  const savePlan = async (changes: Record<string, unknown>, language = 'pt-BR') => {
    const { name, maxUsers, maxApplications, maxStorageMiB } = await getPlan();
    return call(
      'POST',
      '/api/admin/savePlan',
      { name, maxUsers, maxApplications, maxStorageMiB, ...changes },
      language,
    );
  };

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const admin = await buildUser(app.database.db, { isAdministrator: true, hasPanelAdminPermission: true });
    const requerente = await buildUser(app.database.db, { kind: 'requerente', loginPage: '/aet' });
    adminToken = await signIn(app, admin);
    requerenteToken = await signIn(app, requerente);
  });
  afterAll(() => app.close());
  // Each test starts from generous limits.
  beforeEach(async () => {
    const reset = await savePlan({ maxUsers: 500, maxApplications: 20, maxStorageMiB: 10240 });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it.each([
    ['GET', '/api/admin/getPlan', undefined],
    ['POST', '/api/admin/savePlan', { name: 'X', maxUsers: 1, maxApplications: 1, maxStorageMiB: 1 }],
  ] as const)(
    'refuses %s %s to a requerente (403) and to anonymous callers (401)',
    async (method, url, payload) => {
      const asRequerente = await app.inject({ method, url, headers: bearer(requerenteToken), payload });
      expect(asRequerente.statusCode).toBe(403);
      const anonymous = await app.inject({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  it('reports the limits and the usage: active users, applications and stored bytes', async () => {
    const before = await getPlan();
    expect(before).toMatchObject({ maxUsers: 500, maxApplications: 20, maxStorageMiB: 10240 });
    // The shipped terms of use v1 are stored.
    expect(before.usage.storageUsedBytes).toBeGreaterThan(0);
    expect(before.usage.storageNote).toContain('PDFs');

    const disabled = await buildUser(app.database.db, { disabled: true });
    await buildUser(app.database.db);
    await app.database.db.insert(applications).values({ name: `Plano ${disabled.id}` });
    const after = await getPlan();
    expect(after.usage.activeUsers).toBe(before.usage.activeUsers + 1);
    expect(after.usage.applications).toBe(before.usage.applications + 1);
    expect((await call('GET', '/api/admin/getPlan', undefined, 'en')).json().usage.storageNote).toContain(
      'Sum of the stored PDFs',
    );
  });

  it('saves the limits and audits what changed', async () => {
    const saved = await savePlan({ name: 'Plano Ampliado', maxUsers: 900 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Plano Ampliado', maxUsers: 900, usage: expect.any(Object) });
    const audits = (await app.database.db.select().from(auditLog)).filter(
      (row) => row.action === 'admin.plan.saved',
    );
    expect(audits.at(-1)?.details).toMatchObject({
      name: { after: 'Plano Ampliado' },
      maxUsers: { before: 500, after: 900 },
    });
  });

  it('refuses invalid limits per field (zod schema)', async () => {
    const response = await call('POST', '/api/admin/savePlan', {
      name: ' ',
      maxUsers: 0,
      maxApplications: 1.5,
      maxStorageMiB: 2_000_000_000,
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.map((issue: { field: string }) => issue.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.name', 'body.maxUsers', 'body.maxApplications', 'body.maxStorageMiB']),
    );
    const messageOf = (field: string) =>
      response.json().details.find((issue: { field: string }) => issue.field === field)?.message;
    expect(messageOf('body.name')).toBe('Obrigatório');
    expect(messageOf('body.maxUsers')).toBe('O valor do campo deve estar entre 1 e 10000000');
    expect(messageOf('body.maxApplications')).toBe('Valor inválido');
  });

  it('refuses limits below the current usage, naming each field in the language asked', async () => {
    const { usage } = await getPlan();
    const refused = await savePlan({ maxUsers: usage.activeUsers - 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    expect(refused.json().details).toEqual([
      {
        field: 'body.maxUsers',
        message: `O máximo de usuários não pode ser menor que o número de usuários ativos (${usage.activeUsers})`,
      },
    ]);
    expect((await getPlan()).maxUsers).toBe(500);

    await app.database.db.insert(applications).values([{ name: 'A1' }, { name: 'A2' }]);
    const applicationsInUse = (await getPlan()).usage.applications;
    const english = await savePlan({ maxApplications: applicationsInUse - 1 }, 'en');
    expect(english.json().details).toEqual([
      {
        field: 'body.maxApplications',
        message: `The maximum of applications cannot be lower than the number of existing applications (${applicationsInUse})`,
      },
    ]);
    // Equal to the usage is allowed: nothing more fits, nothing is over.
    expect(
      (await savePlan({ maxUsers: usage.activeUsers, maxApplications: applicationsInUse })).statusCode,
    ).toBe(200);
  });

  it('refuses a storage limit below the stored bytes, in MiB rounded up', async () => {
    const stored = await pdfOfSize(BYTES_PER_MIB + 1000);
    await app.services.terms.publish(stored);
    const usedMiB = Math.ceil((await getPlan()).usage.storageUsedBytes / BYTES_PER_MIB);
    expect(usedMiB).toBeGreaterThanOrEqual(2);
    const refused = await savePlan({ maxStorageMiB: usedMiB - 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      {
        field: 'body.maxStorageMiB',
        message: `O armazenamento máximo não pode ser menor que o espaço já em uso (${usedMiB} MiB)`,
      },
    ]);
    expect((await savePlan({ maxStorageMiB: usedMiB })).statusCode).toBe(200);
  });

  describe('assertCanAddApplications', () => {
    const tryAdding = (count: number) =>
      app.database.db.transaction(async (tx) => {
        await app.services.plan.assertCanAddApplications(tx, count);
        await tx
          .insert(applications)
          .values(Array.from({ length: count }, () => ({ name: `Importada ${randomUUID()}` })));
      });

    it('lets applications in up to the limit and refuses the ones beyond it, inserting none', async () => {
      const existing = (await getPlan()).usage.applications;
      expect((await savePlan({ maxApplications: existing + 2 })).statusCode).toBe(200);

      const tooMany = await tryAdding(3).catch((error: unknown) => error);
      expect(tooMany).toBeInstanceOf(AppError);
      expect(tooMany).toMatchObject({
        code: 'PLAN_LIMIT_REACHED',
        statusCode: 409,
        details: { params: { variant: 'maxApplications', limit: String(existing + 2) } },
      });
      expect((await getPlan()).usage.applications).toBe(existing);

      await tryAdding(2);
      expect((await getPlan()).usage.applications).toBe(existing + 2);
      await expect(tryAdding(1)).rejects.toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
      // Asking for none never fails, even at the limit.
      await expect(
        app.database.db.transaction((tx) => app.services.plan.assertCanAddApplications(tx, 0)),
      ).resolves.toBeUndefined();
    });
  });

  describe('assertCanStoreBytes', () => {
    /** A stored file (an issued AET's signed PDF is one: the attachment of its request) of `bytes` bytes. */
    const storeFile = (db: Db, bytes: number) =>
      insertFile(db, app.fileStore, {
        uploadedBy: null,
        fileName: 'AET.pdf',
        mediaType: 'application/pdf',
        content: randomBytes(bytes),
      });
    /** Limits the storage to the usage rounded up to whole MiB; the bytes still free. */
    const limitStorageToUsage = async () => {
      const used = await storageUsedBytes(app.database.db);
      const limitMiB = Math.ceil(used / BYTES_PER_MIB);
      expect((await savePlan({ maxStorageMiB: limitMiB })).statusCode).toBe(200);
      return limitMiB * BYTES_PER_MIB - used;
    };

    it('allows exactly the free room and refuses one byte more', async () => {
      const room = await limitStorageToUsage();
      const check = (bytes: number) =>
        app.database.db.transaction((tx) => app.services.plan.assertCanStoreBytes(tx, bytes));
      await expect(check(room)).resolves.toBeUndefined();
      await expect(check(room + 1)).rejects.toMatchObject({
        code: 'PLAN_LIMIT_REACHED',
        details: { params: { variant: 'maxStorageMiB', requestedBytes: String(room + 1) } },
      });
    });

    it('refuses a terms-of-use upload beyond the storage limit with a translated 409, storing nothing', async () => {
      const room = await limitStorageToUsage();
      // A file fills the storage up to 1 000 bytes below the limit: a small PDF is then too much.
      await storeFile(app.database.db, room - 1000);
      const pdf = await pdfOfSize(10_000);
      const versionBefore = await app.services.terms.currentVersion();
      const upload = (language: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/terms/publish',
          headers: { ...bearer(adminToken), 'accept-language': language },
          payload: { fileName: 'termo.pdf', contentBase64: pdf.toString('base64') },
        });

      const pt = await upload('pt-BR');
      expect(pt.statusCode).toBe(409);
      expect(pt.json().code).toBe('PLAN_LIMIT_REACHED');
      const { maxStorageMiB } = await getPlan();
      expect(pt.json().Message).toBe(
        `O plano contratado permite armazenar no máximo ${maxStorageMiB} MiB de arquivos, e este arquivo ultrapassaria o limite. Libere espaço ou amplie o plano.`,
      );
      const en = await upload('en');
      expect(en.json().Message).toContain(`at most ${maxStorageMiB} MiB of files`);
      expect(await app.services.terms.currentVersion()).toBe(versionBefore);

      // With a larger plan the same upload goes through.
      expect((await savePlan({ maxStorageMiB: maxStorageMiB + 1 })).statusCode).toBe(200);
      expect((await upload('pt-BR')).statusCode).toBe(200);
    });

    it('refuses storing a file (an issued AET’s PDF) that does not fit, inside the caller transaction', async () => {
      const room = await limitStorageToUsage();
      const countBefore = (await app.database.db.select().from(runtimeFiles)).length;
      const refused = app.database.db.transaction(async (tx) => {
        await storeFile(tx, room + 1);
      });
      await expect(refused).rejects.toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
      expect((await app.database.db.select().from(runtimeFiles)).length).toBe(countBefore);

      await storeFile(app.database.db, Math.min(room, 3000));
      expect((await app.database.db.select().from(runtimeFiles)).length).toBe(countBefore + 1);
    });
  });

  it('keeps the users limit message for the users guard', async () => {
    const { usage } = await getPlan();
    expect((await savePlan({ maxUsers: usage.activeUsers })).statusCode).toBe(200);
    await expect(
      app.database.db.transaction((tx) => app.services.plan.assertCanAddActiveUser(tx)),
    ).rejects.toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      details: { params: { variant: 'maxUsers', limit: String(usage.activeUsers) } },
    });
  });
});
