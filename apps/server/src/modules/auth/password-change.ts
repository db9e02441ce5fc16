import type { ChangeExpiredPasswordBody, ChangePasswordBody } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { AuditAction } from '../audit/audit.service.ts';
import type { RequestSession } from '../sessions/sessions.service.ts';
import type { AuthUser } from './auth.repo.ts';
import type { AuthServiceDeps, AuthShared, RequestContext } from './auth-deps.ts';
import { passLoginGate } from './login-gate.ts';
import { voidPasswordResetLinks } from './password-reset.repo.ts';

/** Changing one's password: while signed in, and at the login when it expired. */
export function createPasswordChange(deps: AuthServiceDeps, shared: AuthShared) {
  const { repo, hasher, sessions } = deps;

  /**
   * Stores the new password (policy already checked) and, in one transaction, ends the user's sessions but
   * `exceptSessionId` and voids a pending reset link: an e-mailed link must not undo the password just chosen.
   */
  async function replacePassword(
    user: AuthUser,
    newPassword: string,
    change: { action: AuditAction; ip: string; exceptSessionId?: RequestSession['sessionId'] },
  ): Promise<void> {
    const passwordHash = await hasher.hash(newPassword);
    await deps.db.transaction(async (txHandle) => {
      const tx = txHandle as unknown as Db;
      const now = deps.now();
      await repo.setPassword(user.id, { passwordHash, changedAt: now, expiresAt: null }, tx);
      await sessions.revokeUserSessions(user.id, 'password-changed', {
        ...(change.exceptSessionId === undefined ? {} : { exceptSessionId: change.exceptSessionId }),
        tx,
      });
      await voidPasswordResetLinks(tx, user.id, now);
      await shared.audit({ action: change.action, actorUserId: user.id, ip: change.ip }, tx);
    });
  }

  return {
    /** users/changePassword: ends the user's other sessions; this one stays. */
    async changePassword(
      session: RequestSession,
      body: ChangePasswordBody,
      ctx: RequestContext,
    ): Promise<void> {
      if (!session.hasChangePasswordPermission) throw new AppError('AUTH_PASSWORD_CHANGE_NOT_ALLOWED');
      const user = await repo.findUserById(session.userId);
      if (!user || !(await hasher.verify(user.passwordHash, body.oldPassword))) {
        await shared.audit({
          action: 'auth.login.failure',
          actorUserId: session.userId,
          ip: ctx.ip,
          details: { reason: 'change-password-wrong-old-password' },
        });
        throw new AppError('AUTH_WRONG_PASSWORD');
      }
      const security = await deps.securitySettings.get();
      const issues = shared.policyIssues(body.newPassword, user, security, ctx.language);
      if (issues) throw new AppError('VALIDATION_FAILED', issues);
      await replacePassword(user, body.newPassword, {
        action: 'auth.password.changed',
        ip: ctx.ip,
        exceptSessionId: session.sessionId,
      });
    },

    /**
     * users/changeExpiredPassword (public): only for a password that really expired. A wrong login or old
     * password is counted by the same throttle as the login, so this is no side door for guessing.
     */
    async changeExpiredPassword(body: ChangeExpiredPasswordBody, ctx: RequestContext): Promise<void> {
      const typed = body.login.trim();
      const user = await repo.findUserByLoginOrEmail(typed);
      const accountKey = shared.throttleKey(user, typed);
      const refuse = async (reason: string) => {
        await shared.audit({
          action: 'auth.login.failure',
          actorUserId: user?.id ?? null,
          actorLogin: typed.slice(0, 254),
          ip: ctx.ip,
          details: { reason: `change-expired-password-${reason}` },
        });
        return new AppError('AUTH_EXPIRED_PASSWORD_CHANGE_REFUSED');
      };

      const gate = await passLoginGate(deps, accountKey, {});
      if (gate.kind !== 'go') throw await refuse('throttled');
      const passwordOk = user
        ? await hasher.verify(user.passwordHash, body.oldPassword)
        : await hasher.dummyVerify(body.oldPassword);
      if (!user || !passwordOk) throw await refuse('wrong-credentials');
      await repo.clearThrottle(accountKey);

      const security = await deps.securitySettings.get();
      if (user.disabled || !user.activated || !shared.isPasswordExpired(user, security))
        throw await refuse('not-expired');
      const issues = shared.policyIssues(body.newPassword, user, security, ctx.language);
      if (issues) throw new AppError('VALIDATION_FAILED', issues);
      await replacePassword(user, body.newPassword, { action: 'auth.password.expired-changed', ip: ctx.ip });
    },
  };
}
