import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { auditLog } from '../audit/audit.table.ts';

describe('administration of settings', () => {
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
    ['POST', '/api/admin/savePlatformSettings', { maintenance: true }],
    ['GET', '/api/admin/getSecuritySettings', undefined],
    ['POST', '/api/admin/saveSecuritySettings', { platformMfaEnabled: true }],
  ] as const)(
    'refuses %s %s to a requerente with 403 and to anonymous callers with 401',
    async (method, url, payload) => {
      const asRequerente = await app.inject({ method, url, headers: bearer(requerenteToken), payload });
      expect(asRequerente.statusCode).toBe(403);
      const anonymous = await app.inject({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  it('applies a platform settings change at once and audits it with before and after', async () => {
    const saved = await app.inject({
      method: 'POST',
      url: '/api/admin/savePlatformSettings',
      headers: bearer(adminToken),
      payload: { theme: 'red', maintenance: true },
    });
    expect(saved.statusCode).toBe(200);
    const publicSettings = await app.inject({ method: 'GET', url: '/api/application/getPlatformSettings' });
    expect(publicSettings.json()).toMatchObject({ theme: 'red', maintenance: true });

    const rows = await app.database.db.select().from(auditLog);
    const row = rows.find((candidate) => candidate.action === 'admin.settings.platform.saved');
    expect(row?.details).toEqual({
      theme: { before: 'brand', after: 'red' },
      maintenance: { before: false, after: true },
    });
  });

  it('refuses unknown settings and invalid values, naming the field', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/admin/savePlatformSettings',
      headers: bearer(adminToken),
      payload: { theme: 'rainbow' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([expect.objectContaining({ field: 'body.theme' })]);
  });

  it('stores the reCAPTCHA secret write-only: never in an answer nor in the audit trail', async () => {
    const saved = await app.inject({
      method: 'POST',
      url: '/api/admin/saveSecuritySettings',
      headers: bearer(adminToken),
      payload: { recaptchaSecret: 'segredo-muito-secreto', passwordMinLength: 10 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ hasRecaptchaSecret: true, passwordMinLength: 10 });
    expect(saved.body).not.toContain('segredo-muito-secreto');

    const read = await app.inject({
      method: 'GET',
      url: '/api/admin/getSecuritySettings',
      headers: bearer(adminToken),
    });
    expect(read.body).not.toContain('segredo-muito-secreto');
    const rows = await app.database.db.select().from(auditLog);
    expect(JSON.stringify(rows)).not.toContain('segredo-muito-secreto');
  });
});
