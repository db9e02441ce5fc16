import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FieldIssue, Language, SetPasswordWithTokenBody } from '@der/contracts';
import { translateLoginMessage } from '../../i18n/login-messages.ts';
import { randomToken, sha256Hex } from '../../infra/crypto/tokens.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { OutboxService } from '../../infra/outbox/outbox.service.ts';
import type { AuditEntry } from '../audit/audit.service.ts';
import type { PasswordHasher } from '../identity/core/password-hasher.ts';
import type { PlatformService } from '../platform/platform.service.ts';
import type { SecuritySettings, SecuritySettingsService } from '../sessions/security-settings.service.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { AuthRepo, AuthUser } from './auth.repo.ts';
import type { PasswordResetRepo, PasswordResetTokenMatch } from './password-reset.repo.ts';

/** An e-mailed reset link works for 30 minutes: enough to open the mail, short enough to go stale. */
export const PASSWORD_RESET_TOKEN_TTL_MS = 30 * 60_000;
/** How long after a reset link another request for the same account is ignored (no second e-mail). */
export const PASSWORD_RESET_COOLDOWN_MS = 5 * 60_000;
/**
 * Every answer of users/resetPassword takes at least this long (monotonic clock). Issuing a link writes a
 * few rows that an unknown login does not; padding both to one duration keeps the time from telling which
 * logins exist. Well above the issuing work on PGlite under load (a few tens of milliseconds).
 */
export const RESET_ANSWER_MIN_MS = 400;

/** Why a link does not work, for the audit trail; the caller only ever hears AUTH_RESET_LINK_INVALID. */
type LinkRefusal = 'unknown' | 'used' | 'expired' | 'account-inactive';

interface Context {
  ip: string;
  language: Language;
}

export interface PasswordResetDeps {
  db: Db;
  authRepo: AuthRepo;
  repo: PasswordResetRepo;
  hasher: PasswordHasher;
  sessions: SessionsService;
  securitySettings: SecuritySettingsService;
  platform: PlatformService;
  outbox: OutboxService;
  audit: (entry: AuditEntry, db?: Db) => Promise<unknown>;
  /** The configured password policy's issues for `body.newPassword`, translated, or null. */
  policyIssues: (
    password: string,
    user: AuthUser,
    security: SecuritySettings,
    language: Context['language'],
  ) => FieldIssue[] | null;
  /** The login throttle key of an account (auth.service): cleared once the owner has set a new password. */
  throttleKey: (user: AuthUser) => string;
  now: () => Date;
  publicUrl: string;
}

/**
 * Password reset by e-mailed link (spec §2.6): asking for one changes nothing, so a stranger who knows a login
 * cannot lock its owner out; the owner chooses the new password on the link's page, which ends every session.
 */
