/** What a route sees of the caller: `request.session` (set by the auth hooks of infra/auth). */
export interface RequestSession {
  sessionId: string;
  userId: number;
  login: string;
  name: string;
  email: string;
  avatar: string;
  loginPage: '/' | '/faixaDeDominio' | '/aet';
  /** Department staff, or an external account of a portal (permissionário, requerente). */
  kind: 'staff' | 'permissionario' | 'requerente';
  isAdministrator: boolean;
  hasPanelAdminPermission: boolean;
  hasChangePasswordPermission: boolean;
  mfaEnabled: boolean;
  /** The two-step code was given in this session (or platform MFA was off when it began). */
  mfaAuthenticated: boolean;
  /** The user accepted the current version of the terms of use. */
  termsAccepted: boolean;
  /** The absolute end of the session: no token outlives it. */
  expiresAt: Date;
  /** The bearer token of this request (MFA routes compare `logonresult` with it). */
  token: string;
}
