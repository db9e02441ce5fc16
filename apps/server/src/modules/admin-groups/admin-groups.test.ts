import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { applications } from '../applications/applications.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { companies } from '../companies/companies.table.ts';

describe('group and company administration', () => {
  let app: FastifyInstance;
  let adminToken: string;

  const post = (url: string, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(adminToken), 'accept-language': 'en' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(adminToken) });

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const admin = await buildUser(app.database.db, { isAdministrator: true });
    adminToken = await signIn(app, admin);
  });
  afterAll(() => app.close());

  it('creates, renames, lists and deletes groups; names are unique in any letter case', async () => {
    const created = await post('/api/group/saveGroup', { id: 0, name: 'Fiscais de Obra' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'The group was successfully saved!' });
    const { id } = created.json();

    const duplicate = await post('/api/group/saveGroup', { id: 0, name: 'FISCAIS DE OBRA' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('ADMIN_GROUP_DUPLICATE_NAME');

    expect((await post('/api/group/saveGroup', { id, name: 'Fiscais' })).statusCode).toBe(200);
    const list = (await post('/api/group/getGroups')).json();
    expect(list).toContainEqual({ id, name: 'Fiscais', memberCount: 0 });

    const renamed = (await app.database.db.select().from(auditLog)).find(
      (row) => row.action === 'admin.group.updated' && row.target === `group:${id}`,
    );
    expect(renamed?.details).toEqual({ name: { before: 'Fiscais de Obra', after: 'Fiscais' } });

    expect((await post('/api/group/deleteGroups', { ids: [id] })).statusCode).toBe(200);
    expect((await get(`/api/group/getGroup?GroupId=${id}`)).statusCode).toBe(404);
  });

  it('sets members and granted applications: a member then sees the application', async () => {
    const [application] = await app.database.db
      .insert(applications)
      .values({ name: 'Vistorias' })
      .returning({ id: applications.id });
    const member = await buildUser(app.database.db);
    const memberToken = await signIn(app, member);
    const allowed = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/application/getAllowedApplications',
          headers: bearer(memberToken),
        })
      ).json() as Array<{ id: number }>;
    expect((await allowed()).map((app) => app.id)).not.toContain(application!.id);

    const { id } = (await post('/api/group/saveGroup', { id: 0, name: 'Vistoriadores' })).json();
    expect((await post('/api/group/setGroupMembers', { groupId: id, userIds: [member.id] })).statusCode).toBe(
      200,
    );
    const granted = await post('/api/group/setGroupApplications', {
      groupId: id,
      applicationIds: [application!.id],
    });
    expect(granted.statusCode).toBe(200);
    expect((await allowed()).map((app) => app.id)).toContain(application!.id);

    const group = (await get(`/api/group/getGroup?GroupId=${id}`)).json();
    expect(group.members.map((user: { id: number }) => user.id)).toEqual([member.id]);
    expect(group.applicationIds).toEqual([application!.id]);
    expect((await post('/api/group/getGroups')).json()).toContainEqual({
      id,
      name: 'Vistoriadores',
      memberCount: 1,
    });

    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `group:${id}`));
    expect(audits.find((row) => row.action === 'admin.group.members')?.details).toEqual({
      memberIds: { before: [], after: [member.id] },
    });

    // Deleting the group takes its grants with it.
    await post('/api/group/deleteGroups', { ids: [id] });
    expect((await allowed()).map((app) => app.id)).not.toContain(application!.id);
  });

  it('saves name, members and applications in one call with one audit entry', async () => {
    const [first, second] = await app.database.db
      .insert(applications)
      .values([{ name: 'Atomica A' }, { name: 'Atomica B' }])
      .returning({ id: applications.id });
    const [alice, bob] = [await buildUser(app.database.db), await buildUser(app.database.db)];
    const created = await post('/api/group/saveGroup', {
      id: 0,
      name: 'Atômico',
      memberIds: [bob!.id, alice!.id, bob!.id],
      applicationIds: [first!.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    const group = (await get(`/api/group/getGroup?GroupId=${id}`)).json();
    expect(group.members.map((user: { id: number }) => user.id).sort()).toEqual([alice!.id, bob!.id].sort());
    expect(group.applicationIds).toEqual([first!.id]);

    const updated = await post('/api/group/saveGroup', {
      id,
      name: 'Atômico 2',
      memberIds: [alice!.id],
      applicationIds: [first!.id, second!.id],
    });
    expect(updated.statusCode).toBe(200);
    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `group:${id}`))
      .orderBy(asc(auditLog.id));
    expect(audits.map((row) => row.action)).toEqual(['admin.group.created', 'admin.group.updated']);
    expect(audits[0]?.details).toEqual({
      name: { before: null, after: 'Atômico' },
      memberIds: { before: [], after: [alice!.id, bob!.id].sort((a, b) => a - b) },
      applicationIds: { before: [], after: [first!.id] },
    });
    expect(audits[1]?.details).toEqual({
      name: { before: 'Atômico', after: 'Atômico 2' },
      memberIds: { before: [alice!.id, bob!.id].sort((a, b) => a - b), after: [alice!.id] },
      applicationIds: { before: [first!.id], after: [first!.id, second!.id].sort((a, b) => a - b) },
    });

    // Lists left out stay as they are.
    expect((await post('/api/group/saveGroup', { id, name: 'Atômico 3' })).statusCode).toBe(200);
    const renamed = (await get(`/api/group/getGroup?GroupId=${id}`)).json();
    expect(renamed.members.map((user: { id: number }) => user.id)).toEqual([alice!.id]);
    expect(renamed.applicationIds).toHaveLength(2);
  });

  it('changes nothing when any part of the group save is refused', async () => {
    const [application] = await app.database.db
      .insert(applications)
      .values({ name: 'Intacta' })
      .returning({ id: applications.id });
    const member = await buildUser(app.database.db);
    const { id } = (
      await post('/api/group/saveGroup', {
        id: 0,
        name: 'Intacto',
        memberIds: [member.id],
        applicationIds: [application!.id],
      })
    ).json();
    const auditCount = async () =>
      (
        await app.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.target, `group:${id}`))
      ).length;
    const auditsBefore = await auditCount();
    const snapshot = (await get(`/api/group/getGroup?GroupId=${id}`)).json();

    const unknownApplication = await post('/api/group/saveGroup', {
      id,
      name: 'Renomeado',
      memberIds: [],
      applicationIds: [application!.id, 999999],
    });
    expect(unknownApplication.statusCode).toBe(400);
    expect(unknownApplication.json().details).toEqual([
      expect.objectContaining({ field: 'body.applicationIds' }),
    ]);
    const unknownMember = await post('/api/group/saveGroup', { id, name: 'Renomeado', memberIds: [999999] });
    expect(unknownMember.json().details).toEqual([expect.objectContaining({ field: 'body.memberIds' })]);
    expect((await get(`/api/group/getGroup?GroupId=${id}`)).json()).toEqual(snapshot);
    expect(await auditCount()).toBe(auditsBefore);

    // A new group refused for its applications is not created either.
    const groupsBefore = (await post('/api/group/getGroups')).json();
    const refusedNew = await post('/api/group/saveGroup', {
      id: 0,
      name: 'Nunca Criado',
      memberIds: [member.id],
      applicationIds: [999999],
    });
    expect(refusedNew.statusCode).toBe(400);
    expect((await post('/api/group/getGroups')).json()).toEqual(groupsBefore);
  });

  it('refuses members that do not exist', async () => {
    const { id } = (await post('/api/group/saveGroup', { id: 0, name: 'Vazio' })).json();
    const response = await post('/api/group/setGroupMembers', { groupId: id, userIds: [999999] });
    expect(response.statusCode).toBe(400);
  });

  it('creates companies with a valid, unique CNPJ (normalised, alphanumeric-ready) and lists their users', async () => {
    const invalid = await post('/api/company/saveCompany', { id: 0, cnpj: '11.222.333/0001-80', name: 'X' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0]).toMatchObject({ field: 'body.cnpj', message: 'Invalid CNPJ' });

    const created = await post('/api/company/saveCompany', {
      id: 0,
      cnpj: '11.222.333/0001-81',
      name: 'Construtora Alfa Ltda',
      tradeName: 'Alfa',
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const [row] = await app.database.db.select().from(companies).where(eq(companies.id, id));
    expect(row?.cnpj).toBe('11222333000181');

    const duplicate = await post('/api/company/saveCompany', { id: 0, cnpj: '11222333000181', name: 'Y' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('COMPANY_DUPLICATE_CNPJ');

    const alphanumeric = await post('/api/company/saveCompany', {
      id: 0,
      cnpj: '12.ABC.345/01DE-35',
      name: 'Z',
    });
    expect(alphanumeric.statusCode).toBe(200);

    const employee = await buildUser(app.database.db, { companyId: id });
    const company = (await get(`/api/company/getCompany?CompanyId=${id}`)).json();
    expect(company).toMatchObject({ cnpj: '11222333000181', tradeName: 'Alfa', version: 1 });
    expect(company.users).toEqual([
      { id: employee.id, name: employee.name, email: employee.email, login: employee.login, active: true },
    ]);
    const users = (await post('/api/user/getUsers')).json();
    expect(users.find((user: { id: number }) => user.id === employee.id).companyName).toBe(
      'Construtora Alfa Ltda',
    );

    const stale = await post('/api/company/saveCompany', { ...company, name: 'Alfa S.A.', version: 0 });
    expect(stale.statusCode).toBe(409);
    const renamed = await post('/api/company/saveCompany', { ...company, name: 'Alfa S.A.' });
    expect(renamed.statusCode).toBe(200);
    const audit = (await app.database.db.select().from(auditLog)).find(
      (candidate) => candidate.action === 'admin.company.updated' && candidate.target === `company:${id}`,
    );
    expect(audit?.details).toEqual({ name: { before: 'Construtora Alfa Ltda', after: 'Alfa S.A.' } });

    expect((await post('/api/company/deleteCompanies', { ids: [id] })).statusCode).toBe(200);
    expect((await get(`/api/company/getCompany?CompanyId=${id}`)).statusCode).toBe(404);
  });

  it('reports the plan with its usage and audits a change', async () => {
    const plan = (await get('/api/admin/getPlan')).json();
    expect(plan).toMatchObject({
      name: 'Plano Institucional DER',
      maxUsers: 500,
      maxApplications: 20,
      maxStorageMiB: 10240,
    });
    expect(plan.usage.activeUsers).toBeGreaterThanOrEqual(2);
    expect(plan.usage.storageUsedBytes).toBeGreaterThanOrEqual(0);
    const saved = await post('/api/admin/savePlan', {
      name: 'Plano Ampliado',
      maxUsers: 1000,
      maxApplications: 20,
      maxStorageMiB: 10240,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Plano Ampliado', maxUsers: 1000 });
    const audit = (await app.database.db.select().from(auditLog)).find(
      (row) => row.action === 'admin.plan.saved',
    );
    expect(audit?.details).toEqual({
      name: { before: 'Plano Institucional DER', after: 'Plano Ampliado' },
      maxUsers: { before: 500, after: 1000 },
    });
  });
});
