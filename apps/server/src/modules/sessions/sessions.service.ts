import type { RequestSession } from '../../infra/auth/request-session.ts';
import type { Db } from '../../infra/db/database.ts';
import { createSessionTokenService, type SessionClaims } from '../identity/core/session-token.ts';
import type { SecuritySettingsService } from './security-settings.service.ts';
import type { SessionRecord, SessionsRepo } from './sessions.repo.ts';

/**
 * Lifetime of one token: 30 minutes. The web app renews a token after the first successful call once it is
 * older than 600 s (spec §9), so an active user never sees it expire; the 20 minutes between the threshold
 * and expiry are the longest pause (reading a long form) that still renews. The web app logs out by `exp`,
 * so this is also the client's idle limit and matches the default session_idle_minutes. What actually ends a
 * session (logout, password change, disabling) is the database row, checked on every request, so a longer
 * token does not weaken revocation.
 */
export type { RequestSession };

export const TOKEN_TTL_SECONDS = 30 * 60;
export const TOKEN_ISSUER = 'der-portal';
/** last_seen_at is written at most this often per session: the idle limit needs minutes, not milliseconds. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;

export function createSessionsService(deps: {
  repo: SessionsRepo;
  settings: SecuritySettingsService;
  signingKey: Uint8Array;
  now: () => Date;
}) {
  const verifier = createSessionTokenService({
    key: deps.signingKey,
    issuer: TOKEN_ISSUER,
    ttlSeconds: TOKEN_TTL_SECONDS,
    now: deps.now,
  });

  /** A token for the session, expiring at TOKEN_TTL_SECONDS or at the session's absolute end if sooner. */
  function signToken(input: { sessionId: string; userId: number; expiresAt: Date }): Promise<string> {
    const remaining = Math.floor((input.expiresAt.getTime() - deps.now().getTime()) / 1000);
    const ttlSeconds = Math.max(1, Math.min(TOKEN_TTL_SECONDS, remaining));
    return createSessionTokenService({
      key: deps.signingKey,
      issuer: TOKEN_ISSUER,
      ttlSeconds,
      now: deps.now,
    }).sign({ userId: input.userId, sessionId: input.sessionId });
  }

  function isLive(record: SessionRecord, claims: SessionClaims, idleMinutes: number, absoluteHours: number) {
    const now = deps.now().getTime();
    if (record.revokedAt !== null) return false;
    if (String(record.userId) !== claims.sub) return false;
    if (record.user.disabled || !record.user.activated) return false;
    if (record.expiresAt.getTime() <= now) return false;
    // A lowered absolute limit applies to sessions already open, too.
    if (record.createdAt.getTime() + absoluteHours * 3_600_000 <= now) return false;
    if (record.lastSeenAt.getTime() + idleMinutes * 60_000 <= now) return false;
    return true;
  }

  return {
    signToken,

    /** Opens a session row and signs its first token. */
    async open(input: { userId: number; mfaAuthenticated: boolean; ip: string; userAgent: string }) {
      const settings = await deps.settings.get();
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + settings.sessionAbsoluteHours * 3_600_000);
      const sessionId = await deps.repo.insertSession({ ...input, now, expiresAt });
      const token = await signToken({ sessionId, userId: input.userId, expiresAt });
      return { sessionId, token, expiresAt };
    },

    /** The claims of a token this instance signed, or null. */
    verifyToken: (token: string) => verifier.verify(token),

    /**
     * The session behind an `Authorization: Bearer` header, or null when there is none, the token is not
     * ours or expired, or the row is revoked, idle, past its absolute limit, or its user disabled.
     */
    async authenticate(authorization: string | undefined): Promise<RequestSession | null> {
      const token = bearerToken(authorization);
      if (!token) return null;
      const claims = await verifier.verify(token);
      if (!claims) return null;
      const [record, settings] = await Promise.all([deps.repo.findSession(claims.sid), deps.settings.get()]);
      if (!record || !isLive(record, claims, settings.sessionIdleMinutes, settings.sessionAbsoluteHours))
        return null;

      const now = deps.now();
      const staleBefore = new Date(now.getTime() - LAST_SEEN_WRITE_INTERVAL_MS);
      if (record.lastSeenAt < staleBefore) await deps.repo.touch(record.sessionId, now, staleBefore);

      return {
        sessionId: record.sessionId,
        userId: record.userId,
        ...record.user,
        mfaAuthenticated: record.mfaAuthenticated,
        termsAccepted: record.termsAccepted,
        expiresAt: record.expiresAt,
        token,
      };
    },

    revoke: (sessionId: string, reason: string, tx?: Db) =>
      deps.repo.revoke(sessionId, reason, deps.now(), tx),
    revokeUserSessions: (
      userId: number,
      reason: string,
      options: { exceptSessionId?: string; tx?: Db } = {},
    ) => deps.repo.revokeUserSessions(userId, reason, deps.now(), options),
    markMfaAuthenticated: (sessionId: string) => deps.repo.markMfaAuthenticated(sessionId),
    addMfaFailure: (sessionId: string) => deps.repo.addMfaFailure(sessionId),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;

function bearerToken(authorization: string | undefined): string | null {
  if (typeof authorization !== 'string') return null;
  const match = /^Bearer +(\S+)\s*$/i.exec(authorization);
  return match?.[1] ?? null;
}
