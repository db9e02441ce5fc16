import { useSyncExternalStore } from 'react';

/** Spec §2.10: presence exists locally only (never sent to the server); 'bussy' is the spec's spelling. */
export const PRESENCE_STATUSES = ['online', 'idle', 'bussy', 'offline'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];

let current: PresenceStatus = 'online';
const listeners = new Set<() => void>();

export function setPresenceStatus(status: PresenceStatus): void {
  current = status;
  for (const listener of listeners) listener();
}

/** Shared by every top bar of the page load (chooser and runtime), reset by a reload. */
export function usePresenceStatus(): [PresenceStatus, (status: PresenceStatus) => void] {
  const status = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
  return [status, setPresenceStatus];
}

export const PRESENCE_COLOURS: Record<PresenceStatus, 'success' | 'warning' | 'error' | 'disabled'> = {
  online: 'success',
  idle: 'warning',
  bussy: 'error',
  offline: 'disabled',
};
