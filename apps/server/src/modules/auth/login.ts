import { type AuthenticateBody, FAIL_REASON, type FailReason, type LoginResult } from '@der/contracts';
import { type LoginMessageKey, translateLoginMessage } from '../../i18n/login-messages.ts';
import { createCaptchaVerifier } from '../identity/core/captcha-verifier.ts';
import type { SecuritySettings } from '../sessions/security-settings.service.ts';
import type { RequestSession } from '../sessions/sessions.service.ts';
import type { AuthServiceDeps, AuthShared, RequestContext } from './auth-deps.ts';
import { passLoginGate } from './login-gate.ts';
import { failureResult, successResult } from './login-result.ts';

/** Signing in and out (spec §2.2, §3): users/authenticate, renewToken and logout. */
export function createLogin(deps: AuthServiceDeps, shared: AuthShared) {
  const { repo, hasher, sessions } = deps;

  async function verifyCaptcha(token: string | null | undefined, ip: string, security: SecuritySettings) {
    const verifier = createCaptchaVerifier({
      secret: await deps.securitySettings.getRecaptchaSecret(),
      verifyUrl: security.recaptchaVerifyUrl,
      store: { markUsed: (hash) => repo.markCaptchaTokenUsed(hash, deps.now()) },
    });
    return verifier.verify(token, { remoteIp: ip });
  }

  return {
    /** users/authenticate (spec §2.2, §3): the LoginResult; failures are answers, not errors. */
    async authenticate(body: AuthenticateBody, ctx: RequestContext): Promise<LoginResult> {
      const [platform, security] = await Promise.all([
        deps.platform.getSettings(),
        deps.securitySettings.get(),
      ]);
      const typed = body.UserName.trim();
      const actorLogin = typed.slice(0, 254);
      const user = await repo.findUserByLoginOrEmail(typed);
      const accountKey = shared.throttleKey(user, typed);
      const captchaEnabled = platform.enableRecaptcha;

      const fail = async (
        failReason: FailReason,
        key: LoginMessageKey,
        extra: {
          captchaRequired?: boolean;
          retryAfterSeconds?: number;
          params?: Record<string, number>;
        } = {},
      ) => {
        await shared.audit({
          action: 'auth.login.failure',
          actorUserId: user?.id ?? null,
          actorLogin,
          ip: ctx.ip,
          details: { reason: key },
        });
        return failureResult({
          failReason,
          message: translateLoginMessage(key, ctx.language, extra.params),
          platformMFAEnabled: security.platformMfaEnabled,
          captchaRequired: extra.captchaRequired ?? captchaEnabled,
          ...(extra.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: extra.retryAfterSeconds }),
        });
      };

      const gate = await passLoginGate(deps, accountKey, {
        captcha: {
          enabled: captchaEnabled,
          // While the platform captcha is on, every login carries one: a client that sends
          // forceRecaptcha=false must not get free guesses (the flag only matters to the original web client).
          forced: true,
          token: body.recaptchaToken,
        },
      });
      if (gate.kind === 'refused') {
        const seconds = gate.retryAfterSeconds;
        return gate.reason === 'locked'
          ? fail(FAIL_REASON.ACCOUNT_LOCKED, 'locked', {
              retryAfterSeconds: seconds,
              captchaRequired: gate.captchaRequired,
              params: { minutes: Math.ceil(seconds / 60) },
            })
          : fail(FAIL_REASON.ACCOUNT_LOCKED, 'tooSoon', {
              retryAfterSeconds: seconds,
              captchaRequired: gate.captchaRequired,
              params: { seconds },
            });
      }
      if (gate.kind === 'captcha-required') {
        return fail(FAIL_REASON.CAPTCHA_REQUIRED, 'captchaRequired', { captchaRequired: true });
      }

      const captchaNext = captchaEnabled;
      if (gate.captchaNeeded) {
        const verdict = await verifyCaptcha(body.recaptchaToken, ctx.ip, security);
        // A wrong captcha stays counted as a failed attempt (the gate already counted it).
        if (!verdict.valid)
          return fail(FAIL_REASON.CAPTCHA_INVALID, 'captchaInvalid', { captchaRequired: true });
      }

      // Unknown login: the same Argon2 work as a real check, so timing does not reveal which logins exist.
      const passwordOk = user
        ? await hasher.verify(user.passwordHash, body.Password)
        : await hasher.dummyVerify(body.Password);
      if (!user || !passwordOk) {
        if (gate.recorded.lockedUntil && !gate.previous.lockedUntil) {
          await shared.audit({
            action: 'auth.login.locked',
            actorUserId: user?.id ?? null,
            actorLogin,
            ip: ctx.ip,
            details: {
              failures: gate.recorded.failures,
              lockedUntil: gate.recorded.lockedUntil.toISOString(),
            },
          });
        }
        return fail(FAIL_REASON.WRONG_CREDENTIALS, 'wrongCredentials', { captchaRequired: captchaNext });
      }

      // The password is right: whatever follows, these were no guesses.
      await repo.clearThrottle(accountKey);
      if (user.disabled) return fail(FAIL_REASON.ACCOUNT_DISABLED, 'disabled', { captchaRequired: false });
      if (!user.activated)
        return fail(FAIL_REASON.ACCOUNT_NOT_ACTIVATED, 'notActivated', { captchaRequired: false });
      if (shared.isPasswordExpired(user, security))
        return fail(FAIL_REASON.PASSWORD_EXPIRED, 'passwordExpired', { captchaRequired: false });

      const mfaAuthenticated = !security.platformMfaEnabled;
      const session = await sessions.open({
        userId: user.id,
        mfaAuthenticated,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      if (hasher.needsRehash(user.passwordHash)) {
        await repo.rehashPassword(user.id, user.passwordHash, await hasher.hash(body.Password));
      }
      await shared.audit({
        action: 'auth.login.success',
        actorUserId: user.id,
        actorLogin,
        ip: ctx.ip,
        target: `session:${session.sessionId}`,
      });
      return successResult(deps.securitySettings, {
        user,
        token: session.token,
        mfaAuthenticated,
        termsAccepted: await deps.terms.hasAccepted(user.id),
      });
    },

    /** users/renewToken: a new token for the same session, never past its absolute end. */
    renewToken: (session: RequestSession) => sessions.signToken(session),

    async logout(session: RequestSession, ctx: RequestContext): Promise<void> {
      await sessions.revoke(session.sessionId, 'logout');
      await shared.audit({
        action: 'auth.logout',
        actorUserId: session.userId,
        ip: ctx.ip,
        target: `session:${session.sessionId}`,
      });
    },
  };
}
