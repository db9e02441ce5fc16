import { type LoginPage, LoginPageSchema, type LoginResult, LoginResultSchema } from '@der/contracts';
import type { StoredSession } from '../session/sessionStorage.ts';

/** Spec §2.1 / §9: the default target after login. */
export const DEFAULT_NEXT = '/app';

/**
 * The login answers (authenticate, validateMFA, registerUserMFA) are base64 text holding the LoginResult JSON.
 * The JSON is UTF-8 (names and messages carry accents), so the bytes go through TextDecoder, not atob alone.
 */
export function decodeLoginResult(base64: string): LoginResult {
  const bytes = Uint8Array.from(atob(base64.trim()), (char) => char.charCodeAt(0));
  return LoginResultSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
}

/**
 * The `next` query parameter (spec §2.2): default /app, ignored when it is '/'. Only paths of this site are
 * followed, so that a crafted link cannot send a user elsewhere after login.
 */
export function resolveNext(raw: string | null | undefined): string {
  if (!raw || raw === '/') return DEFAULT_NEXT;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_NEXT;
  return raw;
}

export function toLoginPage(path: string): LoginPage {
  const parsed = LoginPageSchema.safeParse(path);
  return parsed.success ? parsed.data : '/';
}

/** The session of spec §3 from a successful login result. */
export function sessionFromLoginResult(
  result: LoginResult,
  loginPage: LoginPage,
  previous?: StoredSession | null,
): StoredSession {
  return {
    token: result.token ?? previous?.token ?? '',
    platformMFAEnabled: result.platformMFAEnabled,
    userMFAEnabled: result.userMFAEnabled,
    mfaAuthenticated: result.mfaAuthenticated,
    hasPanelAdminPermission: result.hasPanelAdminPermission,
    hasChangePasswordPermission: result.hasChangePasswordPermission,
    isAdministratorLogged: result.isAdministratorLogged,
    loggedUser: result.loggedUser ?? previous?.loggedUser ?? { id: 0, name: '', avatar: '', email: '' },
    loginPage,
  };
}

type MfaFlags = Pick<LoginResult, 'platformMFAEnabled' | 'userMFAEnabled' | 'mfaAuthenticated'>;

/**
 * Where a signed-in user goes after the terms step (spec §2.2): with platform MFA on, a user with MFA enabled
 * and not yet authenticated validates a code, a user without MFA sets it up; otherwise straight to next.
 */
export function routeAfterLogin(flags: MfaFlags, next: string): string {
  if (flags.platformMFAEnabled) {
    if (!flags.userMFAEnabled) return `/enableMFA?next=${encodeURIComponent(next)}`;
    if (!flags.mfaAuthenticated) return `/validateMFA?next=${encodeURIComponent(next)}`;
  }
  return next;
}

/** The terms dialog comes first when the platform requires terms that the user has not agreed to yet. */
export function needsTermsOfUse(requireTermsOfUse: boolean, result: LoginResult): boolean {
  return requireTermsOfUse && !result.userAgreedTermsOfUse;
}
