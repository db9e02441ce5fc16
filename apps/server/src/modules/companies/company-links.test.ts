import type { CompanyRow } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { permissionarioProfiles, tiposRequerente, users } from '../accounts/accounts.table.ts';
import { companies } from './companies.table.ts';
import { linkRegisteredCompanies } from './company-links.ts';

const PASSWORD = 'cavalo correto bateria grampo';
/** A valid alphanumeric CNPJ (the 2026 format) and a valid CPF. */
const CNPJ = '12.ABC.345/01DE-35';
const CNPJ_STORED = '12ABC34501DE35';

/**
 * Issue 22: 'Empresas' stayed empty and the users' company blank although registrations name companies. A
 * pessoa jurídica's registration now creates (or finds) its company and links the account to it.
 */
describe('registrations create and link their company', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let address = 0;

  const register = (url: string, payload: object) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'accept-language': 'pt-BR' },
      remoteAddress: `10.9.0.${++address}`,
    });
  const userByEmail = async (email: string) =>
    (await app.database.db.select().from(users).where(eq(users.email, email)))[0]!;
  const listCompanies = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/company/getCompanies',
      headers: bearer(adminToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CompanyRow[]>();
  };

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    adminToken = await signIn(app, await buildUser(app.database.db, { isAdministrator: true }));
  });
  afterAll(() => app.close());

  it("a permissionário company's registration creates the company and links the account", async () => {
    const response = await register('/api/permissionario/registerNewPermissionario', {
      nome: 'energia do vale ltda',
      email: 'contato@energiadovale.com.br',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      tipo: 'juridica',
      cpfCnpj: CNPJ,
      inscricaoEstadual: 'isento',
      nomeFantasia: 'energia do vale',
      atividade: 'distribuição de energia',
    });
    expect(response.statusCode, response.body).toBe(200);
    const user = await userByEmail('contato@energiadovale.com.br');
    const listed = (await listCompanies()).find((company) => company.cnpj === CNPJ_STORED);
    expect(listed).toMatchObject({
      name: 'ENERGIA DO VALE LTDA',
      tradeName: 'ENERGIA DO VALE',
      userCount: 1,
    });
    expect(user.companyId).toBe(listed!.id);
  });

  it('a requerente of the same CNPJ joins the same company; a pessoa física gets none', async () => {
    const [tipo] = await app.database.db
      .select()
      .from(tiposRequerente)
      .where(eq(tiposRequerente.nome, 'Transportador'));
    const base = { password: PASSWORD, passwordConfirm: PASSWORD, tipoRequerente: tipo!.id };
    const company = await register('/api/requerente/registerNewRequerente', {
      ...base,
      nome: 'energia do vale ltda',
      email: 'frota@energiadovale.com.br',
      tipo: 'juridica',
      cpfCnpj: CNPJ,
    });
    expect(company.statusCode, company.body).toBe(200);
    const person = await register('/api/requerente/registerNewRequerente', {
      ...base,
      nome: 'joão pereira',
      email: 'joao@example.com',
      tipo: 'fisica',
      cpfCnpj: '111.444.777-35',
    });
    expect(person.statusCode, person.body).toBe(200);

    const rows = await app.database.db.select().from(companies).where(eq(companies.cnpj, CNPJ_STORED));
    expect(rows).toHaveLength(1);
    expect((await userByEmail('frota@energiadovale.com.br')).companyId).toBe(rows[0]!.id);
    expect((await userByEmail('joao@example.com')).companyId).toBeNull();
    expect((await listCompanies()).find((row) => row.cnpj === CNPJ_STORED)?.userCount).toBe(2);
  });

  it('links accounts registered before (the migration, the demo data), once, leaving linked users alone', async () => {
    const db = app.database.db;
    const older = await buildUser(db, { kind: 'permissionario', name: 'RODOVIAS DO SUL S.A.' });
    await db.insert(permissionarioProfiles).values({
      userId: older.id,
      tipo: 'juridica',
      cpfCnpj: '11222333000181',
      nomeFantasia: 'RODOSUL',
    });
    const before = (await db.select().from(companies)).length;
    await linkRegisteredCompanies(db);
    await linkRegisteredCompanies(db);
    const [created] = await db.select().from(companies).where(eq(companies.cnpj, '11222333000181'));
    expect(created).toMatchObject({ name: 'RODOVIAS DO SUL S.A.', tradeName: 'RODOSUL' });
    expect((await db.select().from(companies)).length).toBe(before + 1);
    expect((await userByEmail(older.email)).companyId).toBe(created!.id);
  });
});
