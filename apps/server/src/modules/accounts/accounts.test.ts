import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildActivationToken, buildUser, findUserByEmail } from '../../../test/factories/accounts.ts';
import { sha256Hex } from '../../infra/crypto/tokens.ts';
import { uniqueViolation } from '../../infra/db/unique-violation.ts';
import type { EmailPayload } from '../../infra/outbox/outbox.service.ts';
import { outbox } from '../../infra/outbox/outbox.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { PORTAL_GROUPS } from '../groups/groups.service.ts';
import { groupMembers, userGroups } from '../groups/groups.table.ts';
import { securitySettings } from '../sessions/sessions.table.ts';
import { createAccountsRepo } from './accounts.repo.ts';
import { DEFAULT_TIPOS_REQUERENTE } from './accounts.seed.ts';
import {
  accountTokens,
  permissionarioProfiles,
  requerenteProfiles,
  tiposRequerente,
  users,
} from './accounts.table.ts';

const PERMISSIONARIO = '/api/permissionario/registerNewPermissionario';
const REQUERENTE = '/api/requerente/registerNewRequerente';
const PASSWORD = 'cavalo correto bateria grampo';

let clock = new Date('2026-03-10T15:00:00Z');
let app: FastifyInstance;
let transportadorId: number;

beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
  const [tipo] = await app.database.db
    .select()
    .from(tiposRequerente)
    .where(eq(tiposRequerente.nome, 'Transportador'));
  transportadorId = tipo!.id;
});
afterAll(() => app.close());