export function createPasswordReset(deps: PasswordResetDeps) {
  const { db, repo } = deps;

  function refusalOf(match: PasswordResetTokenMatch | null, now: Date): LinkRefusal | null {
    if (!match) return 'unknown';
    if (match.usedAt) return 'used';
    if (match.expiresAt.getTime() <= now.getTime()) return 'expired';
    if (!match.activated || match.disabled) return 'account-inactive';
    return null;
  }

  async function refuse(
    match: PasswordResetTokenMatch | null,
    reason: LinkRefusal,
    step: 'check' | 'set',
    ctx: Context,
  ): Promise<AppError> {
    await deps.audit({
      action: 'auth.password.reset-link-refused',
      actorUserId: match?.userId ?? null,
      ip: ctx.ip,
      details: { reason, step },
    });
    return new AppError('AUTH_RESET_LINK_INVALID');
  }

  /** Issues the link unless one was issued within the cooldown; the outcome, for the audit trail. */
  async function issueLink(user: AuthUser, ctx: Context): Promise<'link-sent' | 'cooldown'> {
    const token = randomToken();
    const platform = await deps.platform.getSettings();
    return db.transaction(async (txHandle) => {
      const tx = txHandle as unknown as Db;
      const now = deps.now();
      await repo.lockUser(tx, user.id);
      const latest = await repo.latestIssuedAt(tx, user.id);
      // Anyone may ask for any login: without a pause per account, a stranger could flood its mailbox.
      if (latest && now.getTime() - latest.getTime() < PASSWORD_RESET_COOLDOWN_MS) return 'cooldown';
      await repo.replaceToken(tx, {
        userId: user.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_TOKEN_TTL_MS),
        createdAt: now,
      });
      // Sealed: only the token's hash is in account_tokens, and the outbox must not hold it in clear either.
      await deps.outbox.enqueueEmail(
        tx,
        {
          to: user.email,
          template: 'passwordReset',
          language: ctx.language,
          data: {
            platformName: platform.brand,
            publicUrl: deps.publicUrl,
            name: user.name,
            login: user.login,
            token,
          },
        },
        { sensitive: true },
      );
      return 'link-sent';
    });
  }

  return {
    /** users/resetPassword (public): the same text, in at least the same time, for any login typed. */
    async request(body: { UserName: string }, ctx: Context): Promise<string> {
      const started = performance.now();
      const typed = body.UserName.trim();
      const user = await deps.authRepo.findUserByLoginOrEmail(typed);
      const outcome =
        user?.activated && !user.disabled
          ? await issueLink(user, ctx)
          : user
            ? 'inactive-account'
            : 'unknown-login';
      await deps.audit({
        action: 'auth.password.reset',
        actorUserId: user?.id ?? null,
        ...(user ? { target: `user:${user.id}` } : { actorLogin: typed.slice(0, 254) }),
        ip: ctx.ip,
        details: { outcome },
      });
      const left = RESET_ANSWER_MIN_MS - (performance.now() - started);
      if (left > 0) await sleep(left);
      return translateLoginMessage('resetPasswordSent', ctx.language);
    },

    /** users/checkPasswordResetToken (public): whether the link still works, before the user types. */
    async check(token: string, ctx: Context): Promise<{ login: string }> {
      const match = await repo.findToken(db, sha256Hex(token));
      const refusal = refusalOf(match, deps.now());
      if (refusal || !match) throw await refuse(match, refusal ?? 'unknown', 'check', ctx);
      return { login: match.login };
    },

    /**
     * users/setPasswordWithToken (public): the new password under the configured policy, the link used up and
     * every session of the user ended, at once. It signs nobody in, and two-step authentication stays on.
     */
    async setPassword(body: SetPasswordWithTokenBody, ctx: Context): Promise<void> {
      const tokenHash = sha256Hex(body.token);
      const found = await repo.findToken(db, tokenHash);
      const refusal = refusalOf(found, deps.now());
      if (refusal || !found) throw await refuse(found, refusal ?? 'unknown', 'set', ctx);
      const user = await deps.authRepo.findUserById(found.userId);
      if (!user) throw await refuse(found, 'unknown', 'set', ctx);
      const security = await deps.securitySettings.get();
      // A refused password leaves the link usable: the owner tries another one.
      const issues = deps.policyIssues(body.newPassword, user, security, ctx.language);
      if (issues) throw new AppError('VALIDATION_FAILED', issues);
      // Argon2 outside the transaction, which stays short.
      const passwordHash = await deps.hasher.hash(body.newPassword);

      const refused = await db.transaction(async (txHandle) => {
        const tx = txHandle as unknown as Db;
        const now = deps.now();
        // Locked and checked again: two submits of one link set the password once.
        const match = await repo.findToken(tx, tokenHash, { forUpdate: true });
        const late = refusalOf(match, now);
        if (late || !match) return { match, reason: late ?? 'unknown' };
        await repo.markUsed(tx, match.tokenId, now);
        await deps.authRepo.setPassword(match.userId, { passwordHash, changedAt: now, expiresAt: null }, tx);
        await deps.sessions.revokeUserSessions(match.userId, 'password-reset', { tx });
        await deps.audit(
          { action: 'auth.password.reset-link-used', actorUserId: match.userId, ip: ctx.ip },
          tx,
        );
        return null;
      });
      if (refused) throw await refuse(refused.match, refused.reason, 'set', ctx);
      // The owner proved the mailbox and chose a new password: earlier failed guesses no longer lock it.
      await deps.authRepo.clearThrottle(deps.throttleKey(user));
    },
  };
}
export type PasswordReset = ReturnType<typeof createPasswordReset>;
