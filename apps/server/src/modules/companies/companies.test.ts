import { cnpjCheckDigits } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { auditLog } from '../audit/audit.table.ts';
import { companies } from './companies.table.ts';

let cnpjSequence = 1000;
/** A valid CNPJ not used before in this file. */
function nextCnpj(): string {
  const base = `11222${String(cnpjSequence++).padStart(7, '0')}`;
  return `${base}${cnpjCheckDigits(base)}`;
}

type Definition = { id: number } & Record<string, unknown>;

describe("companies: additional fields of entity 'company'", () => {
  let app: FastifyInstance;
  let adminToken: string;
  let inscricao: Definition;
  let porte: Definition;

  const post = (url: string, payload: unknown, language = 'en') =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(adminToken), 'accept-language': language },
      payload: payload as object,
    });
  const getCompany = async (id: number) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/company/getCompany?CompanyId=${id}`,
        headers: bearer(adminToken),
      })
    ).json();
  const newCompany = (additionalFields?: Record<string, unknown>) => ({
    id: 0,
    cnpj: nextCnpj(),
    name: `Transportes ${cnpjSequence}`,
    version: 0,
    ...(additionalFields ? { additionalFields } : {}),
  });
  const defineField = async (definition: Record<string, unknown>): Promise<Definition> => {
    const response = await post('/api/admin/additionalFields/save', {
      entity: 'company',
      labelEn: String(definition.labelPtBr),
      ...definition,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const admin = await buildUser(app.database.db, { isAdministrator: true, hasPanelAdminPermission: true });
    adminToken = await signIn(app, admin);
    inscricao = await defineField({
      name: 'inscricaoMunicipal',
      labelPtBr: 'Inscrição municipal',
      type: 'INTEGER',
      required: true,
    });
    porte = await defineField({
      name: 'porte',
      labelPtBr: 'Porte',
      type: 'PICKLIST',
      options: [
        { value: 'ME', text: 'Microempresa' },
        { value: 'EPP', text: 'Empresa de pequeno porte' },
      ],
    });
  });
  afterAll(() => app.close());

  it('refuses a missing required field with 400 naming it, translated', async () => {
    const response = await post('/api/company/saveCompany', newCompany(), 'pt-BR');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().Message).toContain('body.additionalFields.inscricaoMunicipal');
    expect(response.json().details).toEqual([
      { field: 'body.additionalFields.inscricaoMunicipal', message: 'Obrigatório' },
    ]);
  });

  it('refuses a value of the wrong type or not among the picklist options', async () => {
    const response = await post(
      '/api/company/saveCompany',
      newCompany({ inscricaoMunicipal: '12,5', porte: 'GRANDE' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'body.additionalFields.inscricaoMunicipal', message: 'Invalid value' },
      { field: 'body.additionalFields.porte', message: 'Invalid value' },
    ]);
  });

  it('stores valid values, returns them with the company and audits the change', async () => {
    const created = await post(
      '/api/company/saveCompany',
      newCompany({ inscricaoMunicipal: '4711', porte: 'ME', unknown: 'dropped' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    const company = await getCompany(id);
    expect(company.additionalFields).toEqual({ inscricaoMunicipal: 4711, porte: 'ME' });

    const changed = await post('/api/company/saveCompany', {
      id,
      cnpj: company.cnpj,
      name: company.name,
      tradeName: company.tradeName,
      version: company.version,
      additionalFields: { inscricaoMunicipal: 4711 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await getCompany(id)).additionalFields).toEqual({ inscricaoMunicipal: 4711 });

    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `company:${id}`));
    expect(audits.find((row) => row.action === 'admin.company.created')?.details).toMatchObject({
      additionalFields: { before: null, after: { inscricaoMunicipal: 4711, porte: 'ME' } },
    });
    expect(audits.find((row) => row.action === 'admin.company.updated')?.details).toEqual({
      additionalFields: {
        before: { inscricaoMunicipal: 4711, porte: 'ME' },
        after: { inscricaoMunicipal: 4711 },
      },
    });
  });

  it('keeps the values of fields no longer active when the company is saved again', async () => {
    const created = (
      await post('/api/company/saveCompany', newCompany({ inscricaoMunicipal: 1, porte: 'EPP' }))
    ).json();
    await post('/api/admin/additionalFields/save', { ...porte, active: false });
    try {
      const company = await getCompany(created.id);
      const saved = await post('/api/company/saveCompany', {
        id: created.id,
        cnpj: company.cnpj,
        name: 'Nome Novo',
        version: company.version,
        additionalFields: { inscricaoMunicipal: 2 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [row] = await app.database.db.select().from(companies).where(eq(companies.id, created.id));
      expect(row?.additionalFields).toEqual({ inscricaoMunicipal: 2, porte: 'EPP' });
    } finally {
      await post('/api/admin/additionalFields/save', { ...porte, active: true });
    }
  });

  it('saves a company without additional values once no field is required', async () => {
    await post('/api/admin/additionalFields/save', { ...inscricao, required: false });
    const response = await post('/api/company/saveCompany', newCompany());
    expect(response.statusCode, response.body).toBe(200);
    expect((await getCompany(response.json().id)).additionalFields).toEqual({});
  });
});
