import { randomInt } from 'node:crypto';
import {
  type AuthenticateBody,
  type ChangeExpiredPasswordBody,
  type ChangePasswordBody,
  FAIL_REASON,
  type FailReason,
  type FieldIssue,
  formatValidationMessage,
  type Language,
  type LoginResult,
  type SetPasswordWithTokenBody,
} from '@der/contracts';
import { type LoginMessageKey, translateLoginMessage } from '../../i18n/login-messages.ts';
import type { SecretBox } from '../../infra/crypto/secret-box.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { OutboxService } from '../../infra/outbox/outbox.service.ts';
import type { AuditEntry, AuditService } from '../audit/audit.service.ts';
import { createCaptchaVerifier } from '../identity/core/captcha-verifier.ts';
import {
  decideLoginAttempt,
  type LoginThrottleRecord,
  recordLoginFailure,
} from '../identity/core/login-throttle.ts';
import type { PasswordHasher } from '../identity/core/password-hasher.ts';
import { checkPassword } from '../identity/core/password-policy.ts';
import { checkTotpCode, createTotpSecret, otpauthUri, qrCodeDataUrl } from '../identity/core/totp.ts';
import type { PlatformService } from '../platform/platform.service.ts';
import type { SecuritySettings, SecuritySettingsService } from '../sessions/security-settings.service.ts';
import type { RequestSession, SessionsService } from '../sessions/sessions.service.ts';
import type { TermsService } from '../sessions/terms.service.ts';
import type { AuthRepo, AuthUser } from './auth.repo.ts';
import { createPasswordResetRepo } from './password-reset.repo.ts';
import { createPasswordReset } from './password-reset.ts';

/** Wrong two-step codes one session may send; the next one ends it (401 AUTH_MFA_ATTEMPTS_EXCEEDED). */
export const MAX_MFA_FAILURES_PER_SESSION = 5;
const DAY_MS = 24 * 60 * 60_000;
// No 0/O, 1/l/I, 2/Z, 5/S: read from an e-mail and typed by hand. 50 symbols × 12 ≈ 67 bits.
const READABLE_ALPHABET = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY346789';

/** Who is calling, for the audit trail and the translated texts. */
export interface RequestContext {
  ip: string;
  userAgent: string;
  language: Language;
}

export interface AuthServiceDeps {
  db: Db;
  repo: AuthRepo;
  hasher: PasswordHasher;
  sessions: SessionsService;
  securitySettings: SecuritySettingsService;
  platform: PlatformService;
  terms: TermsService;
  audit: AuditService;
  outbox: OutboxService;
  secretBox: SecretBox;
  now: () => Date;
  publicUrl: string;
}

