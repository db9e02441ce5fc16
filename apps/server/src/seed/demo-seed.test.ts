import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app.ts';
import { wireTestDocumentGeneration } from '../../test/helpers/document-generation.ts';
import { runtimeAttachments } from '../engine/attachments/attachments.table.ts';
import { runtimeItems } from '../engine/items/items.table.ts';
import { timesheetEntries } from '../engine/timesheets/timesheets.table.ts';
import { PROCESS_ACCOUNT } from '../engine/workflow/system-account.ts';
import type { Database } from '../infra/db/database.ts';
import { DEFAULT_TIPOS_REQUERENTE } from '../modules/accounts/accounts.seed.ts';
import {
  permissionarioProfiles,
  requerenteProfiles,
  tiposRequerente,
  users,
} from '../modules/accounts/accounts.table.ts';
import { DEMO_ISSUED_AETS, DEMO_SUSPENSION_REASON } from '../modules/aet/aet.seed.ts';
import { createAetService } from '../modules/aet/aet.service.ts';
import { findAetRequestComponent } from '../modules/aet/aet-component.ts';
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
  wireTestDocumentGeneration(PUBLIC_URL);
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
  // The whole demo seed runs here (projects, tasks and their network, AETs issued through the workflow,
  // calendars, resources, timesheets): 90 s, so a busy two-core machine does not cut it at the default 30 s.
  it('creates the four active accounts, the disabled process account and a few AETs issued through the workflow on the first run only, logging an address', async () => {
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
      // The process account the envelope check moves requests as (engine/workflow/system-account.ts): disabled.
      [PROCESS_ACCOUNT.login, 'staff', false],
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

    // The demo AETs went through the workflow: the requerente's requests, numbered, tokened, PDF attached.
    const component = await findAetRequestComponent(database.db);
    const issued = (
      await database.db
        .select()
        .from(runtimeItems)
        .where(eq(runtimeItems.componentId, component!.id))
        .orderBy(runtimeItems.id)
    ).filter((item) => typeof item.data.uidValidacao === 'string');
    expect(issued).toHaveLength(DEMO_ISSUED_AETS);
    expect(issued.map((item) => item.status).sort()).toEqual(['emitida', 'emitida', 'suspensa']);
    const aet = issued.find((item) => item.status === 'emitida')!;
    expect(aet).toMatchObject({ creatorId: requerente!.id });
    expect(aet.version).toBeGreaterThan(3);
    expect(aet.data.numeroAet).toBe(aet.formattedId);
    // 16 random bytes as hex: 128 bits, never the sequential number.
    expect(aet.data.uidValidacao).toMatch(/^[0-9a-f]{32}$/);
    for (const item of issued)
      expect(
        await database.db.select().from(runtimeAttachments).where(eq(runtimeAttachments.itemId, item.id)),
      ).toHaveLength(1);
    const service = createAetService({ db: database.db, publicUrl: PUBLIC_URL, now: () => NOW });
    expect(await service.validate(String(aet.data.uidValidacao))).toMatchObject({
      valid: true,
      situation: 'vigente',
    });
    const suspended = issued.find((item) => item.status === 'suspensa')!;
    expect(await service.validate(String(suspended.data.uidValidacao))).toMatchObject({
      valid: false,
      situation: 'suspensa',
      reason: DEMO_SUSPENSION_REASON,
    });

    const url = `${PUBLIC_URL}/validarAET?uid=${String(issued[0]!.data.uidValidacao)}`;
    const announced = lines.filter((line) => line.message.includes(url));
    expect(announced).toHaveLength(1);

    // The analyst's last two weeks of hours (Monday to Friday, three tasks a day), all on their own tasks.
    const hours = await database.db.select().from(timesheetEntries);
    expect(hours.length).toBeGreaterThanOrEqual(8 * 3);
    expect(new Set(hours.map((entry) => entry.userId)).size).toBe(1);
    expect(hours.every((entry) => entry.minutes > 0 && entry.day < NOW.toISOString().slice(0, 10))).toBe(
      true,
    );
  }, 90_000);
});
