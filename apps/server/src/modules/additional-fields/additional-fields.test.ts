import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, nextIp, signIn } from '../../../test/helpers/auth.ts';
import {
  permissionarioProfiles,
  requerenteProfiles,
  tiposRequerente,
  users,
} from '../accounts/accounts.table.ts';
import { validateAdditionalFieldValues } from './additional-fields.validator.ts';

const PASSWORD = 'cavalo correto bateria grampo';

describe('administration: additional fields', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let requerenteToken: string;
  let transportadorId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const admin = await buildUser(app.database.db, { isAdministrator: true, hasPanelAdminPermission: true });
    const requerente = await buildUser(app.database.db, { kind: 'requerente', loginPage: '/aet' });
    adminToken = await signIn(app, admin);
    requerenteToken = await signIn(app, requerente);
    const [tipo] = await app.database.db
      .select()
      .from(tiposRequerente)
      .where(eq(tiposRequerente.nome, 'Transportador'));
    transportadorId = tipo?.id ?? 0;
  });
  afterAll(() => app.close());

  it.each([
    ['GET', '/api/admin/additionalFields/list', undefined],
    [
      'POST',
      '/api/admin/additionalFields/save',
      { entity: 'user', name: 'x', labelPtBr: 'X', labelEn: 'X', type: 'STRING' },
    ],
    ['POST', '/api/admin/additionalFields/delete', { id: 1 }],
  ] as const)(
    'refuses %s %s to a requerente (403) and to anonymous callers (401)',
    async (method, url, payload) => {
      const asRequerente = await app.inject({ method, url, headers: bearer(requerenteToken), payload });
      expect(asRequerente.statusCode).toBe(403);
      const anonymous = await app.inject({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  const save = (payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/additionalFields/save',
      headers: bearer(adminToken),
      payload,
    });

  it('creates, lists, changes and deletes definitions; names are unique per entity', async () => {
    const created = await save({
      entity: 'user',
      name: 'ramal',
      labelPtBr: 'Ramal',
      labelEn: 'Extension',
      type: 'INTEGER',
      options: [{ value: 'ignored', text: 'ignored' }],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      name: 'ramal',
      type: 'INTEGER',
      options: [],
      active: true,
      required: false,
    });
    const id = created.json().id;

    const duplicate = await save({
      entity: 'user',
      name: 'ramal',
      labelPtBr: 'R',
      labelEn: 'R',
      type: 'STRING',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('ADDITIONAL_FIELD_DUPLICATE_NAME');
    // Another entity may use the same name.
    expect(
      (await save({ entity: 'company', name: 'ramal', labelPtBr: 'R', labelEn: 'R', type: 'STRING' }))
        .statusCode,
    ).toBe(200);

    const changed = await save({
      id,
      entity: 'user',
      name: 'ramal',
      labelPtBr: 'Ramal interno',
      labelEn: 'Extension',
      type: 'INTEGER',
      active: false,
    });
    expect(changed.json()).toMatchObject({ id, labelPtBr: 'Ramal interno', active: false });

    const listed = await app.inject({
      method: 'GET',
      url: '/api/admin/additionalFields/list?entity=user',
      headers: bearer(adminToken),
    });
    expect(listed.json()).toEqual([expect.objectContaining({ id, labelPtBr: 'Ramal interno' })]);

    const badName = await save({
      entity: 'user',
      name: '1 nome',
      labelPtBr: 'N',
      labelEn: 'N',
      type: 'STRING',
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().details).toEqual([expect.objectContaining({ field: 'body.name' })]);
    const noOptions = await save({
      entity: 'user',
      name: 'cor',
      labelPtBr: 'Cor',
      labelEn: 'Color',
      type: 'PICKLIST',
    });
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.json().details).toEqual([expect.objectContaining({ field: 'body.options' })]);

    const removed = await app.inject({
      method: 'POST',
      url: '/api/admin/additionalFields/delete',
      headers: bearer(adminToken),
      payload: { id },
    });
    expect(removed.json()).toEqual({ success: true });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/admin/additionalFields/delete',
      headers: bearer(adminToken),
      payload: { id },
    });
    expect(missing.statusCode).toBe(404);
  });

  describe('registration forms', () => {
    beforeAll(async () => {
      for (const body of [
        {
          entity: 'permissionario',
          name: 'codigoObra',
          labelPtBr: 'Código da obra',
          labelEn: 'Work code',
          type: 'STRING',
          required: true,
          position: 1,
        },
        {
          entity: 'permissionario',
          name: 'valorObra',
          labelPtBr: 'Valor da obra',
          labelEn: 'Work value',
          type: 'CURRENCY',
          position: 2,
        },
        {
          entity: 'permissionario',
          name: 'oculto',
          labelPtBr: 'Oculto',
          labelEn: 'Hidden',
          type: 'STRING',
          active: false,
        },
        {
          entity: 'requerente',
          name: 'porte',
          labelPtBr: 'Porte',
          labelEn: 'Size',
          type: 'PICKLIST',
          required: true,
          options: [
            { value: 'P', text: 'Pequeno' },
            { value: 'G', text: 'Grande' },
          ],
        },
        { entity: 'requerente', name: 'inicio', labelPtBr: 'Início', labelEn: 'Start', type: 'DATE_TIME' },
      ]) {
        expect((await save(body)).statusCode).toBe(200);
      }
    });

    it('lists the active fields of a form publicly, by position', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/additionalFields/list?entity=permissionario',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((field: { name: string }) => field.name)).toEqual([
        'codigoObra',
        'valorObra',
      ]);
      expect(response.json()[0]).not.toHaveProperty('id');
      const refused = await app.inject({ method: 'GET', url: '/api/additionalFields/list?entity=user' });
      expect(refused.statusCode).toBe(400);
    });

    const empresa = (additionalFields: Record<string, unknown>, email: string, cnpj: string) => ({
      nome: 'energia do vale ltda',
      email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      tipo: 'juridica',
      cpfCnpj: cnpj,
      nomeFantasia: 'energia do vale',
      atividade: 'distribuição de energia',
      additionalFields,
    });
    const register = (url: string, payload: object, language = 'pt-BR') =>
      app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'accept-language': language },
        remoteAddress: nextIp(),
      });

    it('refuses a registration without a required field, naming it, in pt-BR and en', async () => {
      const body = empresa({ valorObra: '12,345' }, 'faltando@exemplo.com.br', '11.444.777/0001-61');
      const pt = await register('/api/permissionario/registerNewPermissionario', body);
      expect(pt.statusCode).toBe(400);
      expect(pt.json().code).toBe('VALIDATION_FAILED');
      expect(pt.json().details).toEqual([
        { field: 'body.additionalFields.codigoObra', message: 'Obrigatório' },
        { field: 'body.additionalFields.valorObra', message: 'Valor inválido' },
      ]);
      expect(pt.json().Message).toContain('body.additionalFields.codigoObra');
      const en = await register('/api/permissionario/registerNewPermissionario', body, 'en');
      expect(en.json().details).toEqual([
        { field: 'body.additionalFields.codigoObra', message: 'Required' },
        { field: 'body.additionalFields.valorObra', message: 'Invalid value' },
      ]);
      expect(
        await app.database.db.select().from(users).where(eq(users.email, 'faltando@exemplo.com.br')),
      ).toEqual([]);
    });

    it('stores valid values, normalised, without unknown or inactive keys', async () => {
      const body = empresa(
        { codigoObra: ' OB-77 ', valorObra: '1.234,50', oculto: 'x', intruso: 'y' },
        'valido@exemplo.com.br',
        '11.222.333/0001-81',
      );
      const response = await register('/api/permissionario/registerNewPermissionario', body);
      expect(response.statusCode).toBe(200);
      const [user] = await app.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'valido@exemplo.com.br'));
      const [profile] = await app.database.db
        .select()
        .from(permissionarioProfiles)
        .where(eq(permissionarioProfiles.userId, user?.id ?? 0));
      expect(profile?.additionalFields).toEqual({ codigoObra: 'OB-77', valorObra: 1234.5 });
    });

    it('validates a requerente registration too (picklist membership, dates)', async () => {
      const base = {
        nome: 'joão pereira transportes',
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        tipo: 'fisica',
        tipoRequerente: transportadorId,
      };
      const bad = await register('/api/requerente/registerNewRequerente', {
        ...base,
        email: 'joao.mau@exemplo.com.br',
        cpfCnpj: '111.444.777-35',
        additionalFields: { porte: 'X', inicio: '1700-01-01' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual([
        { field: 'body.additionalFields.porte', message: 'Valor inválido' },
        { field: 'body.additionalFields.inicio', message: 'Data incorreta' },
      ]);
      const good = await register('/api/requerente/registerNewRequerente', {
        ...base,
        email: 'joao.bom@exemplo.com.br',
        cpfCnpj: '111.444.777-35',
        additionalFields: { porte: 'G', inicio: '2026-03-02T10:15:00-03:00' },
      });
      expect(good.statusCode).toBe(200);
      const [user] = await app.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'joao.bom@exemplo.com.br'));
      const [profile] = await app.database.db
        .select()
        .from(requerenteProfiles)
        .where(eq(requerenteProfiles.userId, user?.id ?? 0));
      expect(profile?.additionalFields).toEqual({ porte: 'G', inicio: '2026-03-02T13:15:00.000Z' });
    });
  });
});

