import type { SetPasswordWithTokenBody } from '@der/contracts';
import { type AuthServiceDeps, createAuthShared, type RequestContext } from './auth-deps.ts';
import { createLogin } from './login.ts';
import { createMfa } from './mfa.ts';
import { createPasswordChange } from './password-change.ts';
import { createPasswordResetRepo } from './password-reset.repo.ts';
import { createPasswordReset } from './password-reset.ts';
import { createTermsAcceptance } from './terms-acceptance.ts';

export type { AuthServiceDeps, RequestContext } from './auth-deps.ts';
export { MAX_MFA_FAILURES_PER_SESSION } from './mfa.ts';
export { readablePassword } from './readable-password.ts';

/**
 * The users service of spec §7.2, composed of one part per responsibility: login (login.ts), two-step
 * authentication (mfa.ts), password change (password-change.ts), reset by e-mailed link
 * (password-reset.ts) and the terms of use (terms-acceptance.ts).
 */
export function createAuthService(deps: AuthServiceDeps) {
  const shared = createAuthShared(deps);
  const login = createLogin(deps, shared);
  const mfa = createMfa(deps, shared);
  const passwordChange = createPasswordChange(deps, shared);
  const passwordReset = createPasswordReset({
    db: deps.db,
    authRepo: deps.repo,
    repo: createPasswordResetRepo(),
    hasher: deps.hasher,
    sessions: deps.sessions,
    securitySettings: deps.securitySettings,
    platform: deps.platform,
    outbox: deps.outbox,
    audit: shared.audit,
    policyIssues: shared.policyIssues,
    throttleKey: (user) => shared.throttleKey(user, user.login),
    now: deps.now,
    publicUrl: deps.publicUrl,
  });

  return {
    ...login,
    ...mfa,
    ...passwordChange,

    /** users/resetPassword (public): e-mails a link to choose a new password (password-reset.ts). */
    resetPassword: (body: { UserName: string }, ctx: RequestContext) => passwordReset.request(body, ctx),

    /** users/checkPasswordResetToken (public): the login of a reset link that still works. */
    checkPasswordResetToken: (token: string, ctx: RequestContext) => passwordReset.check(token, ctx),

    /** users/setPasswordWithToken (public): the new password of a reset link; ends every session. */
    setPasswordWithToken: (body: SetPasswordWithTokenBody, ctx: RequestContext) =>
      passwordReset.setPassword(body, ctx),

    acceptTerms: createTermsAcceptance(deps, shared),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
