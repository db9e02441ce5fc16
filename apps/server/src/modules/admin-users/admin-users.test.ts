import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import type { EmailPayload } from '../../infra/outbox/outbox.service.ts';
import { outbox } from '../../infra/outbox/outbox.table.ts';
import { accountTokens, users } from '../accounts/accounts.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { sessions } from '../sessions/sessions.table.ts';
import { INVITATION_TOKEN_TTL_MS } from './invitation.ts';

const ADMIN_ROUTES = [
  ['POST', '/api/user/getUsers', undefined],
  ['GET', '/api/user/getUserFormInitialData?UserId=0', undefined],
  ['GET', '/api/user/getUsertoEdit?UserId=1', undefined],
  ['POST', '/api/user/saveUser', { id: 0, name: 'X', login: 'x', email: 'x@example.com', version: 0 }],
  ['POST', '/api/user/deleteUsers', { ids: [1] }],
  ['POST', '/api/group/getGroups', undefined],
  ['GET', '/api/group/getGroupFormInitialData', undefined],
  ['GET', '/api/group/getGroup?GroupId=1', undefined],
  ['POST', '/api/group/saveGroup', { id: 0, name: 'G' }],
  ['POST', '/api/group/deleteGroups', { ids: [1] }],
  ['POST', '/api/group/setGroupMembers', { groupId: 1, userIds: [] }],
  ['POST', '/api/group/setGroupApplications', { groupId: 1, applicationIds: [] }],
  ['POST', '/api/company/getCompanies', undefined],
  ['GET', '/api/company/getCompany?CompanyId=1', undefined],
  ['POST', '/api/company/saveCompany', { id: 0, cnpj: '11222333000181', name: 'A' }],
  ['POST', '/api/company/deleteCompanies', { ids: [1] }],
  ['GET', '/api/admin/getPlan', undefined],
  ['POST', '/api/admin/savePlan', { name: 'P', maxUsers: 1, maxApplications: 1, maxStorageMiB: 1 }],
] as const;

