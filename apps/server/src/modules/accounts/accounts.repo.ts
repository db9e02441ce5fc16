import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { securitySettings } from '../sessions/sessions.table.ts';
import {
  accountTokens,
  permissionarioProfiles,
  requerenteProfiles,
  tiposRequerente,
  type UserRow,
  users,
} from './accounts.table.ts';

export type ExternalKind = 'permissionario' | 'requerente';

export type NewUser = Pick<
  typeof users.$inferInsert,
  | 'kind'
  | 'login'
  | 'name'
  | 'email'
  | 'passwordHash'
  | 'activated'
  | 'loginPage'
  | 'hasChangePasswordPermission'
  | 'isAdministrator'
  | 'hasPanelAdminPermission'
  | 'companyId'
>;
export type NewPermissionarioProfile = Omit<typeof permissionarioProfiles.$inferInsert, 'userId'>;
export type NewRequerenteProfile = Omit<typeof requerenteProfiles.$inferInsert, 'userId'>;

export interface ActivationTokenMatch {
  tokenId: number;
  expiresAt: Date;
  usedAt: Date | null;
  user: Pick<UserRow, 'id' | 'kind' | 'name' | 'email' | 'activated'>;
}

/** The accounts domain's only door to Drizzle. Every method takes the handle to use: the db or a transaction. */
export function createAccountsRepo() {
  return {
    /**
     * The minimum password length of the security settings (edited in the administration area), or null when
     * the row was never written. Read-only use of the sessions domain's table: the setting is shared.
     */
    async findPasswordMinLength(db: Db): Promise<number | null> {
      const [row] = await db
        .select({ min: securitySettings.passwordMinLength })
        .from(securitySettings)
        .limit(1);
      return row?.min ?? null;
    },

    async listActiveTipos(db: Db) {
      return db
        .select({ id: tiposRequerente.id, nome: tiposRequerente.nome })
        .from(tiposRequerente)
        .where(eq(tiposRequerente.active, true))
        .orderBy(asc(tiposRequerente.position), asc(tiposRequerente.id));
    },

    async isActiveTipo(db: Db, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: tiposRequerente.id })
        .from(tiposRequerente)
        .where(and(eq(tiposRequerente.id, id), eq(tiposRequerente.active, true)))
        .limit(1);
      return row !== undefined;
    },

    /** Whether a profile of this kind already holds the CPF/CNPJ (bare, as stored). */
    async hasDocument(db: Db, kind: ExternalKind, cpfCnpj: string): Promise<boolean> {
      const table = kind === 'permissionario' ? permissionarioProfiles : requerenteProfiles;
      const [row] = await db
        .select({ userId: table.userId })
        .from(table)
        .where(eq(table.cpfCnpj, cpfCnpj))
        .limit(1);
      return row !== undefined;
    },

    /** Whether any user already signs in with, or receives mail at, this address (case-insensitive). */
    async hasEmailOrLogin(db: Db, email: string): Promise<boolean> {
      const lowered = email.toLowerCase();
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(or(sql`lower(${users.email}) = ${lowered}`, sql`lower(${users.login}) = ${lowered}`))
        .limit(1);
      return row !== undefined;
    },

    async insertUser(db: Db, user: NewUser): Promise<number> {
      const [row] = await db.insert(users).values(user).returning({ id: users.id });
      return row!.id;
    },

    async insertPermissionarioProfile(db: Db, userId: number, profile: NewPermissionarioProfile) {
      await db.insert(permissionarioProfiles).values({ ...profile, userId });
    },

    async insertRequerenteProfile(db: Db, userId: number, profile: NewRequerenteProfile) {
      await db.insert(requerenteProfiles).values({ ...profile, userId });
    },

    async insertActivationToken(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(accountTokens).values({ userId, purpose: 'activation', tokenHash, expiresAt });
    },

    /** The activation token with this hash and its account; `forUpdate` locks the token row. */
    async findActivationToken(
      db: Db,
      tokenHash: string,
      options: { forUpdate?: boolean } = {},
    ): Promise<ActivationTokenMatch | null> {
      const query = db
        .select({
          tokenId: accountTokens.id,
          expiresAt: accountTokens.expiresAt,
          usedAt: accountTokens.usedAt,
          user: {
            id: users.id,
            kind: users.kind,
            name: users.name,
            email: users.email,
            activated: users.activated,
          },
        })
        .from(accountTokens)
        .innerJoin(users, eq(users.id, accountTokens.userId))
        .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, 'activation')))
        .limit(1);
      const [row] = options.forUpdate ? await query.for('update', { of: accountTokens }) : await query;
      return row ?? null;
    },

    async markTokenUsed(db: Db, tokenId: number, at: Date) {
      await db.update(accountTokens).set({ usedAt: at }).where(eq(accountTokens.id, tokenId));
    },

    async activateUser(db: Db, userId: number, at: Date) {
      await db
        .update(users)
        .set({ activated: true, updatedAt: at, version: sql`${users.version} + 1` })
        .where(eq(users.id, userId));
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
