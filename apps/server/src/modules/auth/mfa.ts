import type { LoginResult } from '@der/contracts';
import { AppError } from '../../infra/http/app-error.ts';
import { checkTotpCode, createTotpSecret, otpauthUri, qrCodeDataUrl } from '../identity/core/totp.ts';
import type { RequestSession } from '../sessions/sessions.service.ts';
import type { AuthServiceDeps, AuthShared, RequestContext } from './auth-deps.ts';
import { successResult } from './login-result.ts';

/** Wrong two-step codes one session may send; the next one ends it (401 AUTH_MFA_ATTEMPTS_EXCEEDED). */
export const MAX_MFA_FAILURES_PER_SESSION = 5;

const totpContext = (userId: number) => `totp:user:${userId}`;

/** Two-step authentication (TOTP): setting it up and the code of a login in progress. */
export function createMfa(deps: AuthServiceDeps, shared: AuthShared) {
  const { repo, sessions } = deps;

  return {
    /** users/getMFAData: a new pending secret while the user has no two-step yet. */
    async getMfaData(session: RequestSession): Promise<{ qrcode: string; code: string }> {
      if (session.mfaEnabled) throw new AppError('CONFLICT');
      const secret = createTotpSecret();
      const stored = await repo.setPendingMfaSecret(
        session.userId,
        deps.secretBox.seal(secret, totpContext(session.userId)),
      );
      if (!stored) throw new AppError('CONFLICT');
      const platform = await deps.platform.getSettings();
      const uri = otpauthUri({ issuer: platform.brand, label: session.login, secret });
      return { qrcode: await qrCodeDataUrl(uri), code: secret };
    },

    /**
     * users/registerUserMFA (mode 'register': confirms the pending secret and turns MFA on) and
     * users/validateMFA (mode 'validate': the code of a user with MFA on). Each code works once; after
     * MAX_MFA_FAILURES_PER_SESSION wrong ones the session ends.
     */
    async confirmMfa(
      session: RequestSession,
      body: { logonresult: string; userCode: string },
      mode: 'register' | 'validate',
      ctx: RequestContext,
    ): Promise<LoginResult> {
      // The login in progress must be the caller's own: a token of another session proves nothing here.
      const claims = await sessions.verifyToken(body.logonresult);
      if (!claims || claims.sid !== session.sessionId) throw new AppError('FORBIDDEN');

      const user = await repo.findUserById(session.userId);
      if (!user?.mfaSecret) throw new AppError('AUTH_MFA_NOT_SET_UP');
      if (mode === 'register' && user.mfaEnabled) throw new AppError('CONFLICT');
      if (mode === 'validate' && !user.mfaEnabled) throw new AppError('AUTH_MFA_NOT_SET_UP');

      const secret = deps.secretBox.open(user.mfaSecret, totpContext(user.id));
      const check = checkTotpCode({
        secret,
        code: body.userCode,
        at: deps.now(),
        lastUsedCounter: user.mfaLastCounter,
      });
      const claimed =
        check.ok &&
        (await repo.useMfaCounter(user.id, check.counter, {
          enable: mode === 'register',
          sealedSecret: user.mfaSecret,
        }));
      if (!claimed) {
        const failures = await sessions.addMfaFailure(session.sessionId);
        await shared.audit({
          action: 'auth.mfa.failure',
          actorUserId: user.id,
          ip: ctx.ip,
          target: `session:${session.sessionId}`,
          details: { mode, reason: check.ok ? 'replayed' : check.reason, failures },
        });
        if (failures >= MAX_MFA_FAILURES_PER_SESSION) {
          await sessions.revoke(session.sessionId, 'mfa-attempts');
          throw new AppError('AUTH_MFA_ATTEMPTS_EXCEEDED');
        }
        throw new AppError('AUTH_MFA_CODE_INVALID');
      }

      await sessions.markMfaAuthenticated(session.sessionId);
      await shared.audit({
        action: mode === 'register' ? 'auth.mfa.enabled' : 'auth.login.success',
        actorUserId: user.id,
        ip: ctx.ip,
        target: `session:${session.sessionId}`,
        details: { step: 'mfa' },
      });
      return successResult(deps.securitySettings, {
        user: { ...user, mfaEnabled: true },
        token: await sessions.signToken(session),
        mfaAuthenticated: true,
        termsAccepted: session.termsAccepted,
      });
    },
  };
}
