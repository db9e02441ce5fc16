import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../accounts/accounts.table.ts';
import type { LoginThrottleRecord } from '../identity/core/login-throttle.ts';
import { loginThrottle, usedCaptchaTokens } from '../sessions/sessions.table.ts';

/** The columns of `users` that signing in reads (the table belongs to accounts; only auth columns here). */
const authColumns = {
  id: users.id,
  login: users.login,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  passwordHash: users.passwordHash,
  passwordChangedAt: users.passwordChangedAt,
  passwordExpiresAt: users.passwordExpiresAt,
  activated: users.activated,
  disabled: users.disabled,
  isAdministrator: users.isAdministrator,
  hasPanelAdminPermission: users.hasPanelAdminPermission,
  hasChangePasswordPermission: users.hasChangePasswordPermission,
  mfaEnabled: users.mfaEnabled,
  mfaSecret: users.mfaSecret,
  mfaLastCounter: users.mfaLastCounter,
};
export type AuthUser = {
  id: number;
  login: string;
  name: string;
  email: string;
  avatar: string;
  passwordHash: string;
  passwordChangedAt: Date;
  passwordExpiresAt: Date | null;
  activated: boolean;
  disabled: boolean;
  isAdministrator: boolean;
  hasPanelAdminPermission: boolean;
  hasChangePasswordPermission: boolean;
  mfaEnabled: boolean;
  mfaSecret: string | null;
  mfaLastCounter: number | null;
};

export function createAuthRepo(db: Db) {
  return {
    /**
     * By login or e-mail, case-insensitively (both have a unique index on lower()). Should one user's login
     * equal another's e-mail, the login wins.
     */
    async findUserByLoginOrEmail(text: string, tx: Db = db): Promise<AuthUser | null> {
      const typed = text.trim().toLowerCase();
      const [row] = await tx
        .select(authColumns)
        .from(users)
        .where(or(sql`lower(${users.login}) = ${typed}`, sql`lower(${users.email}) = ${typed}`))
        .orderBy(sql`(lower(${users.login}) = ${typed}) desc`)
        .limit(1);
      return row ?? null;
    },

    async findUserById(id: number, tx: Db = db): Promise<AuthUser | null> {
      const [row] = await tx.select(authColumns).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    async setPassword(
      userId: number,
      values: { passwordHash: string; changedAt: Date; expiresAt: Date | null },
      tx: Db = db,
    ): Promise<void> {
      await tx
        .update(users)
        .set({
          passwordHash: values.passwordHash,
          passwordChangedAt: values.changedAt,
          passwordExpiresAt: values.expiresAt,
          updatedAt: values.changedAt,
        })
        .where(eq(users.id, userId));
    },

    /** Same password, stronger hash parameters: the dates stay. */
    async rehashPassword(userId: number, previousHash: string, passwordHash: string): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.id, userId), eq(users.passwordHash, previousHash)));
    },

    /** A pending (not yet confirmed) TOTP secret; only while MFA is off, so it cannot replace a live one. */
    async setPendingMfaSecret(userId: number, sealedSecret: string): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ mfaSecret: sealedSecret, mfaLastCounter: null })
        .where(and(eq(users.id, userId), eq(users.mfaEnabled, false)))
        .returning({ id: users.id });
      return updated.length > 0;
    },

    /**
     * Claims a TOTP time step for the user, atomically: false when that step (or a later one) was already
     * used, so two requests racing with the same code cannot both pass. `enable` turns MFA on with it.
     */
    async useMfaCounter(
      userId: number,
      counter: number,
      options: { enable: boolean; sealedSecret: string },
    ): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ mfaLastCounter: counter, ...(options.enable ? { mfaEnabled: true } : {}) })
        .where(
          and(
            eq(users.id, userId),
            eq(users.mfaEnabled, !options.enable),
            // The secret the code was checked against is still the stored one (no set-up in between).
            eq(users.mfaSecret, options.sealedSecret),
            or(isNull(users.mfaLastCounter), lt(users.mfaLastCounter, counter)),
          ),
        )
        .returning({ id: users.id });
      return updated.length > 0;
    },

    /**
     * The throttle row of an account, locked until the transaction ends (SELECT … FOR UPDATE): concurrent
     * attempts on one account are decided one after the other, so a burst cannot slip past the counter.
     */
    async lockThrottle(tx: Db, accountKey: string): Promise<LoginThrottleRecord> {
      await tx
        .insert(loginThrottle)
        .values({ accountKey })
        .onConflictDoNothing({ target: loginThrottle.accountKey });
      const [row] = await tx
        .select({
          failures: loginThrottle.failures,
          lastFailureAt: loginThrottle.lastFailureAt,
          lockedUntil: loginThrottle.lockedUntil,
        })
        .from(loginThrottle)
        .where(eq(loginThrottle.accountKey, accountKey))
        .for('update');
      return row ?? { failures: 0, lastFailureAt: null, lockedUntil: null };
    },

    async saveThrottle(tx: Db, accountKey: string, record: LoginThrottleRecord): Promise<void> {
      await tx
        .update(loginThrottle)
        .set({
          failures: record.failures,
          lastFailureAt: record.lastFailureAt,
          lockedUntil: record.lockedUntil,
        })
        .where(eq(loginThrottle.accountKey, accountKey));
    },

    async clearThrottle(accountKey: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.accountKey, accountKey));
    },

    /** The captcha token store of core/captcha-verifier: true when the hash was new. */
    async markCaptchaTokenUsed(tokenHash: string, at: Date): Promise<boolean> {
      const inserted = await db
        .insert(usedCaptchaTokens)
        .values({ tokenHash, usedAt: at })
        .onConflictDoNothing({ target: usedCaptchaTokens.tokenHash })
        .returning({ tokenHash: usedCaptchaTokens.tokenHash });
      return inserted.length > 0;
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
