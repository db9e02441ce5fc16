import { readStoredSession, type StoredSession } from '../session/sessionStorage.ts';

/** Spec §6: the administration permission derives from hasPanelAdminPermission or isAdministratorLogged. */
export function hasAdministrationPermission(session: StoredSession | null): boolean {
  return Boolean(session && (session.hasPanelAdminPermission || session.isAdministratorLogged));
}

/** The stored session's administration permission (the server enforces it on every call too). */
export function canAdministrate(storage?: Storage): boolean {
  return hasAdministrationPermission(readStoredSession(storage));
}