// Registration is rate-limited per address: each request comes from its own, except where a test says.
let addressCounter = 0;
function nextAddress(): string {
  addressCounter++;
  return `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function post(url: string, payload: unknown, language = 'pt-BR', remoteAddress = nextAddress()) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'accept-language': language },
    remoteAddress,
  });
}

const pessoaFisica = {
  nome: 'maria da silva',
  email: 'Maria.Silva@Exemplo.com.br',
  password: PASSWORD,
  passwordConfirm: PASSWORD,
  atualizacao: true,
  tipo: 'fisica',
  cpfCnpj: '529.982.247-25',
  rg: '1234567',
  orgaoExpedidor: 'ssp/sp',
  profissao: 'engenheira',
  estadoCivil: 'casada',
  nacionalidade: 'brasileira',
};

const empresa = {
  nome: 'energia do vale ltda',
  email: 'contato@energiadovale.com.br',
  password: PASSWORD,
  passwordConfirm: PASSWORD,
  tipo: 'juridica',
  cpfCnpj: '12.ABC.345/01DE-35',
  inscricaoEstadual: 'isento',
  nomeFantasia: 'energia do vale',
  atividade: 'distribuição de energia',
};

function requerente(overrides: Record<string, unknown> = {}) {
  return {
    nome: 'joão pereira transportes',
    email: 'joao@pereiratransportes.com.br',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    tipo: 'fisica',
    cpfCnpj: '111.444.777-35',
    tipoRequerente: transportadorId,
    ...overrides,
  };
}

async function latestOutboxEmail() {
  const [row] = await app.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  const payload = row!.payload as unknown as EmailPayload;
  return { row: row!, payload, data: app.services.outbox.openEmailData(payload) as Record<string, unknown> };
}

async function tokenFromLatestEmail(): Promise<string> {
  return (await latestOutboxEmail()).data.token as string;
}

function fieldMessages(body: { details?: { field: string; message: string }[] }) {
  return Object.fromEntries((body.details ?? []).map((issue) => [issue.field, issue.message]));
}

describe('POST /api/permissionario/registerNewPermissionario', () => {
  it('registers a person: inactive user, uppercase profile, bare CPF, hashed token, sealed e-mail, audit', async () => {
    const response = await post(PERMISSIONARIO, pessoaFisica);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Enviamos uma mensagem para o e-mail cadastrado para ativar a conta.',
    });

    const user = await findUserByEmail(app, 'maria.silva@exemplo.com.br');
    expect(user).toMatchObject({
      kind: 'permissionario',
      login: 'maria.silva@exemplo.com.br',
      name: 'MARIA DA SILVA',
      activated: false,
      loginPage: '/faixaDeDominio',
      hasChangePasswordPermission: true,
      isAdministrator: false,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await app.services.passwordHasher.verify(user!.passwordHash, PASSWORD)).toBe(true);

    const [profile] = await app.database.db
      .select()
      .from(permissionarioProfiles)
      .where(eq(permissionarioProfiles.userId, user!.id));
    expect(profile).toMatchObject({
      tipo: 'fisica',
      cpfCnpj: '52998224725',
      atualizacao: true,
      rg: '1234567',
      orgaoExpedidor: 'SSP/SP',
      profissao: 'ENGENHEIRA',
      estadoCivil: 'CASADA',
      nacionalidade: 'BRASILEIRA',
      nomeFantasia: '',
    });

    const { row, payload, data } = await latestOutboxEmail();
    expect(row.status).toBe('pending');
    expect(payload).toMatchObject({
      to: 'maria.silva@exemplo.com.br',
      template: 'activation',
      language: 'pt-BR',
    });
    // The token is sealed in the outbox and only its hash is in account_tokens.
    expect(payload.sealed).toBe(true);
    expect(JSON.stringify(row.payload)).not.toContain(data.token as string);
    expect(data).toMatchObject({
      platformName: 'DER-UF · Portal de Serviços',
      publicUrl: 'http://localhost:3000',
      name: 'MARIA DA SILVA',
      accountType: 'permissionario',
    });
    const [token] = await app.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, user!.id));
    expect(token!.tokenHash).toBe(sha256Hex(data.token as string));
    expect(token!.expiresAt.getTime() - clock.getTime()).toBe(48 * 60 * 60 * 1000);
    expect(token!.usedAt).toBeNull();

    const [audit] = await app.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: 'account.registered',
      actorUserId: user!.id,
      target: `user:${user!.id}`,
    });
    expect(JSON.stringify(audit!.details)).not.toContain('52998224725');
  });

  it('registers a company with an alphanumeric CNPJ, answering in English when asked', async () => {
    const response = await post(PERMISSIONARIO, empresa, 'en-US,en;q=0.9');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      'We sent a message to the registered e-mail to activate the account.',
    );
    const user = await findUserByEmail(app, 'contato@energiadovale.com.br');
    expect(user).toMatchObject({ name: 'ENERGIA DO VALE LTDA', activated: false });
    const [profile] = await app.database.db
      .select()
      .from(permissionarioProfiles)
      .where(eq(permissionarioProfiles.userId, user!.id));
    expect(profile).toMatchObject({
      tipo: 'juridica',
      cpfCnpj: '12ABC34501DE35',
      inscricaoEstadual: 'ISENTO',
      nomeFantasia: 'ENERGIA DO VALE',
      atividade: 'DISTRIBUIÇÃO DE ENERGIA',
      rg: '',
    });
    const { payload } = await latestOutboxEmail();
    expect(payload).toMatchObject({ template: 'activation', language: 'en' });
  });

  it('refuses a CPF or CNPJ already registered with 409 ACCOUNT_DUPLICATE_DOCUMENT', async () => {
    const response = await post(PERMISSIONARIO, { ...pessoaFisica, email: 'outra@exemplo.com.br' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ACCOUNT_DUPLICATE_DOCUMENT',
      Message: 'Já existe uma conta com este CPF/CNPJ.',
    });
    const masked = await post(PERMISSIONARIO, { ...empresa, email: 'b@c.com.br', cpfCnpj: '12abc34501de35' });
    expect(masked.json().code).toBe('ACCOUNT_DUPLICATE_DOCUMENT');
  });

  it('refuses an e-mail already used by any account, whatever its case, with 409 ACCOUNT_DUPLICATE_EMAIL', async () => {
    const response = await post(
      PERMISSIONARIO,
      { ...empresa, email: 'CONTATO@energiadovale.com.br', cpfCnpj: '11.222.333/0001-81' },
      'en',
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ACCOUNT_DUPLICATE_EMAIL',
      Message: 'An account with this e-mail already exists.',
    });
    // The login of another account (staff sign in with a login that is not an e-mail) counts as well.
    await buildUser(app, { kind: 'staff', login: 'fiscal@der.sp.gov.br', email: 'outro@der.sp.gov.br' });
    const login = await post(PERMISSIONARIO, {
      ...empresa,
      email: 'fiscal@der.sp.gov.br',
      cpfCnpj: '11222333000181',
    });
    expect(login.json().code).toBe('ACCOUNT_DUPLICATE_EMAIL');
  });

  it('recognises the unique indexes a lost race violates, on either driver', async () => {
    const repo = createAccountsRepo();
    const taken = await buildUser(app, { email: 'indice@exemplo.com.br' });
    const insertAgain = repo.insertUser(app.database.db, {
      kind: 'requerente',
      login: 'INDICE@exemplo.com.br',
      name: 'X',
      email: 'outro.indice@exemplo.com.br',
      passwordHash: 'x',
    });
    const error = await insertAgain.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(uniqueViolation(error)).toBe('users_login_unique');
    expect(uniqueViolation(new Error('other'))).toBeNull();
    expect(taken.id).toBeGreaterThan(0);
  });

  it('maps a registration race lost at the unique index to 409, creating nothing', async () => {
    const body = { ...empresa, email: 'corrida@exemplo.com.br', cpfCnpj: '11.444.777/0001-61' };
    const [first, second] = await Promise.all([post(PERMISSIONARIO, body), post(PERMISSIONARIO, body)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(['ACCOUNT_DUPLICATE_DOCUMENT', 'ACCOUNT_DUPLICATE_EMAIL']).toContain(loser.json().code);
    const rows = await app.database.db.select().from(users).where(eq(users.email, 'corrida@exemplo.com.br'));
    expect(rows).toHaveLength(1);
  });
});

describe('registration validation (spec §5), in both languages', () => {
  const cases: {
    name: string;
    url: string;
    /** Built when the test runs: the requester type id is known only after the app starts. */
    body: () => Record<string, unknown>;
    field: string;
    pt: string;
    en: string;
  }[] = [
    {
      name: 'nome fantasia and atividade of a company',
      url: PERMISSIONARIO,
      body: () => ({ ...empresa, nomeFantasia: ' ', atividade: '' }),
      field: 'body.nomeFantasia',
      pt: 'Obrigatório',
      en: 'Required',
    },
    {
      name: 'rg, órgão expedidor, profissão … of a person',
      url: PERMISSIONARIO,
      body: () => ({ ...pessoaFisica, cpfCnpj: '111.444.777-35', orgaoExpedidor: '' }),
      field: 'body.orgaoExpedidor',
      pt: 'Obrigatório',
      en: 'Required',
    },
    {
      name: 'the requester type of an AET applicant',
      url: REQUERENTE,
      body: () => requerente({ tipoRequerente: undefined }),
      field: 'body.tipoRequerente',
      pt: 'Obrigatório',
      en: 'Required',
    },
    {
      name: 'a CPF check digit',
      url: PERMISSIONARIO,
      body: () => ({ ...pessoaFisica, cpfCnpj: '529.982.247-24' }),
      field: 'body.cpfCnpj',
      pt: 'CPF inválido',
      en: 'Invalid CPF',
    },
    {
      name: 'a numeric CNPJ check digit',
      url: PERMISSIONARIO,
      body: () => ({ ...empresa, cpfCnpj: '11.222.333/0001-82' }),
      field: 'body.cpfCnpj',
      pt: 'CNPJ inválido',
      en: 'Invalid CNPJ',
    },
    {
      name: 'an alphanumeric CNPJ check digit',
      url: REQUERENTE,
      body: () => requerente({ tipo: 'juridica', cpfCnpj: '12.ABC.345/01DE-36' }),
      field: 'body.cpfCnpj',
      pt: 'CNPJ inválido',
      en: 'Invalid CNPJ',
    },
    {
      name: 'the e-mail pattern',
      url: REQUERENTE,
      body: () => requerente({ email: 'joao@transportes.c' }),
      field: 'body.email',
      pt: 'Email inválido',
      en: 'Invalid email',
    },
    {
      name: 'different passwords',
      url: PERMISSIONARIO,
      body: () => ({ ...empresa, passwordConfirm: 'outra senha qualquer' }),
      field: 'body.passwordConfirm',
      pt: 'Senha não são iguais',
      en: 'Passwords are not the same',
    },
    {
      name: 'a password shorter than 8',
      url: REQUERENTE,
      body: () => requerente({ password: 'k7#pQ2x', passwordConfirm: 'k7#pQ2x' }),
      field: 'body.password',
      pt: 'A senha deve ter pelo menos 8 caracteres',
      en: 'The password must have at least 8 characters',
    },
    {
      name: 'a common password',
      url: PERMISSIONARIO,
      body: () => ({
        ...empresa,
        email: 'novo@exemplo.com.br',
        password: 'Qwerty123',
        passwordConfirm: 'Qwerty123',
      }),
      field: 'body.password',
      pt: 'Esta senha é muito comum; escolha outra',
      en: 'This password is too common; choose another one',
    },
    {
      name: 'a password equal to the e-mail',
      url: REQUERENTE,
      body: () =>
        requerente({
          password: 'joao@pereiratransportes.com.br',
          passwordConfirm: 'joao@pereiratransportes.com.br',
        }),
      field: 'body.password',
      pt: 'Esta senha é muito comum; escolha outra',
      en: 'This password is too common; choose another one',
    },
  ];

  for (const testCase of cases) {
    it(`refuses ${testCase.name}: '${testCase.pt}' / '${testCase.en}'`, async () => {
      const pt = await post(testCase.url, testCase.body(), 'pt-BR');
      expect(pt.statusCode).toBe(400);
      expect(pt.json().code).toBe('VALIDATION_FAILED');
      expect(fieldMessages(pt.json())[testCase.field]).toBe(testCase.pt);
      const en = await post(testCase.url, testCase.body(), 'en');
      expect(en.statusCode).toBe(400);
      expect(fieldMessages(en.json())[testCase.field]).toBe(testCase.en);
    });
  }

  it('reads the minimum password length from the security settings when they exist', async () => {
    await app.database.db
      .insert(securitySettings)
      .values({ id: 1, passwordMinLength: 30 })
      .onConflictDoUpdate({ target: securitySettings.id, set: { passwordMinLength: 30 } });
    try {
      const response = await post(REQUERENTE, requerente(), 'en');
      expect(response.statusCode).toBe(400);
      expect(fieldMessages(response.json())['body.password']).toBe(
        'The password must have at least 30 characters',
      );
    } finally {
      await app.database.db
        .update(securitySettings)
        .set({ passwordMinLength: 8 })
        .where(eq(securitySettings.id, 1));
    }
  });

  it('refuses an unknown or inactive requester type with 400 ACCOUNT_TIPO_REQUERENTE_INVALID', async () => {
    const unknown = await post(REQUERENTE, requerente({ tipoRequerente: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'ACCOUNT_TIPO_REQUERENTE_INVALID',
      Message: 'O tipo de requerente informado não existe.',
    });
    const [inactive] = await app.database.db
      .insert(tiposRequerente)
      .values({ nome: 'Tipo desativado', active: false, position: 99 })
      .returning();
    const response = await post(REQUERENTE, requerente({ tipoRequerente: inactive!.id }));
    expect(response.json().code).toBe('ACCOUNT_TIPO_REQUERENTE_INVALID');
  });

  it('creates nothing when a registration is refused', async () => {
    expect(await findUserByEmail(app, 'joao@pereiratransportes.com.br')).toBeNull();
    expect(await findUserByEmail(app, 'novo@exemplo.com.br')).toBeNull();
  });

  it('limits registrations per address with 429 RATE_LIMITED', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await post(PERMISSIONARIO, { nome: '' }, 'pt-BR', address)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('POST /api/requerente/registerNewRequerente', () => {
  it('registers an applicant with the chosen requester type and an activation e-mail for /activateRequerente', async () => {
    const response = await post(REQUERENTE, requerente());
    expect(response.statusCode).toBe(200);
    const user = await findUserByEmail(app, 'joao@pereiratransportes.com.br');
    expect(user).toMatchObject({
      kind: 'requerente',
      name: 'JOÃO PEREIRA TRANSPORTES',
      loginPage: '/aet',
      activated: false,
    });
    const [profile] = await app.database.db
      .select()
      .from(requerenteProfiles)
      .where(eq(requerenteProfiles.userId, user!.id));
    expect(profile).toMatchObject({
      tipo: 'fisica',
      cpfCnpj: '11144477735',
      tipoRequerenteId: transportadorId,
    });
    const { data } = await latestOutboxEmail();
    expect(data).toMatchObject({ accountType: 'requerente', name: 'JOÃO PEREIRA TRANSPORTES' });
    const [audit] = await app.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'account.registered', target: `user:${user!.id}` });
    expect(JSON.stringify(audit!.details)).not.toContain('11144477735');
  });
});

describe('activation', () => {
  it('looks an inactive account up by its token: name and e-mail', async () => {
    await post(PERMISSIONARIO, { ...empresa, email: 'ativar@exemplo.com.br', cpfCnpj: '11.222.333/0001-81' });
    const token = await tokenFromLatestEmail();
    const response = await post('/api/permissionario/getByToken', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'ENERGIA DO VALE LTDA', email: 'ativar@exemplo.com.br' });
  });

  it("refuses another portal's token and an unknown one with 400 ACCOUNT_TOKEN_INVALID", async () => {
    await post(REQUERENTE, requerente({ email: 'portal@exemplo.com.br', cpfCnpj: '123.456.789-09' }));
    const token = await tokenFromLatestEmail();
    const other = await post('/api/permissionario/getByToken', { token });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'ACCOUNT_TOKEN_INVALID', Message: 'Token inválido.' });
    const unknown = await post('/api/requerente/getByToken', { token: 'nao-existe' }, 'en');
    expect(unknown.json()).toMatchObject({ code: 'ACCOUNT_TOKEN_INVALID', Message: 'Invalid token.' });
    const activate = await app.inject({ method: 'GET', url: `/api/permissionario/activate?token=${token}` });
    expect(activate.json().code).toBe('ACCOUNT_TOKEN_INVALID');
    expect((await findUserByEmail(app, 'portal@exemplo.com.br'))!.activated).toBe(false);
  });

  it('activates once: the account becomes active, the token is spent, the event audited', async () => {
    await post(REQUERENTE, requerente({ email: 'uma.vez@exemplo.com.br', cpfCnpj: '987.654.321-00' }));
    const token = await tokenFromLatestEmail();
    const url = `/api/requerente/activate?token=${encodeURIComponent(token)}`;

    const first = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    const user = await findUserByEmail(app, 'uma.vez@exemplo.com.br');
    expect(user!.activated).toBe(true);
    const [stored] = await app.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, sha256Hex(token)));
    expect(stored!.usedAt).toEqual(clock);
    const [audit] = await app.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'account.activated', actorUserId: user!.id });
    // The account joins its portal's group, which the AET application is granted to.
    const membership = await app.database.db
      .select({ name: userGroups.name })
      .from(groupMembers)
      .innerJoin(userGroups, eq(userGroups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, user!.id));
    expect(membership).toEqual([{ name: PORTAL_GROUPS.requerente }]);

    const second = await app.inject({ method: 'GET', url });
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe('ACCOUNT_TOKEN_INVALID');
    const activations = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${user!.id}`));
    expect(activations.filter((row) => row.action === 'account.activated')).toHaveLength(1);

    // The lookup now answers 1: the page shows 'Token Invalido. Usuario ja ativado'.
    const lookup = await post('/api/requerente/getByToken', { token });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toBe(1);
  });

  it('answers 1 for a token of an account that is already active', async () => {
    const user = await buildUser(app, { kind: 'permissionario', activated: true });
    const token = await buildActivationToken(app, user.id);
    expect((await post('/api/permissionario/getByToken', { token })).json()).toBe(1);
  });

  it('refuses an expired token with 410 ACCOUNT_TOKEN_EXPIRED, on lookup and activation', async () => {
    await post(PERMISSIONARIO, { ...empresa, email: 'atrasado@exemplo.com.br', cpfCnpj: 'Z3K9PQ2L000101' });
    const token = await tokenFromLatestEmail();
    const registeredAt = clock;
    try {
      clock = new Date(registeredAt.getTime() + 48 * 60 * 60 * 1000 + 1000);
      const lookup = await post('/api/permissionario/getByToken', { token });
      expect(lookup.statusCode).toBe(410);
      expect(lookup.json()).toMatchObject({
        code: 'ACCOUNT_TOKEN_EXPIRED',
        Message: 'O link de ativação expirou. Cadastre-se novamente ou peça um novo link.',
      });
      const activate = await app.inject({
        method: 'GET',
        url: `/api/permissionario/activate?token=${encodeURIComponent(token)}`,
      });
      expect(activate.statusCode).toBe(410);
      expect((await findUserByEmail(app, 'atrasado@exemplo.com.br'))!.activated).toBe(false);
      // Still usable a moment before the 48 hours end.
      clock = new Date(registeredAt.getTime() + 48 * 60 * 60 * 1000 - 1000);
      expect((await post('/api/permissionario/getByToken', { token })).statusCode).toBe(200);
    } finally {
      clock = registeredAt;
    }
  });

  it('requires the token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/requerente/activate' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/requerente/getTipos', () => {
  it('lists the active requester types in order, without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/requerente/getTipos' });
    expect(response.statusCode).toBe(200);
    const tipos = response.json() as { id: number; nome: string }[];
    expect(tipos.map((tipo) => tipo.nome)).toEqual([...DEFAULT_TIPOS_REQUERENTE]);
    expect(tipos.every((tipo) => Number.isInteger(tipo.id))).toBe(true);
    expect(tipos.map((tipo) => tipo.nome)).not.toContain('Tipo desativado');
  });
});