describe('user administration', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof buildUser>>;
  let adminToken: string;
  let requerenteToken: string;

  const post = (url: string, payload?: unknown, language = 'en') =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(adminToken), 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(adminToken) });
  const newUser = (overrides: Record<string, unknown> = {}) => {
    const unique = Math.random().toString(36).slice(2, 8);
    return {
      id: 0,
      name: `Maria ${unique}`,
      login: `maria.${unique}`,
      email: `maria.${unique}@der.gov.br`,
      version: 0,
      ...overrides,
    };
  };

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    admin = await buildUser(app.database.db, { isAdministrator: true, hasPanelAdminPermission: true });
    const requerente = await buildUser(app.database.db, { kind: 'requerente', loginPage: '/aet' });
    adminToken = await signIn(app, admin);
    requerenteToken = await signIn(app, requerente);
  });
  afterAll(() => app.close());

  it.each(ADMIN_ROUTES)(
    'refuses %s %s to a requerente with 403 and to anonymous callers with 401',
    async (method, url, payload) => {
      const asRequerente = await app.inject({
        method,
        url,
        headers: bearer(requerenteToken),
        ...(payload ? { payload } : {}),
      });
      expect(asRequerente.statusCode).toBe(403);
      const anonymous = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  it('lists users with company name, login, active and kind, never a password hash', async () => {
    const response = await post('/api/user/getUsers');
    expect(response.statusCode).toBe(200);
    const row = response.json().find((candidate: { id: number }) => candidate.id === admin.id);
    expect(row).toEqual({
      id: admin.id,
      name: admin.name,
      avatar: '',
      email: admin.email,
      companyName: '',
      login: admin.login,
      active: true,
      kind: 'staff',
    });
    expect(response.body).not.toMatch(/argon2|passwordHash|password_hash/i);
  });

  it('offers the timesheet options in the request language', async () => {
    const pt = await app.inject({
      method: 'GET',
      url: '/api/user/getUserFormInitialData?UserId=0',
      headers: { ...bearer(adminToken), 'accept-language': 'pt-BR' },
    });
    expect(pt.statusCode).toBe(200);
    expect(pt.json().timesheetTypes.map((option: { value: string }) => option.value)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
    ]);
    expect(pt.json().timesheetTypes[4].text).toBe('Sem apontamento manual');
    expect(pt.json().autoTimesheetTypes[1].text).toBe('Apontamento automático');
    const en = await app.inject({
      method: 'GET',
      url: '/api/user/getUserFormInitialData?UserId=0',
      headers: { ...bearer(adminToken), 'accept-language': 'en' },
    });
    expect(en.json().timesheetTypes[1].text).toBe('Entry in task and activity');
  });

  it('answers a blank record for UserId=0', async () => {
    const response = await get('/api/user/getUsertoEdit?UserId=0');
    expect(response.json()).toMatchObject({ id: 0, version: 0, timesheetType: '0', autoTimesheetType: '0' });
  });

  it('creates a user with an e-mailed invitation link, and audits it without secrets', async () => {
    const body = newUser({
      timesheetType: '2',
      autoTimesheetType: '1',
      calendar: { workPeriods: [{ weekday: 1, start: '08:00', end: '12:00' }] },
    });
    const response = await post('/api/user/saveUser', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'The User was successfully saved!' });
    const { id } = response.json();

    const [row] = await app.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.activated).toBe(true);
    const mails = await app.database.db.select().from(outbox);
    const mail = mails.find((candidate) => (candidate.payload as { to?: string }).to === body.email);
    expect(mail?.payload).toMatchObject({ template: 'invitation', sealed: true });
    const [link] = await app.database.db.select().from(accountTokens).where(eq(accountTokens.userId, id));
    expect(link).toMatchObject({ purpose: 'password-reset', usedAt: null });
    expect(link!.expiresAt.getTime() - link!.createdAt.getTime()).toBe(INVITATION_TOKEN_TTL_MS);

    const edit = await get(`/api/user/getUsertoEdit?UserId=${id}`);
    expect(edit.json()).toMatchObject({
      id,
      login: body.login,
      timesheetType: '2',
      autoTimesheetType: '1',
      calendar: { workPeriods: [{ weekday: 1, start: '08:00', end: '12:00' }] },
      version: 1,
    });
    expect(edit.body).not.toMatch(/argon2|passwordHash/i);

    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${id}`));
    const created = audits.find((candidate) => candidate.action === 'admin.user.created');
    expect(created?.actorUserId).toBe(admin.id);
    expect(created?.details).toMatchObject({ login: { before: null, after: body.login } });
    expect(JSON.stringify(audits)).not.toMatch(/argon2|passwordHash|newPassword/i);
  });

  it("lets the invited user choose the first password on the link's page and sign in with it", async () => {
    const body = newUser();
    const { id } = (await post('/api/user/saveUser', body)).json();
    const mail = (await app.database.db.select().from(outbox)).find(
      (candidate) => (candidate.payload as { to?: string }).to === body.email,
    );
    const data = app.services.outbox.openEmailData(mail!.payload as unknown as EmailPayload) as {
      token: string;
    };
    expect(JSON.stringify(mail)).not.toContain(data.token);

    const check = await app.inject({
      method: 'POST',
      url: '/api/users/checkPasswordResetToken',
      payload: { token: data.token },
    });
    expect(check.json()).toMatchObject({ login: body.login });
    const chosen = 'Convite-Aceito-2026!x';
    const set = await app.inject({
      method: 'POST',
      url: '/api/users/setPasswordWithToken',
      payload: { token: data.token, newPassword: chosen, passwordConfirm: chosen },
    });
    expect(set.statusCode).toBe(200);
    const token = await signIn(app, { login: body.login, password: chosen });
    const session = await app.inject({ method: 'GET', url: '/api/users/renewToken', headers: bearer(token) });
    expect(session.statusCode).toBe(200);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.login).toBe(body.login);
  });

  it('answers pt-BR success texts by Accept-Language', async () => {
    const response = await post('/api/user/saveUser', newUser(), 'pt-BR');
    expect(response.json().message).toBe('O usuário foi salvo com sucesso!');
  });

  it('refuses a duplicate login or e-mail with 409', async () => {
    const first = newUser();
    expect((await post('/api/user/saveUser', first)).statusCode).toBe(200);
    const sameLogin = await post('/api/user/saveUser', newUser({ login: first.login.toUpperCase() }));
    expect(sameLogin.statusCode).toBe(409);
    expect(sameLogin.json().code).toBe('ADMIN_DUPLICATE_LOGIN');
    const sameEmail = await post('/api/user/saveUser', newUser({ email: first.email }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().code).toBe('ACCOUNT_DUPLICATE_EMAIL');
  });

  it('refuses a work period that does not start before it ends', async () => {
    const response = await post(
      '/api/user/saveUser',
      newUser({ calendar: { workPeriods: [{ weekday: 2, start: '14:00', end: '09:00' }] } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('edits a user, audits before/after, and answers 409 naming who changed a stale version', async () => {
    const created = (await post('/api/user/saveUser', newUser())).json();
    const record = (await get(`/api/user/getUsertoEdit?UserId=${created.id}`)).json();
    const saved = await post('/api/user/saveUser', { ...record, name: 'Nome Novo', timesheetType: '4' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toBe(record.version + 1);

    const stale = await post('/api/user/saveUser', { ...record, name: 'Outro Nome' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('ADMIN_USER_VERSION_CONFLICT');
    expect(stale.json().Message).toContain(admin.name);

    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${created.id}`));
    const updated = audits.find((candidate) => candidate.action === 'admin.user.updated');
    expect(updated?.details).toEqual({
      name: { before: record.name, after: 'Nome Novo' },
      timesheetType: { before: '0', after: '4' },
    });
  });

  it('ends the sessions of a user on request, and forces a password reset by e-mail', async () => {
    const target = await buildUser(app.database.db);
    const token = await signIn(app, target);
    const record = (await get(`/api/user/getUsertoEdit?UserId=${target.id}`)).json();
    const response = await post('/api/user/saveUser', {
      ...record,
      endSessions: true,
      forcePasswordReset: true,
    });
    expect(response.statusCode).toBe(200);
    const asTarget = await app.inject({
      method: 'GET',
      url: '/api/application/getAllowedApplications',
      headers: bearer(token),
    });
    expect(asTarget.statusCode).toBe(401);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.passwordHash).not.toBe(target.passwordHash);
    expect(row?.passwordExpiresAt).not.toBeNull();
  });

  it('deletes a user without history and deactivates one with history', async () => {
    const fresh = (await post('/api/user/saveUser', newUser())).json();
    const withHistory = await buildUser(app.database.db);
    await signIn(app, withHistory);

    const response = await post('/api/user/deleteUsers', { ids: [fresh.id, withHistory.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Users have been removed successfully!',
      deleted: [fresh.id],
      deactivated: [withHistory.id],
    });
    expect(await app.database.db.select().from(users).where(eq(users.id, fresh.id))).toHaveLength(0);
    const [kept] = await app.database.db.select().from(users).where(eq(users.id, withHistory.id));
    expect(kept?.disabled).toBe(true);
    const live = await app.database.db.select().from(sessions).where(eq(sessions.userId, withHistory.id));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    const audits = await app.database.db.select().from(auditLog);
    expect(
      audits.find((row) => row.action === 'admin.user.deactivated' && row.target === `user:${withHistory.id}`)
        ?.details,
    ).toEqual({ active: { before: true, after: false } });
  });

  it('refuses to delete oneself', async () => {
    const response = await post('/api/user/deleteUsers', { ids: [admin.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ADMIN_CANNOT_DELETE_SELF');
  });

  it('protects the last administrator from being demoted, disabled or deleted', async () => {
    // A second administrator edits the first one: after demoting the first, it becomes the last one itself.
    const other = await buildUser(app.database.db, { isAdministrator: true });
    const otherToken = await signIn(app, other);
    const asOther = (url: string, payload: unknown) =>
      app.inject({ method: 'POST', url, headers: bearer(otherToken), payload: payload as object });
    // Every other administrator of this file is demoted, so `other` and `admin` are the only ones left.
    const record = (await get(`/api/user/getUsertoEdit?UserId=${admin.id}`)).json();
    const demoted = await asOther('/api/user/saveUser', {
      ...record,
      isAdministrator: false,
      hasPanelAdminPermission: false,
    });
    expect(demoted.statusCode).toBe(200);

    const selfRecord = (
      await app.inject({
        method: 'GET',
        url: `/api/user/getUsertoEdit?UserId=${other.id}`,
        headers: bearer(otherToken),
      })
    ).json();
    const selfDemote = await asOther('/api/user/saveUser', { ...selfRecord, isAdministrator: false });
    expect(selfDemote.statusCode).toBe(409);
    expect(selfDemote.json().code).toBe('ADMIN_LAST_ADMINISTRATOR');
    expect(selfDemote.json().Message).toMatch(/último administrador/);
    const selfDisable = await asOther('/api/user/saveUser', { ...selfRecord, active: false });
    expect(selfDisable.json().code).toBe('ADMIN_LAST_ADMINISTRATOR');

    // Restore: `admin` is an administrator again for the rest of the file.
    const restore = (
      await app.inject({
        method: 'GET',
        url: `/api/user/getUsertoEdit?UserId=${admin.id}`,
        headers: bearer(otherToken),
      })
    ).json();
    expect(restore.isAdministrator).toBe(false);
    const restored = await asOther('/api/user/saveUser', {
      ...restore,
      isAdministrator: true,
      hasPanelAdminPermission: true,
    });
    expect(restored.statusCode).toBe(200);
    // With `admin` restored, `other` is no longer the last one and may go.
    const deleted = await post('/api/user/deleteUsers', { ids: [other.id] });
    expect(deleted.statusCode).toBe(200);
  });

  it('refuses a new user beyond the contracted plan with 409 PLAN_LIMIT_REACHED', async () => {
    const planResponse = await get('/api/admin/getPlan');
    expect(planResponse.statusCode, planResponse.body).toBe(200);
    const plan = planResponse.json();
    expect(plan.name).toBe('Plano Institucional DER');
    const limited = await post('/api/admin/savePlan', {
      name: plan.name,
      maxUsers: plan.usage.activeUsers,
      maxApplications: plan.maxApplications,
      maxStorageMiB: plan.maxStorageMiB,
    });
    expect(limited.statusCode).toBe(200);
    const refused = await post('/api/user/saveUser', newUser(), 'pt-BR');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PLAN_LIMIT_REACHED');
    expect(refused.json().Message).toContain(`no máximo ${plan.usage.activeUsers} usuários ativos`);
    // An inactive user does not count against the plan.
    expect((await post('/api/user/saveUser', newUser({ active: false }))).statusCode).toBe(200);
    const restored = await post('/api/admin/savePlan', {
      name: plan.name,
      maxUsers: 500,
      maxApplications: plan.maxApplications,
      maxStorageMiB: plan.maxStorageMiB,
    });
    expect(restored.statusCode).toBe(200);
  });

  describe("additional fields of entity 'user'", () => {
    const defineField = async (definition: Record<string, unknown>) => {
      const response = await post('/api/admin/additionalFields/save', {
        entity: 'user',
        labelEn: String(definition.labelPtBr),
        ...definition,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { id: number } & Record<string, unknown>;
    };
    let matricula: { id: number } & Record<string, unknown>;
    let setor: { id: number } & Record<string, unknown>;

    beforeAll(async () => {
      matricula = await defineField({
        name: 'matricula',
        labelPtBr: 'Matrícula',
        type: 'STRING',
        required: true,
      });
      setor = await defineField({
        name: 'setor',
        labelPtBr: 'Setor',
        type: 'PICKLIST',
        options: [
          { value: 'obras', text: 'Obras' },
          { value: 'fiscalizacao', text: 'Fiscalização' },
        ],
      });
    });
    // Later tests of this file create users without these fields.
    afterAll(async () => {
      for (const field of [matricula, setor])
        await post('/api/admin/additionalFields/save', { ...field, active: false });
    });

    it('refuses a missing required field with 400 naming it, translated', async () => {
      const response = await post('/api/user/saveUser', newUser(), 'pt-BR');
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().Message).toContain('body.additionalFields.matricula');
      expect(response.json().details).toEqual([
        { field: 'body.additionalFields.matricula', message: 'Obrigatório' },
      ]);
    });

    it('refuses a value that is not one of the picklist options', async () => {
      const response = await post(
        '/api/user/saveUser',
        newUser({ additionalFields: { matricula: '123', setor: 'rh' } }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { field: 'body.additionalFields.setor', message: 'Invalid value' },
      ]);
    });

    it('stores valid values, returns them for editing and audits the change', async () => {
      const created = await post(
        '/api/user/saveUser',
        newUser({ additionalFields: { matricula: ' 4711 ', setor: 'obras', unknown: 'dropped' } }),
      );
      expect(created.statusCode, created.body).toBe(200);
      const { id } = created.json();
      const record = (await get(`/api/user/getUsertoEdit?UserId=${id}`)).json();
      expect(record.additionalFields).toEqual({ matricula: '4711', setor: 'obras' });

      const changed = await post('/api/user/saveUser', {
        ...record,
        additionalFields: { matricula: '4711', setor: 'fiscalizacao' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const audits = await app.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `user:${id}`));
      expect(audits.find((row) => row.action === 'admin.user.created')?.details).toMatchObject({
        additionalFields: { before: null, after: { matricula: '4711', setor: 'obras' } },
      });
      expect(audits.find((row) => row.action === 'admin.user.updated')?.details).toEqual({
        additionalFields: {
          before: { matricula: '4711', setor: 'obras' },
          after: { matricula: '4711', setor: 'fiscalizacao' },
        },
      });
    });

    it('keeps the values of fields no longer active when the user is saved again', async () => {
      const created = (
        await post('/api/user/saveUser', newUser({ additionalFields: { matricula: '9', setor: 'obras' } }))
      ).json();
      await post('/api/admin/additionalFields/save', { ...setor, active: false });
      try {
        const record = (await get(`/api/user/getUsertoEdit?UserId=${created.id}`)).json();
        // The form sends the active fields only.
        const saved = await post('/api/user/saveUser', { ...record, additionalFields: { matricula: '10' } });
        expect(saved.statusCode, saved.body).toBe(200);
        const [row] = await app.database.db.select().from(users).where(eq(users.id, created.id));
        expect(row?.additionalFields).toEqual({ matricula: '10', setor: 'obras' });
      } finally {
        await post('/api/admin/additionalFields/save', { ...setor, active: true });
      }
    });
  });
});
