import type { FailReason, LoginResult } from '@der/contracts';
import type { SecuritySettingsService } from '../sessions/security-settings.service.ts';
import type { AuthUser } from './auth.repo.ts';

/** The user fields a successful LoginResult tells the web client. */
export type LoggedUser = Pick<
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

/** The LoginResult of a signed-in session (after the password, or after the two-step code). */
export async function successResult(
  securitySettings: Pick<SecuritySettingsService, 'get'>,
  input: { user: LoggedUser; token: string; mfaAuthenticated: boolean; termsAccepted: boolean },
): Promise<LoginResult> {
  const security = await securitySettings.get();
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

/** The LoginResult of a refused login: an answer, not an error (spec §3). */
export function failureResult(input: {
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
