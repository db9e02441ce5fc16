import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { users } from '../accounts/accounts.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { companies } from './companies.table.ts';

// Valid CNPJs (check digits), numeric and in the 2026 alphanumeric format.
const CNPJ_ALFA = '11.222.333/0001-81';
const CNPJ_BETA = '45.723.174/0001-10';
const CNPJ_ALPHANUMERIC = '12.ABC.345/01DE-35';

describe('administration: companies (CRUD)', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let staffToken: string;
  let requerenteToken: string;

  const call = (method: 'GET' | 'POST', url: string, payload?: object, language = 'pt-BR') =>
    app.inject({ method, url, payload, headers: { ...bearer(adminToken), 'accept-language': language } });
  const save = (body: object, language?: string) => call('POST', '/api/company/saveCompany', body, language);
  const getCompany = (id: number) => call('GET', `/api/company/getCompany?CompanyId=${id}`);
  const auditsOf = (id: number) =>
    app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `company:${id}`))
      .orderBy(asc(auditLog.id));

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const admin = await buildUser(app.database.db, { isAdministrator: true, hasPanelAdminPermission: true });
    // Staff without any administration permission, and an external requerente.
    const staff = await buildUser(app.database.db);
    const requerente = await buildUser(app.database.db, { kind: 'requerente', loginPage: '/aet' });
    adminToken = await signIn(app, admin);
    staffToken = await signIn(app, staff);
    requerenteToken = await signIn(app, requerente);
  });
  afterAll(() => app.close());

  it.each([
    ['POST', '/api/company/getCompanies', undefined],
    ['GET', '/api/company/getCompany?CompanyId=1', undefined],
    ['POST', '/api/company/saveCompany', { id: 0, cnpj: CNPJ_ALFA, name: 'X' }],
    ['POST', '/api/company/deleteCompanies', { ids: [1] }],
  ] as const)(
    'refuses %s %s to non-administrators (403) and anonymous callers (401)',
    async (method, url, payload) => {
      for (const token of [staffToken, requerenteToken]) {
        const refused = await app.inject({ method, url, headers: bearer(token), payload });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('FORBIDDEN');
      }
      expect((await app.inject({ method, url, payload })).statusCode).toBe(401);
      expect(await app.database.db.select().from(companies)).toEqual([]);
    },
  );

  it('creates a company with a normalised CNPJ, lists it and audits the creation', async () => {
    const created = await save({
      id: 0,
      cnpj: CNPJ_ALFA,
      name: '  Construtora Alfa Ltda ',
      tradeName: 'Alfa',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      success: true,
      message: 'A empresa foi salva com sucesso!',
      version: 1,
    });
    const { id } = created.json();

    const company = (await getCompany(id)).json();
    expect(company).toMatchObject({
      id,
      cnpj: '11222333000181',
      name: 'Construtora Alfa Ltda',
      tradeName: 'Alfa',
      users: [],
      version: 1,
    });
    const list = (await call('POST', '/api/company/getCompanies')).json();
    expect(list).toContainEqual({
      id,
      cnpj: '11222333000181',
      name: 'Construtora Alfa Ltda',
      tradeName: 'Alfa',
      userCount: 0,
    });
    const [audit] = await auditsOf(id);
    expect(audit).toMatchObject({ action: 'admin.company.created' });
    expect(audit?.details).toMatchObject({
      cnpj: { before: null, after: '11222333000181' },
      name: { before: null, after: 'Construtora Alfa Ltda' },
    });
  });

  it('refuses an invalid CNPJ or a missing name, naming the fields in the language asked', async () => {
    const invalid = await save({ id: 0, cnpj: '11.222.333/0001-80', name: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_FAILED');
    expect(invalid.json().details).toEqual(
      expect.arrayContaining([
        { field: 'body.cnpj', message: 'CNPJ inválido' },
        { field: 'body.name', message: 'Obrigatório' },
      ]),
    );
    const english = await save({ id: 0, cnpj: '00.000.000/0000-00', name: 'X' }, 'en');
    expect(english.json().details).toEqual([{ field: 'body.cnpj', message: 'Invalid CNPJ' }]);
    const tooLong = await save({ id: 0, cnpj: CNPJ_BETA, name: 'N'.repeat(201) });
    expect(tooLong.json().details).toEqual([expect.objectContaining({ field: 'body.name' })]);
  });

  it('accepts the alphanumeric CNPJ format', async () => {
    const created = await save({ id: 0, cnpj: CNPJ_ALPHANUMERIC, name: 'Alfanumérica' });
    expect(created.statusCode, created.body).toBe(200);
    expect((await getCompany(created.json().id)).json().cnpj).toBe('12ABC34501DE35');
  });

  it('keeps the CNPJ unique on create and on update, whatever the punctuation', async () => {
    const first = (await save({ id: 0, cnpj: CNPJ_BETA, name: 'Beta' })).json();
    const duplicate = await save({ id: 0, cnpj: '45723174000110', name: 'Beta 2' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'COMPANY_DUPLICATE_CNPJ',
      Message: 'Já existe uma empresa com este CNPJ.',
    });

    const other = (await save({ id: 0, cnpj: '34.028.316/0001-03', name: 'Gama' })).json();
    const takeover = await save(
      { id: other.id, cnpj: CNPJ_BETA, name: 'Gama', version: other.version },
      'en',
    );
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json().Message).toBe('A company with this CNPJ already exists.');
    expect((await getCompany(other.id)).json().cnpj).toBe('34028316000103');
    // Saving a company with its own CNPJ is not a clash.
    const same = await save({ id: first.id, cnpj: CNPJ_BETA, name: 'Beta S.A.', version: first.version });
    expect(same.statusCode).toBe(200);
  });

  it('updates with the version it read: a stale version is a conflict, an unknown id 404', async () => {
    const created = (await save({ id: 0, cnpj: '60.701.190/0001-04', name: 'Delta' })).json();
    const company = (await getCompany(created.id)).json();
    const updated = await save({ ...company, name: 'Delta Transportes', tradeName: 'Delta' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().version).toBe(company.version + 1);

    const stale = await save({ ...company, name: 'Outro nome' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
    expect((await getCompany(created.id)).json()).toMatchObject({ name: 'Delta Transportes', version: 2 });

    const audits = await auditsOf(created.id);
    expect(audits.map((row) => row.action)).toEqual(['admin.company.created', 'admin.company.updated']);
    expect(audits[1]?.details).toEqual({
      name: { before: 'Delta', after: 'Delta Transportes' },
      tradeName: { before: '', after: 'Delta' },
    });

    const unknown = await save({ id: 999999, cnpj: '33.000.167/0001-01', name: 'Ninguém', version: 1 });
    expect(unknown.statusCode).toBe(404);
    expect((await getCompany(999999)).statusCode).toBe(404);
  });

  it('lists the users of a company and releases them when it is deleted', async () => {
    const { id } = (await save({ id: 0, cnpj: '33.000.167/0001-01', name: 'Épsilon' })).json();
    const active = await buildUser(app.database.db, { companyId: id, name: 'ANA' });
    const disabled = await buildUser(app.database.db, { companyId: id, name: 'BRUNO', disabled: true });
    const company = (await getCompany(id)).json();
    expect(company.users).toEqual([
      { id: active.id, name: 'ANA', email: active.email, login: active.login, active: true },
      { id: disabled.id, name: 'BRUNO', email: disabled.email, login: disabled.login, active: false },
    ]);
    expect((await call('POST', '/api/company/getCompanies')).json()).toContainEqual(
      expect.objectContaining({ id, userCount: 2 }),
    );

    const deleted = await call('POST', '/api/company/deleteCompanies', { ids: [id, id, 999999] }, 'en');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Companies have been removed successfully!' });
    expect((await getCompany(id)).statusCode).toBe(404);
    // The users stay, without a company.
    const released = await app.database.db.select().from(users).where(eq(users.id, active.id));
    expect(released[0]?.companyId).toBeNull();
    const [, audit] = await auditsOf(id);
    expect(audit).toMatchObject({ action: 'admin.company.deleted' });
    expect(audit?.details).toMatchObject({
      name: { before: 'Épsilon', after: null },
      userIds: { before: expect.arrayContaining([active.id, disabled.id]), after: [] },
    });
  });
});
