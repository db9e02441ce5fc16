import { eq } from 'drizzle-orm';
import type { Db } from '../infra/db/database.ts';
import {
  permissionarioProfiles,
  requerenteProfiles,
  tiposRequerente,
  users,
} from '../modules/accounts/accounts.table.ts';
import { createPasswordHasher } from '../modules/identity/core/password-hasher.ts';
import type { SeedContext } from './seed-context.ts';

/**
 * The demo accounts (SEED_DEMO_DATA, first run only), quoted by the README. Each password passes the password
 * policy; change them, or start with SEED_DEMO_DATA=false, anywhere beyond a demonstration.
 */
export const DEMO_ADMIN_LOGIN = 'admin';
export const DEMO_ADMIN_PASSWORD = 'Admin@Der-2026';
export const DEMO_ANALYST_LOGIN = 'analista';
export const DEMO_ANALYST_PASSWORD = 'Analista@Der-2026';
/** Permissionário (faixa de domínio), a company: signs in at /faixaDeDominio with its e-mail. */
export const DEMO_PERMISSIONARIO_LOGIN = 'energia@demo.der.test';
export const DEMO_PERMISSIONARIO_PASSWORD = 'Permissao@Der-2026';
/** Requerente (AET), a carrier: signs in at /aet with its e-mail; holds the demo AET. */
export const DEMO_REQUERENTE_LOGIN = 'transportes@demo.der.test';
export const DEMO_REQUERENTE_PASSWORD = 'Requerente@Der-2026';

/** The carrier of buildDemoAet (modules/documents/aet-document.ts): the demo AET is issued to this account. */
export const DEMO_REQUERENTE_NAME = 'TRANSLOG CERRADO TRANSPORTES RODOVIÁRIOS LTDA';
export const DEMO_REQUERENTE_CNPJ = '48271653000131';
export const DEMO_PERMISSIONARIO_CNPJ = '35894127000186';

/** Creates the four demo accounts, all active. Runs in the demo seed's transaction. */
export async function seedDemoAccounts(tx: Db, context: SeedContext): Promise<void> {
  const hasher = createPasswordHasher();
  const now = context.now();
  const common = { activated: true, passwordChangedAt: now, createdAt: now, updatedAt: now };

  await tx.insert(users).values([
    {
      ...common,
      kind: 'staff',
      login: DEMO_ADMIN_LOGIN,
      name: 'ADMINISTRADOR DO PORTAL',
      email: 'admin@demo.der.test',
      passwordHash: await hasher.hash(DEMO_ADMIN_PASSWORD),
      isAdministrator: true,
      hasPanelAdminPermission: true,
      loginPage: '/',
    },
    {
      ...common,
      kind: 'staff',
      login: DEMO_ANALYST_LOGIN,
      name: 'ANA PAULA RIBEIRO (ANALISTA)',
      email: 'analista@demo.der.test',
      passwordHash: await hasher.hash(DEMO_ANALYST_PASSWORD),
      loginPage: '/',
    },
  ]);

  const [permissionario] = await tx
    .insert(users)
    .values({
      ...common,
      kind: 'permissionario',
      login: DEMO_PERMISSIONARIO_LOGIN,
      name: 'ENERGIA SUL DISTRIBUIDORA DE ELETRICIDADE S.A.',
      email: DEMO_PERMISSIONARIO_LOGIN,
      passwordHash: await hasher.hash(DEMO_PERMISSIONARIO_PASSWORD),
      loginPage: '/faixaDeDominio',
    })
    .returning({ id: users.id });
  await tx.insert(permissionarioProfiles).values({
    userId: permissionario!.id,
    tipo: 'juridica',
    cpfCnpj: DEMO_PERMISSIONARIO_CNPJ,
    atualizacao: false,
    inscricaoEstadual: 'ISENTO',
    nomeFantasia: 'ENERGIA SUL',
    atividade: 'DISTRIBUIÇÃO DE ENERGIA ELÉTRICA',
  });

  const [requerente] = await tx
    .insert(users)
    .values({
      ...common,
      kind: 'requerente',
      login: DEMO_REQUERENTE_LOGIN,
      name: DEMO_REQUERENTE_NAME,
      email: DEMO_REQUERENTE_LOGIN,
      passwordHash: await hasher.hash(DEMO_REQUERENTE_PASSWORD),
      loginPage: '/aet',
    })
    .returning({ id: users.id });
  const [transportador] = await tx
    .select({ id: tiposRequerente.id })
    .from(tiposRequerente)
    .where(eq(tiposRequerente.nome, 'Transportador'))
    .limit(1);
  if (!transportador) throw new Error('demo seed: the requester type Transportador is missing');
  await tx.insert(requerenteProfiles).values({
    userId: requerente!.id,
    tipo: 'juridica',
    cpfCnpj: DEMO_REQUERENTE_CNPJ,
    tipoRequerenteId: transportador.id,
  });
}
