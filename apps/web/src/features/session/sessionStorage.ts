/** The stored session of spec §3 "Session", kept in localStorage under 'stored_data'. */
export interface StoredSession {
  token: string;
  platformMFAEnabled: boolean;
  userMFAEnabled: boolean;
  mfaAuthenticated: boolean;
  hasPanelAdminPermission: boolean;
  hasChangePasswordPermission: boolean;
  isAdministratorLogged: boolean;
  loggedUser: { id: number | string; name: string; avatar: string; email: string };
  /** The login page the user signed in from ('/', '/aet', '/faixaDeDominio'); logout and expiry return there. */
  loginPage: string;
}

export const SESSION_STORAGE_KEY = 'stored_data';

function asBoolean(value: unknown): boolean {
  return value === true;
}

function asString(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function defaultStorage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** The stored session, or null when there is none or it cannot be read. */
export function readStoredSession(storage: Storage | undefined = defaultStorage()): StoredSession | null {
  const raw = storage?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const value = data as Record<string, unknown>;
  const user = (value.loggedUser && typeof value.loggedUser === 'object' ? value.loggedUser : {}) as Record<
    string,
    unknown
  >;
  return {
    token: asString(value.token),
    platformMFAEnabled: asBoolean(value.platformMFAEnabled),
    userMFAEnabled: asBoolean(value.userMFAEnabled),
    mfaAuthenticated: asBoolean(value.mfaAuthenticated),
    hasPanelAdminPermission: asBoolean(value.hasPanelAdminPermission),
    hasChangePasswordPermission: asBoolean(value.hasChangePasswordPermission),
    isAdministratorLogged: asBoolean(value.isAdministratorLogged),
    loggedUser: {
      id: typeof user.id === 'number' ? user.id : asString(user.id),
      name: asString(user.name),
      avatar: asString(user.avatar),
      email: asString(user.email),
    },
    loginPage: asString(value.loginPage, '/') || '/',
  };
}

export function writeStoredSession(
  session: StoredSession,
  storage: Storage | undefined = defaultStorage(),
): void {
  storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

/** Replaces the token of the stored session (after a renewal); does nothing when no session is stored. */
export function updateStoredToken(token: string, storage: Storage | undefined = defaultStorage()): void {
  const session = readStoredSession(storage);
  if (session) writeStoredSession({ ...session, token }, storage);
}

export function clearStoredSession(storage: Storage | undefined = defaultStorage()): void {
  storage?.removeItem(SESSION_STORAGE_KEY);
}

export function findStoredToken(storage: Storage | undefined = defaultStorage()): string | null {
  return readStoredSession(storage)?.token || null;
}
