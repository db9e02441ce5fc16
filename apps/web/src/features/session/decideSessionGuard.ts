import { PUBLIC_WEB_ROUTES, SESSION_WEB_ROUTES } from '@der/contracts';
import { decodeJwtPayload } from './decodeJwtPayload.ts';
import type { StoredSession } from './sessionStorage.ts';

export type SessionGuardDecision =
  | { kind: 'allow' }
  /** `clearSession`: the session is over (none, or expired) and its stored data must go. */
  | { kind: 'redirect'; to: string; clearSession: boolean };

/** The MFA pages are session pages reached during login itself, before MFA is satisfied. */
const MFA_PATHS: readonly string[] = [SESSION_WEB_ROUTES.enableMfa, SESSION_WEB_ROUTES.validateMfa];

/**
 * The session guard of spec §4 for protected pages, as a pure decision: the caller clears storage and
 * navigates. `path` is the current path with its query string; it becomes the login page's `next`.
 */
export function decideSessionGuard(input: {
  session: StoredSession | null;
  nowSeconds: number;
  pathname: string;
  search?: string;
}): SessionGuardDecision {
  const { session, nowSeconds, pathname, search = '' } = input;
  const loginPage = session?.loginPage || PUBLIC_WEB_ROUTES.login;
  const to = `${loginPage}?next=${encodeURIComponent(pathname + search)}`;

  if (!session?.token) return { kind: 'redirect', to, clearSession: true };
  const exp = decodeJwtPayload(session.token)?.exp;
  // A token without a readable expiry cannot be trusted to still be alive.
  if (typeof exp !== 'number' || nowSeconds > exp) return { kind: 'redirect', to, clearSession: true };

  if (session.platformMFAEnabled && !MFA_PATHS.includes(pathname)) {
    if (!session.userMFAEnabled || !session.mfaAuthenticated)
      return { kind: 'redirect', to, clearSession: false };
  }
  return { kind: 'allow' };
}
