import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../accounts/accounts.table.ts';
import { sessions, termsAcceptances, termsOfUse } from './sessions.table.ts';

/** A session row with what every request needs of its user, read in one query. */
export interface SessionRecord {
  sessionId: string;
  userId: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  mfaAuthenticated: boolean;
  user: {
    login: string;
    name: string;
    email: string;
    avatar: string;
    activated: boolean;
    disabled: boolean;
    isAdministrator: boolean;
    hasPanelAdminPermission: boolean;
    hasChangePasswordPermission: boolean;
    mfaEnabled: boolean;
    loginPage: '/' | '/faixaDeDominio' | '/aet';
    kind: 'staff' | 'permissionario' | 'requerente';
  };
  /** Accepted the current (highest) version of the terms of use. */
  termsAccepted: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createSessionsRepo(db: Db) {
  return {
    /**
     * Primary-key lookup joined to the user by primary key; the terms check is an index probe on
     * terms_acceptances (user_id, version). One round trip per request, no N+1.
     */
    async findSession(sessionId: string): Promise<SessionRecord | null> {
      // Only our own signed tokens get here, but a malformed uuid would make PostgreSQL throw.
      if (!UUID.test(sessionId)) return null;
      const [row] = await db
        .select({
          sessionId: sessions.id,
          userId: sessions.userId,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          mfaAuthenticated: sessions.mfaAuthenticated,
          user: {
            login: users.login,
            name: users.name,
            email: users.email,
            avatar: users.avatar,
            activated: users.activated,
            disabled: users.disabled,
            isAdministrator: users.isAdministrator,
            hasPanelAdminPermission: users.hasPanelAdminPermission,
            hasChangePasswordPermission: users.hasChangePasswordPermission,
            mfaEnabled: users.mfaEnabled,
            loginPage: users.loginPage,
            kind: users.kind,
          },
          termsAccepted: sql<boolean>`exists (
            select 1 from ${termsAcceptances}
            where ${termsAcceptances.userId} = ${users.id}
              and ${termsAcceptances.version} = (select max(${termsOfUse.version}) from ${termsOfUse})
          )`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sessionId))
        .limit(1);
      return row ?? null;
    },

    async insertSession(input: {
      userId: number;
      now: Date;
      expiresAt: Date;
      mfaAuthenticated: boolean;
      ip: string;
      userAgent: string;
    }): Promise<string> {
      const [row] = await db
        .insert(sessions)
        .values({
          userId: input.userId,
          createdAt: input.now,
          lastSeenAt: input.now,
          expiresAt: input.expiresAt,
          mfaAuthenticated: input.mfaAuthenticated,
          ip: input.ip,
          userAgent: input.userAgent.slice(0, 500),
        })
        .returning({ id: sessions.id });
      if (!row) throw new Error('session insert returned no row');
      return row.id;
    },

    /** Moves last_seen_at only when it is older than `staleBefore`: at most one write a minute per session. */
    async touch(sessionId: string, now: Date, staleBefore: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, staleBefore)));
    },

    async revoke(sessionId: string, reason: string, now: Date, tx: Db = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Every open session of the user, but `exceptSessionId` when given. */
    async revokeUserSessions(
      userId: number,
      reason: string,
      now: Date,
      options: { exceptSessionId?: string; tx?: Db } = {},
    ): Promise<void> {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (options.exceptSessionId) conditions.push(ne(sessions.id, options.exceptSessionId));
      await (options.tx ?? db)
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(...conditions));
    },

    async markMfaAuthenticated(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ mfaAuthenticated: true, mfaFailures: 0 })
        .where(eq(sessions.id, sessionId));
    },

    /** Counts a wrong two-step code atomically; the new count. */
    async addMfaFailure(sessionId: string): Promise<number> {
      const [row] = await db
        .update(sessions)
        .set({ mfaFailures: sql`${sessions.mfaFailures} + 1` })
        .where(eq(sessions.id, sessionId))
        .returning({ failures: sessions.mfaFailures });
      return row?.failures ?? Number.MAX_SAFE_INTEGER;
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
