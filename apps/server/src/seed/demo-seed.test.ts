import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app.ts';
import type { Database } from '../infra/db/database.ts';
import { DEFAULT_TIPOS_REQUERENTE } from '../modules/accounts/accounts.seed.ts';
import {
  permissionarioProfiles,
  requerenteProfiles,
  tiposRequerente,
  users,
} from '../modules/accounts/accounts.table.ts';
import { isAetValid } from '../modules/aet/aet.service.ts';
import { issuedAets } from '../modules/aet/aet.table.ts';
import { createPasswordHasher } from '../modules/identity/core/password-hasher.ts';
import { checkPassword } from '../modules/identity/core/password-policy.ts';
import {
  DEMO_ADMIN_LOGIN,
  DEMO_ADMIN_PASSWORD,
  DEMO_ANALYST_LOGIN,
  DEMO_ANALYST_PASSWORD,
  DEMO_PERMISSIONARIO_LOGIN,
  DEMO_PERMISSIONARIO_PASSWORD,
  DEMO_REQUERENTE_LOGIN,
  DEMO_REQUERENTE_PASSWORD,
} from './demo-accounts.ts';
import { runSeeds } from './seed.ts';

const NOW = new Date('2026-06-15T13:00:00Z');
const PUBLIC_URL = 'https://der.example.gov.br';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function captureLog() {
  const lines: { object: Record<string, unknown>; message: string }[] = [];
  const info = (object: Record<string, unknown>, message = '') => lines.push({ object, message });
  return { log: { info, warn: info, error: info } as unknown as FastifyBaseLogger, lines };
}

describe('required rows', () => {
  it('creates the requester types once, in order, and never brings back a removed one', async () => {
    await runSeeds(database, { demoData: false });
    const tipos = await database.db.select().from(tiposRequerente).orderBy(tiposRequerente.position);
    expect(tipos.map((tipo) => [tipo.nome, tipo.active])).toEqual(
      DEFAULT_TIPOS_REQUERENTE.map((nome) => [nome, true]),
    );
    await database.db.delete(tiposRequerente).where(eq(tiposRequerente.nome, 'Despachante'));
    await runSeeds(database, { demoData: false });
    expect(await database.db.select().from(tiposRequerente)).toHaveLength(4);
    await database.db.insert(tiposRequerente).values({ nome: 'Despachante', position: 3 });
  });
});

describe('demo data', () => {
  it('creates the four active accounts and one vigente AET on the first run only, logging its address', async () => {
    const { log, lines } = captureLog();
    const first = await runSeeds(database, { demoData: true, publicUrl: PUBLIC_URL, now: () => NOW, log });
    expect(first.demoDataLoaded).toBe(true);
    const again = await runSeeds(database, { demoData: true, publicUrl: PUBLIC_URL, now: () => NOW, log });
    expect(again.demoDataLoaded).toBe(false);

    const accounts = await database.db.select().from(users).orderBy(users.id);
    expect(accounts.map((user) => [user.login, user.kind, user.activated])).toEqual([
      [DEMO_ADMIN_LOGIN, 'staff', true],
      [DEMO_ANALYST_LOGIN, 'staff', true],
      [DEMO_PERMISSIONARIO_LOGIN, 'permissionario', true],
      [DEMO_REQUERENTE_LOGIN, 'requerente', true],
    ]);
    const [admin, analyst, permissionario, requerente] = accounts;
    expect(admin).toMatchObject({ isAdministrator: true, hasPanelAdminPermission: true, loginPage: '/' });
    expect(analyst).toMatchObject({ isAdministrator: false, hasPanelAdminPermission: false });
    expect(permissionario).toMatchObject({ loginPage: '/faixaDeDominio', email: DEMO_PERMISSIONARIO_LOGIN });
    expect(requerente).toMatchObject({ loginPage: '/aet', email: DEMO_REQUERENTE_LOGIN });

    const [permissionarioProfile] = await database.db
      .select()
      .from(permissionarioProfiles)
      .where(eq(permissionarioProfiles.userId, permissionario!.id));
    expect(permissionarioProfile).toMatchObject({ tipo: 'juridica', nomeFantasia: 'ENERGIA SUL' });
    const [requerenteProfile] = await database.db
      .select({ tipo: requerenteProfiles.tipo, nome: tiposRequerente.nome })
      .from(requerenteProfiles)
      .innerJoin(tiposRequerente, eq(tiposRequerente.id, requerenteProfiles.tipoRequerenteId))
      .where(eq(requerenteProfiles.userId, requerente!.id));
    expect(requerenteProfile).toEqual({ tipo: 'juridica', nome: 'Transportador' });

    const hasher = createPasswordHasher();
    const passwords = [
      DEMO_ADMIN_PASSWORD,
      DEMO_ANALYST_PASSWORD,
      DEMO_PERMISSIONARIO_PASSWORD,
      DEMO_REQUERENTE_PASSWORD,
    ];
    for (const [index, password] of passwords.entries()) {
      const user = accounts[index]!;
      expect(await hasher.verify(user.passwordHash, password)).toBe(true);
      expect(checkPassword(password, { login: user.login, email: user.email })).toEqual({ ok: true });
    }

    const aets = await database.db.select().from(issuedAets);
    expect(aets).toHaveLength(1);
    const aet = aets[0]!;
    expect(aet).toMatchObject({
      status: 'vigente',
      requerenteUserId: requerente!.id,
      number: 1287,
      year: 2026,
    });
    // 16 random bytes, base64url: 128 bits, never the sequential number.
    expect(aet.uid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(isAetValid(aet, NOW)).toBe(true);
    expect(aet.validFrom.toISOString()).toBe('2026-06-15T03:00:00.000Z');
    expect(aet.validUntil.toISOString()).toBe('2026-12-13T02:59:59.999Z');
    expect((aet.document as { validUntil: string }).validUntil).toBe('2026-12-12');
    expect(Buffer.from(aet.pdfBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const url = `${PUBLIC_URL}/validarAET?uid=${aet.uid}`;
    const announced = lines.filter((line) => line.message.includes(url));
    expect(announced).toHaveLength(1);
  });
});