type Gate =
  | { kind: 'refused'; reason: 'locked' | 'too-soon'; retryAfterSeconds: number; captchaRequired: boolean }
  | { kind: 'captcha-required' }
  | { kind: 'go'; captchaNeeded: boolean; previous: LoginThrottleRecord; recorded: LoginThrottleRecord };

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, hasher, sessions } = deps;

  const totpContext = (userId: number) => `totp:user:${userId}`;
  const throttleKey = (user: AuthUser | null, typed: string) =>
    user ? `user:${user.id}` : `login:${typed.trim().toLowerCase()}`;

  function audit(entry: AuditEntry, db: Db = deps.db) {
    return deps.audit.append(db, entry);
  }

  function isPasswordExpired(user: AuthUser, security: SecuritySettings): boolean {
    const now = deps.now().getTime();
    if (user.passwordExpiresAt && user.passwordExpiresAt.getTime() <= now) return true;
    const maxAge = security.passwordMaxAgeDays;
    return maxAge !== null && user.passwordChangedAt.getTime() + maxAge * DAY_MS <= now;
  }

  /**
   * Decides, with the account's throttle row locked, whether this attempt may be checked, and if so counts it
   * as a failure at once; a right password clears the count afterwards. Counting before checking means a
   * burst of parallel guesses is throttled like a sequence, while the lock is held only for two short
   * statements (never across the password hash or the captcha call).
   */
  function passGate(
    accountKey: string,
    options: { captcha?: { enabled: boolean; forced: boolean; token: unknown } },
  ) {
    return deps.db.transaction(async (txHandle): Promise<Gate> => {
      const tx = txHandle as unknown as Db;
      const now = deps.now();
      const captchaEnabled = options.captcha?.enabled ?? false;
      const record = await repo.lockThrottle(tx, accountKey);
      const decision = decideLoginAttempt(record, { now, captchaEnabled });
      if (!decision.allowed) return { kind: 'refused', ...decision };
      const captchaNeeded = captchaEnabled && (options.captcha?.forced === true || decision.captchaRequired);
      if (captchaNeeded && !isNonEmptyText(options.captcha?.token)) return { kind: 'captcha-required' };
      const recorded = recordLoginFailure(record, now);
      await repo.saveThrottle(tx, accountKey, recorded);
      return { kind: 'go', captchaNeeded, previous: record, recorded };
    });
  }

  async function verifyCaptcha(token: string | null | undefined, ip: string, security: SecuritySettings) {
    const verifier = createCaptchaVerifier({
      secret: await deps.securitySettings.getRecaptchaSecret(),
      verifyUrl: security.recaptchaVerifyUrl,
      store: { markUsed: (hash) => repo.markCaptchaTokenUsed(hash, deps.now()) },
    });
    return verifier.verify(token, { remoteIp: ip });
  }

  function policyIssues(password: string, user: AuthUser, security: SecuritySettings, language: Language) {
    const verdict = checkPassword(password, {
      minLength: security.passwordMinLength,
      login: user.login,
      email: user.email,
    });
    if (verdict.ok) return null;
    // Translated here: the error handler knows no parameters ({min}) for keys it translates itself.
    const issues: FieldIssue[] = [
      { field: 'body.newPassword', message: formatValidationMessage(verdict.key, language, verdict.params) },
    ];
    return issues;
  }

  async function successResult(input: {
    user: Pick<
      AuthUser,
      | 'id'
      | 'name'
      | 'avatar'
      | 'email'
      | 'mfaEnabled'
      | 'hasPanelAdminPermission'
      | 'hasChangePasswordPermission'
      | 'isAdministrator'
    >;
    token: string;
    mfaAuthenticated: boolean;
    termsAccepted: boolean;
  }): Promise<LoginResult> {
    const security = await deps.securitySettings.get();
    const { user } = input;
    return {
      success: true,
      failReason: null,
      message: null,
      retryAfterSeconds: null,
      captchaRequired: false,
      token: input.token,
      loggedUser: { id: user.id, name: user.name, avatar: user.avatar, email: user.email },
      userAgreedTermsOfUse: input.termsAccepted,
      platformMFAEnabled: security.platformMfaEnabled,
      userMFAEnabled: user.mfaEnabled,
      mfaAuthenticated: input.mfaAuthenticated,
      hasPanelAdminPermission: user.hasPanelAdminPermission,
      hasChangePasswordPermission: user.hasChangePasswordPermission,
      isAdministratorLogged: user.isAdministrator,
    };
  }

  function failureResult(input: {
    failReason: FailReason;
    message: string;
    platformMFAEnabled: boolean;
    captchaRequired: boolean;
    retryAfterSeconds?: number;
  }): LoginResult {
    return {
      success: false,
      failReason: input.failReason,
      message: input.message,
      retryAfterSeconds: input.retryAfterSeconds ?? null,
      captchaRequired: input.captchaRequired,
      token: null,
      loggedUser: null,
      userAgreedTermsOfUse: false,
      platformMFAEnabled: input.platformMFAEnabled,
      userMFAEnabled: false,
      mfaAuthenticated: false,
      hasPanelAdminPermission: false,
      hasChangePasswordPermission: false,
      isAdministratorLogged: false,
    };
  }

  const passwordReset = createPasswordReset({
    db: deps.db,
    authRepo: repo,
    repo: createPasswordResetRepo(),
    hasher,
    sessions,
    securitySettings: deps.securitySettings,
    platform: deps.platform,
    outbox: deps.outbox,
    audit,
    policyIssues,
    throttleKey: (user) => throttleKey(user, user.login),
    now: deps.now,
    publicUrl: deps.publicUrl,
  });

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
      const accountKey = throttleKey(user, typed);
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
        await audit({
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

      const gate = await passGate(accountKey, {
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
          await audit({
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
      if (isPasswordExpired(user, security))
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
      await audit({
        action: 'auth.login.success',
        actorUserId: user.id,
        actorLogin,
        ip: ctx.ip,
        target: `session:${session.sessionId}`,
      });
      return successResult({
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
      await audit({
        action: 'auth.logout',
        actorUserId: session.userId,
        ip: ctx.ip,
        target: `session:${session.sessionId}`,
      });
    },

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
        await audit({
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
      await audit({
        action: mode === 'register' ? 'auth.mfa.enabled' : 'auth.login.success',
        actorUserId: user.id,
        ip: ctx.ip,
        target: `session:${session.sessionId}`,
        details: { step: 'mfa' },
      });
      return successResult({
        user: { ...user, mfaEnabled: true },
        token: await sessions.signToken(session),
        mfaAuthenticated: true,
        termsAccepted: session.termsAccepted,
      });
    },

    /** users/changePassword: ends the user's other sessions; this one stays. */
    async changePassword(
      session: RequestSession,
      body: ChangePasswordBody,
      ctx: RequestContext,
    ): Promise<void> {
      if (!session.hasChangePasswordPermission) throw new AppError('AUTH_PASSWORD_CHANGE_NOT_ALLOWED');
      const user = await repo.findUserById(session.userId);
      if (!user || !(await hasher.verify(user.passwordHash, body.oldPassword))) {
        await audit({
          action: 'auth.login.failure',
          actorUserId: session.userId,
          ip: ctx.ip,
          details: { reason: 'change-password-wrong-old-password' },
        });
        throw new AppError('AUTH_WRONG_PASSWORD');
      }
      const security = await deps.securitySettings.get();
      const issues = policyIssues(body.newPassword, user, security, ctx.language);
      if (issues) throw new AppError('VALIDATION_FAILED', issues);

      const passwordHash = await hasher.hash(body.newPassword);
      await deps.db.transaction(async (txHandle) => {
        const tx = txHandle as unknown as Db;
        await repo.setPassword(user.id, { passwordHash, changedAt: deps.now(), expiresAt: null }, tx);
        await sessions.revokeUserSessions(user.id, 'password-changed', {
          exceptSessionId: session.sessionId,
          tx,
        });
        await audit({ action: 'auth.password.changed', actorUserId: user.id, ip: ctx.ip }, tx);
      });
    },

    /**
     * users/changeExpiredPassword (public): only for a password that really expired. A wrong login or old
     * password is counted by the same throttle as the login, so this is no side door for guessing.
     */
    async changeExpiredPassword(body: ChangeExpiredPasswordBody, ctx: RequestContext): Promise<void> {
      const typed = body.login.trim();
      const user = await repo.findUserByLoginOrEmail(typed);
      const accountKey = throttleKey(user, typed);
      const refuse = async (reason: string) => {
        await audit({
          action: 'auth.login.failure',
          actorUserId: user?.id ?? null,
          actorLogin: typed.slice(0, 254),
          ip: ctx.ip,
          details: { reason: `change-expired-password-${reason}` },
        });
        return new AppError('AUTH_EXPIRED_PASSWORD_CHANGE_REFUSED');
      };

      const gate = await passGate(accountKey, {});
      if (gate.kind !== 'go') throw await refuse('throttled');
      const passwordOk = user
        ? await hasher.verify(user.passwordHash, body.oldPassword)
        : await hasher.dummyVerify(body.oldPassword);
      if (!user || !passwordOk) throw await refuse('wrong-credentials');
      await repo.clearThrottle(accountKey);

      const security = await deps.securitySettings.get();
      if (user.disabled || !user.activated || !isPasswordExpired(user, security))
        throw await refuse('not-expired');
      const issues = policyIssues(body.newPassword, user, security, ctx.language);
      if (issues) throw new AppError('VALIDATION_FAILED', issues);

      const passwordHash = await hasher.hash(body.newPassword);
      await deps.db.transaction(async (txHandle) => {
        const tx = txHandle as unknown as Db;
        await repo.setPassword(user.id, { passwordHash, changedAt: deps.now(), expiresAt: null }, tx);
        await sessions.revokeUserSessions(user.id, 'password-changed', { tx });
        await audit({ action: 'auth.password.expired-changed', actorUserId: user.id, ip: ctx.ip }, tx);
      });
    },

    /** users/resetPassword (public): e-mails a link to choose a new password (password-reset.ts). */
    resetPassword: (body: { UserName: string }, ctx: RequestContext) => passwordReset.request(body, ctx),

    /** users/checkPasswordResetToken (public): the login of a reset link that still works. */
    checkPasswordResetToken: (token: string, ctx: RequestContext) => passwordReset.check(token, ctx),

    /** users/setPasswordWithToken (public): the new password of a reset link; ends every session. */
    setPasswordWithToken: (body: SetPasswordWithTokenBody, ctx: RequestContext) =>
      passwordReset.setPassword(body, ctx),

    /** users/acceptTermsOfUse: only for oneself, and only a yes. */
    async acceptTerms(
      session: RequestSession,
      body: { accept: boolean; userId: number; browserInfo: string },
      ctx: RequestContext,
    ): Promise<void> {
      if (body.userId !== session.userId) throw new AppError('FORBIDDEN');
      if (!body.accept) throw new AppError('AUTH_TERMS_MUST_BE_ACCEPTED');
      await deps.db.transaction(async (txHandle) => {
        const tx = txHandle as unknown as Db;
        const version = await deps.terms.recordAcceptance(tx, {
          userId: session.userId,
          ip: ctx.ip,
          browserInfo: body.browserInfo,
        });
        await audit(
          { action: 'auth.terms.accepted', actorUserId: session.userId, ip: ctx.ip, details: { version } },
          tx,
        );
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

function isNonEmptyText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** 12 characters in three groups of four (about 67 bits), e.g. `k7Hq-m3Wd-x9Pa`. */
export function readablePassword(): string {
  const chars = Array.from({ length: 12 }, () => READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}
