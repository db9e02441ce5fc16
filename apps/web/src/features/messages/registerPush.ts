import { messageRoutes } from '@der/contracts';
import { apiCall } from '../../api/apiClient.ts';
import { clearStoredSession } from '../session/sessionStorage.ts';

export const SERVICE_WORKER_URL = '/sw.js';

export interface PushDeps {
  notification: Pick<typeof Notification, 'requestPermission'> | undefined;
  serviceWorker: ServiceWorkerContainer | undefined;
  hasPushManager: boolean;
  getVapidPublicKey: () => Promise<string>;
  createDevice: (device: {
    deviceName: string;
    pushEndpoint: string;
    pushP256DH: string;
    pushAuth: string;
  }) => Promise<unknown>;
  userAgent: string;
  log: (message: string, detail?: unknown) => void;
}

/** base64url (the Push API and the VAPID key format) of raw bytes. */
export function toBase64Url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** A short browser description for the device list ('Chrome on Windows'). */
export function describeBrowser(userAgent: string): string {
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Firefox', /Firefox\//],
      ['Chrome', /Chrome\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? 'Browser';
  const system =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? '';
  return system ? `${browser} on ${system}` : String(browser);
}

/**
 * Spec §4: a new service worker version was installed while this page ran under an older one: the stored
 * session is cleared and the page reloads, so the new version starts from the login.
 */
export function watchServiceWorkerUpdates(
  serviceWorker: ServiceWorkerContainer,
  onNewVersion: () => void = () => {
    clearStoredSession();
    window.location.reload();
  },
): void {
  // The first install (no controller yet) is not a new version.
  if (!serviceWorker.controller) return;
  let handled = false;
  serviceWorker.addEventListener('controllerchange', () => {
    if (handled) return;
    handled = true;
    onNewVersion();
  });
}

/**
 * Push registration of spec §2.10: asks for permission; when granted, registers /sw.js and subscribes once,
 * then sends the subscription to the server. Denied permission, no service worker or no push support are only
 * logged. Returns whether a device was registered.
 */
export async function registerPush(deps: PushDeps): Promise<boolean> {
  if (!deps.notification) {
    deps.log('Push: notifications are not supported');
    return false;
  }
  if (!deps.serviceWorker) {
    deps.log('Push: service workers are not supported');
    return false;
  }
  if (!deps.hasPushManager) {
    deps.log('Push: the Push API is not supported');
    return false;
  }
  const permission = await deps.notification.requestPermission();
  if (permission !== 'granted') {
    deps.log(`Push: permission ${permission}`);
    return false;
  }
  try {
    const registration = await deps.serviceWorker.register(SERVICE_WORKER_URL);
    watchServiceWorkerUpdates(deps.serviceWorker);
    let subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      const publicKey = await deps.getVapidPublicKey();
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: fromBase64Url(publicKey),
      });
    }
    // Sent on every page load with a subscription: another user may have signed in on this browser.
    await deps.createDevice({
      deviceName: describeBrowser(deps.userAgent),
      pushEndpoint: subscription.endpoint,
      pushP256DH: toBase64Url(subscription.getKey('p256dh')),
      pushAuth: toBase64Url(subscription.getKey('auth')),
    });
    return true;
  } catch (error) {
    deps.log('Push: registration failed', error);
    return false;
  }
}

let started = false;

/** Runs registerPush once per page load with the browser's APIs. */
export function registerPushOnce(): void {
  if (started) return;
  started = true;
  void registerPush({
    notification: typeof Notification === 'undefined' ? undefined : Notification,
    serviceWorker:
      typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
    getVapidPublicKey: async () => (await apiCall(messageRoutes.getVapidPublicKey)).publicKey,
    createDevice: (device) => apiCall(messageRoutes.createDevice, { body: device }),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    log: (message, detail) => console.info(message, detail ?? ''),
  });
}