describe('validateAdditionalFieldValues', () => {
  const rule = (type: string, extra: Record<string, unknown> = {}) =>
    ({ name: 'f', type, required: false, options: [], ...extra }) as Parameters<
      typeof validateAdditionalFieldValues
    >[0][number];
  const check = (type: string, value: unknown, extra: Record<string, unknown> = {}) =>
    validateAdditionalFieldValues([rule(type, extra)], { f: value });

  it('checks numbers: integers, currency decimals and the bounds of spec §5', () => {
    expect(check('INTEGER', 42).values).toEqual({ f: 42 });
    expect(check('INTEGER', 4.2).issues[0]?.message).toBe('invalidValue');
    expect(check('DECIMAL', '2,71').values).toEqual({ f: 2.71 });
    expect(check('CURRENCY', 10.25).values).toEqual({ f: 10.25 });
    expect(check('CURRENCY', 10.255).issues[0]?.message).toBe('invalidValue');
    expect(check('DECIMAL', 2e21).issues[0]).toMatchObject({
      message: 'valueInRange',
      params: { minimum: -1e22, maximum: 1e21 },
    });
    expect(check('DECIMAL', -2e22).issues[0]?.message).toBe('valueInRange');
    expect(check('DECIMAL', 'abc').issues[0]?.message).toBe('invalidValue');
  });

  it('checks dates (real calendar day, 1753–9999), booleans, picklists and required', () => {
    expect(check('DATE_TIME', '2024-02-29').values).toEqual({ f: '2024-02-29T00:00:00.000Z' });
    expect(check('DATE_TIME', '2023-02-29').issues[0]?.message).toBe('incorrectDate');
    expect(check('DATE_TIME', '1752-12-31').issues[0]?.message).toBe('incorrectDate');
    expect(check('DATE_TIME', 'amanhã').issues[0]?.message).toBe('incorrectDate');
    expect(check('BOOLEAN', false).values).toEqual({ f: false });
    expect(check('BOOLEAN', 'sim').issues[0]?.message).toBe('invalidValue');
    expect(check('PICKLIST', 'a', { options: [{ value: 'a', text: 'A' }] }).values).toEqual({ f: 'a' });
    expect(check('STRING', '', { required: true }).issues).toEqual([
      { field: 'body.additionalFields.f', message: 'required' },
    ]);
    expect(check('STRING', 'x'.repeat(4001)).issues[0]?.message).toBe('tooLong');
  });
});
